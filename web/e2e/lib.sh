# Shared by web/e2e/run.sh and web/bench/run.sh (sourced, not executed):
# installing Chromium and fonts, and running the built server on a fresh data
# dir for the length of the script.

# as_root runs a command as root: directly when root, else through sudo.
as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo "$@"
	else
		echo "need root to run: $*" >&2
		return 1
	fi
}

# apt_locked reports whether another process holds one of apt's locks.
apt_locked() {
	local f
	command -v fuser >/dev/null 2>&1 || return 0 # cannot tell: assume busy
	for f in /var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock; do
		if [ -e "$f" ] && as_root fuser "$f" >/dev/null 2>&1; then
			return 0
		fi
	done
	return 1
}

# apt_get runs apt-get, waiting (up to 10 min) for the dpkg lock when another
# process holds it, and retrying while any other apt lock is held.
apt_get() {
	local try
	for try in 1 2 3 4 5 6; do
		if as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 "$@"; then
			return 0
		fi
		if [ "$try" -lt 6 ] && apt_locked; then
			echo "apt is busy (lock held); retrying in 20 s" >&2
			sleep 20
			continue
		fi
		return 1
	done
	return 1
}

# apt_install installs Debian packages, running `apt-get update` only when
# the install fails without it.
apt_install() {
	if ! apt_get install -y --no-install-recommends "$@"; then
		echo "apt-get install failed; updating the package lists and retrying" >&2
		apt_get update
		apt_get install -y --no-install-recommends "$@"
	fi
}

ensure_chromium() {
	if [ ! -x /usr/bin/chromium ]; then
		echo "installing Chromium (Debian package)"
		apt_install chromium
	fi
}

# ensure_fonts installs the Noto fonts (Khmer, CJK, ...) the site's languages
# need, so that layout and screenshots do not depend on fallback glyphs.
ensure_fonts() {
	# (grep without -q: an early exit would make fc-list die of SIGPIPE,
	# which pipefail turns into a failed check.)
	if ! command -v fc-list >/dev/null 2>&1 || ! fc-list | grep -i 'Noto Sans Khmer' >/dev/null; then
		echo "installing Noto fonts"
		apt_install fontconfig fonts-noto-core fonts-noto-cjk
	fi
}

# start_server BIN DATADIR PORT starts `BIN serve` in the background in dev
# mode on 127.0.0.1:PORT with its data in DATADIR (log in DATADIR/server.log),
# waits until GET /healthz answers 200 (30 s at most), and arranges for the
# server to be stopped and DATADIR removed when the calling script exits.
# DATADIR is kept, and its path printed, when the script fails.
start_server() {
	local bin="$1" dir="$2" port="$3" url code i
	url="http://127.0.0.1:$port"
	SERVER_DIR="$dir"
	SERVER_LOG="$dir/server.log"
	SERVER_PID=""
	trap stop_server EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM

	if curl -s -o /dev/null --max-time 2 "$url/healthz"; then
		echo "something is already listening on $url; stop it or pick another port" >&2
		return 1
	fi

	# The data dir is the only state: nothing in the caller's environment may
	# point the server at another database. The browser is a trusted proxy,
	# so a test can come "from" another address with X-Forwarded-For (the
	# log-in from a new address). Real-time salaries settle every 20 seconds
	# instead of 5 minutes, so agent.spec.ts sees a period end.
	env -u PORTAL_DB PORTAL_DATA="$dir" PORTAL_DEV=1 PORTAL_AGENT_REALTIME_PERIOD=20s PORTAL_ADDR="127.0.0.1:$port" PORTAL_TRUSTED_PROXIES=127.0.0.1/32 \
		"$bin" serve >"$SERVER_LOG" 2>&1 &
	SERVER_PID=$!

	for i in $(seq 1 60); do
		if ! kill -0 "$SERVER_PID" 2>/dev/null; then
			echo "the server exited before becoming healthy" >&2
			server_log_tail
			return 1
		fi
		code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$url/healthz" || true)"
		if [ "$code" = 200 ]; then
			echo "server up at $url (data in $dir, pid $SERVER_PID)"
			return 0
		fi
		sleep 0.5
	done
	echo "the server did not answer GET /healthz with 200 within 30 s" >&2
	server_log_tail
	return 1
}

server_log_tail() {
	if [ -n "${SERVER_LOG:-}" ] && [ -f "$SERVER_LOG" ]; then
		echo "---- last 80 lines of $SERVER_LOG ----" >&2
		tail -n 80 "$SERVER_LOG" >&2
		echo "----" >&2
	fi
}

# stop_server is the EXIT trap: it stops the server started by start_server
# and removes its data dir unless the script is failing.
stop_server() {
	local status=$? i
	if [ -n "${SERVER_PID:-}" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
		kill "$SERVER_PID" 2>/dev/null || true
		for i in $(seq 1 50); do
			kill -0 "$SERVER_PID" 2>/dev/null || break
			sleep 0.1
		done
		kill -9 "$SERVER_PID" 2>/dev/null || true
		wait "$SERVER_PID" 2>/dev/null || true
	fi
	if [ -n "${SERVER_DIR:-}" ] && [ -d "$SERVER_DIR" ]; then
		if [ "$status" -eq 0 ]; then
			rm -rf "$SERVER_DIR"
		else
			echo "server data and log kept in $SERVER_DIR" >&2
		fi
	fi
	return "$status"
}
