#!/usr/bin/env bash
# HTTP server benchmark: the Signalbox hello route (HTTPServer + an async Responder) against a plain
# C libmicrohttpd hello server with the same daemon flags, thread pool, limits and response.
#
#   Benchmarks/mhd-hello/run.sh                  # 3 alternating rounds of wrk -t2 -c64 -d15s each
#   RUNS=5 DURATION=10s Benchmarks/mhd-hello/run.sh
#
# Builds both servers in release, checks keep-alive (curl must re-use its connection; wrk must see
# no errors), runs wrk against each server in turn (C, Signalbox, C, Signalbox, …), takes medians
# and writes the "HTTP server" section of BENCHMARKS.md. Not a timed test: the machine is shared
# and loopback numbers move ±30 % from run to run; compare the ratio.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
source "$ROOT/Benchmarks/lib.sh"  # (RUNS, DURATION, WARMUP; start_server, stop_servers, run_wrk)
OUT="$HERE/.build-bench/results"
rm -rf "$OUT" && mkdir -p "$OUT"

for tool in wrk curl gcc pkg-config python3; do
    command -v "$tool" >/dev/null || { echo "run.sh: $tool is required" >&2; exit 1; }
done

echo "== building"
gcc -O2 -Wall -Wextra -o "$OUT/hello-c" "$HERE/hello.c" $(pkg-config --cflags --libs libmicrohttpd) -lpthread
swift build -c release --package-path "$HERE" --scratch-path "$HERE/.build-bench" --product SignalboxHello >/dev/null
SWIFT_BIN="$HERE/.build-bench/release/SignalboxHello"

# serve BINARY LOG: starts it on a free port (it prints "PORT n"); sets PORT and SERVER_PID.
serve() {
    start_server hello "$2" "$1" 0
    PORT=$PORT_hello
}

check_keep_alive() { # <name>
    local verbose
    verbose=$(curl -sv "http://127.0.0.1:$PORT/" "http://127.0.0.1:$PORT/second" 2>&1 >/dev/null)
    if ! grep -q "Re-using existing connection" <<<"$verbose"; then
        echo "run.sh: $1 did not keep the connection alive:" >&2
        echo "$verbose" >&2
        exit 1
    fi
    echo "   $1: curl re-used the connection"
}

# measure NAME ROUND: run_wrk (warm-up, then the measured run with the server's CPU) into
# $OUT/NAME-ROUND.txt; stops the script when wrk saw errors.
measure() {
    local file="$OUT/$1-$2.txt"
    WRK_CPU_PID=$SERVER_PID run_wrk "$file" "http://127.0.0.1:$PORT/"
    if grep -qE "Socket errors|Non-2xx" "$file"; then
        echo "run.sh: wrk reported errors against $1:" >&2
        cat "$file" >&2
        exit 1
    fi
}

echo "== keep-alive"
serve "$OUT/hello-c" "$OUT/c.log"; check_keep_alive c; stop_servers
serve "$SWIFT_BIN" "$OUT/signalbox.log"; check_keep_alive signalbox; stop_servers

echo "== wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION --latency (after a $WARMUP warm-up), $RUNS rounds"
for round in $(seq 1 "$RUNS"); do
    serve "$OUT/hello-c" "$OUT/c.log"; measure c "$round"; stop_servers
    serve "$SWIFT_BIN" "$OUT/signalbox.log"; measure signalbox "$round"; stop_servers
done

# The section: report.py mhd OUT "MEASURED" FLAGS POOL (the daemon flags and thread pool hello.c logs).
MEASURED="$(date -u +%Y-%m-%d) on $(nproc) cores ($(uname -m)), \
libmicrohttpd $(pkg-config --modversion libmicrohttpd), Swift $(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p') (release), \
wrk $(wrk --version 2>&1 | head -1 | awk '{print $2}')" || true # (wrk --version exits 1)
python3 "$ROOT/Benchmarks/report.py" mhd "$OUT" "$MEASURED" "$(awk '/^flags/{print $2}' "$OUT/c.log" | tr -d ,)" \
    "$(awk '/^flags/{print $5}' "$OUT/c.log")" >"$OUT/section.md"
write_section mhd "$OUT/section.md"
