#!/usr/bin/env bash
# Web benchmarks (make bench-web): the gzipped size of the home route's
# initial JavaScript in web/dist, then Lighthouse (mobile, performance) against
# the built server (bin/portal with the app embedded) on a fresh data dir.
#
#   PORTAL_BENCH_PORT  port to listen on (default 8092)
#   BENCH_RUNS         Lighthouse runs, median reported (default 1)
#   BENCH_STRICT=1     fail when the initial JavaScript is over budget
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
web="$root/web"
bench="$web/bench"
bin="$root/bin/portal"
port="${PORTAL_BENCH_PORT:-8092}"

# shellcheck source=../e2e/lib.sh
source "$web/e2e/lib.sh"

if [ ! -f "$web/dist/index.html" ] || [ ! -x "$bin" ]; then
	echo "run.sh: web/dist or $bin is missing; run \`make build\` first (or \`make bench-web\`)" >&2
	exit 1
fi

echo "== Initial JavaScript (gzip -9)"
node "$bench/size.mjs" "$web/dist"
echo

ensure_chromium
ensure_fonts
if [ ! -d "$bench/node_modules/lighthouse" ] || [ ! -d "$bench/node_modules/chrome-launcher" ]; then
	if [ -f "$bench/package-lock.json" ]; then
		(cd "$bench" && npm ci --no-audit --no-fund)
	else
		(cd "$bench" && npm install --no-audit --no-fund)
	fi
fi

tmp="$(mktemp -d)"
start_server "$bin" "$tmp" "$port"

echo
echo "== Lighthouse (mobile, performance)"
status=0
node "$bench/lighthouse.mjs" "http://127.0.0.1:$port/" || status=$?
if [ "$status" -ne 0 ]; then
	server_log_tail
fi
exit "$status"
