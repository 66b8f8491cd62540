# The scripts' one shell library (Tests/EndToEnd, Benchmarks, Stress; in Python: signalbox_http.py):
# servers on port 0 read from their "Listening on" line, waits with a deadline, clean-up at exit
# and PASS/FAIL checks. Source it, never run it:
#
#   REPO=$(cd "$(dirname "$0")/../.." && pwd); . "$REPO/Tests/EndToEnd/lib.sh"
#
# It sets the EXIT trap (scripts set none of their own): every server start_server started and
# is still running gets SIGTERM and is waited for, then what at_exit registered runs, last first.
. "$(dirname "${BASH_SOURCE[0]}")/listening.sh"

SERVER_PIDS=()
AT_EXIT=()
PASSED=0 FAILED=0 SKIPPED=0

# at_exit COMMAND: a command line (eval'd) to run at exit; temp_dir VAR [TEMPLATE]: a new
# temporary folder (mktemp -d TEMPLATE) in VAR, removed at exit.
at_exit() { AT_EXIT+=("$1"); }
temp_dir() {
    local dir
    dir=$(mktemp -d ${2:+"$2"})
    printf -v "$1" '%s' "$dir"
    at_exit "rm -rf $(printf %q "$dir")"
}
lib_exit() {
    local i
    set +e
    stop_servers
    for ((i = ${#AT_EXIT[@]} - 1; i >= 0; i--)); do eval "${AT_EXIT[$i]}"; done
}
trap lib_exit EXIT

# start_server NAME LOG COMMAND...: starts COMMAND (--port 0) in the background in the current
# folder, its stdout in LOG with its stderr (appended to SERVER_STDERR instead when that is set),
# and waits up to 30 s for it to print where it listens. Sets SERVER_PID and SERVER_URL (what it
# printed, its mount path included) and PID_NAME, URL_NAME (http://HOST:PORT) and PORT_NAME.
# Fails (status 1, the server's output on stderr) when the server ends first or stays silent.
start_server() {
    local name=$1 log=$2 url="" deadline=$((SECONDS + 30))
    shift 2
    : >"$log" # (now: the background job may truncate it only after the first look below)
    if [ -n "${SERVER_STDERR:-}" ]; then "$@" >"$log" 2>>"$SERVER_STDERR" & else "$@" >"$log" 2>&1 & fi
    SERVER_PID=$!
    SERVER_PIDS+=("$SERVER_PID")
    until url=$(server_url "$log") && [ -n "$url" ]; do
        if ! kill -0 "$SERVER_PID" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
            echo "FAIL $name ($1) did not print 'Listening on http://…' within 30 s; its output:" >&2
            cat "$log" ${SERVER_STDERR:+"$SERVER_STDERR"} >&2
            return 1
        fi
        sleep 0.05
    done
    SERVER_URL=$url
    url=${url#http://}
    url=${url%%/*}
    printf -v "PID_$name" '%s' "$SERVER_PID"
    printf -v "URL_$name" '%s' "http://$url"
    printf -v "PORT_$name" '%s' "${url##*:}"
}

# stop_server PID [SIGNAL]: sends SIGNAL (default TERM) to a server start_server started, waits
# for its end and sets SERVER_STATUS to its exit status. stop_servers: SIGTERM to all, then waits.
stop_server() {
    local pid kept=()
    kill -s "${2:-TERM}" "$1" 2>/dev/null || true
    SERVER_STATUS=0
    wait "$1" 2>/dev/null || SERVER_STATUS=$?
    for pid in "${SERVER_PIDS[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done
    SERVER_PIDS=(${kept[@]+"${kept[@]}"})
}
stop_servers() {
    local pid
    for pid in "${SERVER_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${SERVER_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    SERVER_PIDS=()
}
running() { kill -0 "$1" 2>/dev/null; }

# wait_until SECONDS WHAT COMMAND...: runs COMMAND every 0.1 s until it succeeds; once SECONDS
# have passed, says on stderr that it timed out waiting for WHAT and returns 1.
wait_until() {
    local seconds=$1 what=$2 deadline=$((SECONDS + $1))
    shift 2
    until "$@"; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            echo "$(basename "$0"): timed out after $seconds s waiting for $what" >&2
            return 1
        fi
        sleep 0.1
    done
}

# pass NAME, fail NAME WHY, skip NAME WHY: a check's outcome, printed (and appended to CHECK_LOG
# when set) and counted; check NAME WHY COMMAND...: pass when COMMAND succeeds, else fail.
# checks_done SUMMARY [TAIL]: prints "SUMMARY: n passed, n failed[, n skipped]TAIL"; fails when
# a check failed.
say() { if [ -n "${CHECK_LOG:-}" ]; then printf '%s\n' "$1" | tee -a "$CHECK_LOG"; else printf '%s\n' "$1"; fi; }
pass() { PASSED=$((PASSED + 1)); say "PASS $1"; }
fail() { FAILED=$((FAILED + 1)); say "FAIL $1 — $2"; }
skip() { SKIPPED=$((SKIPPED + 1)); say "SKIP $1 — $2"; }
check() {
    local name=$1 why=$2
    shift 2
    if "$@"; then pass "$name"; else fail "$name" "$why"; fi
}
checks_done() {
    local skips=""
    [ "$SKIPPED" -gt 0 ] && skips=", $SKIPPED skipped"
    echo "$1: $PASSED passed, $FAILED failed$skips${2:-}"
    [ "$FAILED" -eq 0 ]
}
