// Lighthouse against the running server: mobile (Lighthouse's default
// config: emulated phone, simulated slow 4G and 4x CPU slowdown),
// performance category only, with Debian's Chromium.
//
//   node bench/lighthouse.mjs [url]     (default http://127.0.0.1:8092/)
//
// BENCH_RUNS=n runs it n times and reports the median run (by score). The
// last reported run's full report is written to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const url = process.argv[2] ?? 'http://127.0.0.1:8092/';
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1) || 1);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run'.split(
    ' ',
  );
const here = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(here, 'results');

async function once() {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: ['html', 'json'],
      logLevel: 'error',
    });
    if (!result) throw new Error('lighthouse returned no result');
    if (result.lhr.runtimeError) {
      throw new Error(`lighthouse: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    }
    return result;
  } finally {
    await chrome.kill();
  }
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await once());
results.sort((a, b) => (a.lhr.categories.performance.score ?? 0) - (b.lhr.categories.performance.score ?? 0));
const { lhr, report } = results[Math.floor(results.length / 2)];

mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'lighthouse.html'), report[0]);
writeFileSync(join(resultsDir, 'lighthouse.json'), report[1]);

const audit = (id) => lhr.audits[id] ?? {};
const ms = (id) => {
  const v = audit(id).numericValue;
  return v == null ? 'n/a' : `${(v / 1000).toFixed(2)} s`;
};
const score = lhr.categories.performance.score;
const scripts = (audit('network-requests').details?.items ?? []).filter((r) => r.resourceType === 'Script');
const scriptBytes = scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0);

console.log(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling, ${lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? ''}`);
console.log(`URL:               ${lhr.finalDisplayedUrl ?? url}${runs > 1 ? `  (median of ${runs} runs)` : ''}`);
console.log(`Performance score: ${score == null ? 'n/a' : Math.round(score * 100)}`);
console.log(`LCP:               ${ms('largest-contentful-paint')}`);
console.log(`FCP:               ${ms('first-contentful-paint')}`);
console.log(`TBT:               ${audit('total-blocking-time').numericValue == null ? 'n/a' : `${Math.round(audit('total-blocking-time').numericValue)} ms`}`);
console.log(`CLS:               ${audit('cumulative-layout-shift').numericValue == null ? 'n/a' : audit('cumulative-layout-shift').numericValue.toFixed(3)}`);
console.log(`Speed Index:       ${ms('speed-index')}`);
console.log(`JS transferred:    ${(scriptBytes / 1024).toFixed(1)} KB in ${scripts.length} script${scripts.length === 1 ? '' : 's'} (as served, all scripts fetched during the load)`);
if (lhr.runWarnings?.length) console.log(`Warnings:\n  ${lhr.runWarnings.join('\n  ')}`);
console.log(`Full report:       ${join(resultsDir, 'lighthouse.html')}`);
