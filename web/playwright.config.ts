import { defineConfig } from '@playwright/test';

// Browser tests against the built server (bin/portal with the app embedded).
// Run them with `make web-e2e`, which starts a server on a fresh data dir and
// sets PORTAL_E2E_URL, PORTAL_BIN and PORTAL_DB_DIR (see e2e/run.sh). They
// drive Debian's Chromium: Playwright's own browser download is not used.
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e-results',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    baseURL: process.env.PORTAL_E2E_URL || 'http://127.0.0.1:8091',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
