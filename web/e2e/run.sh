#!/usr/bin/env bash
# Browser tests (make web-e2e): starts the built server (bin/portal, with the
# web app embedded by `make build`) on a fresh data dir and runs Playwright
# against it with Debian's Chromium.
#
#   PORTAL_E2E_PORT  port to listen on (default 8091)
#   extra arguments  are passed to `playwright test` (e.g. a spec file, -g name)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
web="$root/web"
bin="$root/bin/portal"
port="${PORTAL_E2E_PORT:-8091}"

# shellcheck source=lib.sh
source "$web/e2e/lib.sh"

ensure_chromium
ensure_fonts

if [ ! -x "$bin" ]; then
	echo "run.sh: $bin is missing; run \`make build\` first (or \`make web-e2e\`)" >&2
	exit 1
fi
if [ ! -x "$web/node_modules/.bin/playwright" ]; then
	(cd "$web" && npm ci --no-audit --no-fund)
fi

tmp="$(mktemp -d)"
start_server "$bin" "$tmp" "$port"

export PORTAL_E2E_URL="http://127.0.0.1:$port"
export PORTAL_BIN="$bin"
export PORTAL_DB_DIR="$tmp"
unset PORTAL_DB # operator commands must use PORTAL_DB_DIR too

cd "$web"
status=0
npx --no-install playwright test "$@" || status=$?
if [ "$status" -ne 0 ]; then
	server_log_tail
fi
exit "$status"
