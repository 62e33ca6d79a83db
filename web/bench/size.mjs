// The home route's initial JavaScript, gzipped: every <script type="module"
// src> and <link rel="modulepreload" href> in dist/index.html, each gzipped
// at level 9, against a 200 KB budget (1 KB = 1024 bytes).
//
//   node bench/size.mjs [dist dir]      (default: web/dist)
//
// Chunks the app loads later (lazy routes, dynamic imports) are not counted;
// the Lighthouse run reports what the browser actually fetched.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const BUDGET_KB = 200;
const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));

let html;
try {
  html = readFileSync(join(dist, 'index.html'), 'utf8');
} catch (err) {
  console.error(`size: cannot read ${join(dist, 'index.html')} (run \`make build\` or \`npm run build\` first): ${err.message}`);
  process.exit(1);
}

// attrs parses the attributes of one start tag: name -> value ('' if bare).
function attrs(tag) {
  const out = {};
  const re = /([^\s"'<>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const body = tag.replace(/^<\w+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(re)) out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

const urls = [];
for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
  const a = attrs(tag);
  if (/^<script/i.test(tag) && a.type === 'module' && a.src) urls.push(a.src);
  if (/^<link/i.test(tag) && a.rel?.split(/\s+/).includes('modulepreload') && a.href) urls.push(a.href);
}

// file maps a URL from index.html to a file under dist (Vite writes
// root-relative URLs such as /assets/index-abc.js, or ./assets/... with a
// relative base).
function file(url) {
  if (/^(https?:)?\/\//i.test(url)) return null;
  const path = url.split(/[?#]/)[0].replace(/^\.?\//, '');
  return join(dist, decodeURIComponent(path));
}

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
const seen = new Set();
let total = 0;
let raw = 0;
console.log(`Initial JavaScript of / (${join(dist, 'index.html')}), gzip -9, 1 KB = 1024 bytes`);
console.log(`${'gzip KB'.padStart(7)} ${'raw KB'.padStart(7)}  file`);
for (const url of urls) {
  const f = file(url);
  if (seen.has(f ?? url)) continue;
  seen.add(f ?? url);
  if (!f) {
    console.log(`${'?'.padStart(7)} ${'?'.padStart(7)}  ${url} (external, not counted)`);
    continue;
  }
  const buf = readFileSync(f);
  const gz = gzipSync(buf, { level: constants.Z_BEST_COMPRESSION }).length;
  total += gz;
  raw += buf.length;
  console.log(`${kb(gz)} ${kb(buf.length)}  ${url}`);
}
if (seen.size === 0) {
  console.error('size: no <script type="module" src> or <link rel="modulepreload" href> in index.html');
  process.exit(1);
}
console.log(`${kb(total)} ${kb(raw)}  total (${seen.size} file${seen.size === 1 ? '' : 's'})`);
const within = total <= BUDGET_KB * 1024;
console.log(`${within ? 'within' : 'OVER'} the ${BUDGET_KB} KB budget (${(total / 1024).toFixed(1)} KB gzipped)`);
if (!within && process.env.BENCH_STRICT === '1') process.exit(2);
