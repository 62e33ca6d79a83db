// Helpers shared by the browser tests. The server under test is started by
// e2e/run.sh, which exports PORTAL_BIN (the portal binary) and PORTAL_DB_DIR
// (the server's data dir) so that tests can change merchant settings the way
// an operator does; the running server notices within 5 s.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));

/** Where shot() writes: web/e2e-results/screens (gitignored). */
export const screensDir = join(here, '..', 'e2e-results', 'screens');

/** The merchant every API call is made for (header `Merchant: demo`). */
export const MERCHANT = 'demo';

/**
 * Runs the portal binary as an operator against the server's data dir and
 * returns its standard output, e.g.
 *   operator(['merchant', 'set', 'demo', 'maintenance', 'on'])
 *   operator(['merchant', 'set', 'demo', 'blocked-ips', '127.0.0.1/32'])
 *   operator(['merchant', 'set', 'demo', 'blocked-ips', ''])
 * Throws (with the command's stderr) when it exits non-zero.
 */
export function operator(args: string[]): string {
  const bin = process.env.PORTAL_BIN;
  const data = process.env.PORTAL_DB_DIR;
  if (!bin || !data) {
    throw new Error('operator: PORTAL_BIN and PORTAL_DB_DIR must be set (run the tests with `make web-e2e`)');
  }
  return execFileSync(bin, args, {
    env: { ...process.env, PORTAL_DATA: data },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 30_000,
  });
}

/** Saves a full-page PNG screenshot to web/e2e-results/screens/<name>.png. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(screensDir, { recursive: true });
  const path = join(screensDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
