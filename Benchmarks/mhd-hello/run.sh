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
source "$ROOT/Benchmarks/lib.sh"  # (RUNS, DURATION, WARMUP; start_server, stop_servers)
WRK_ARGS=(-t2 -c64 -d"$DURATION" --latency)
OUT="$HERE/.build-bench/results"
TARGET="${BENCHMARKS_FILE:-$ROOT/BENCHMARKS.md}"
mkdir -p "$OUT"

for tool in wrk curl gcc pkg-config python3; do
    command -v "$tool" >/dev/null || { echo "run.sh: $tool is required" >&2; exit 1; }
done

echo "== building"
gcc -O2 -Wall -Wextra -o "$OUT/hello-c" "$HERE/hello.c" $(pkg-config --cflags --libs libmicrohttpd) -lpthread
swift build -c release --package-path "$HERE" --scratch-path "$HERE/.build-bench" --product SignalboxHello >/dev/null
SWIFT_BIN="$HERE/.build-bench/release/SignalboxHello"

# serve <binary> <log>: starts it on a free port (it prints "PORT n"), sets SERVER_PID and PORT.
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

measure() { # <name> <round>
    wrk -t2 -c64 -d"$WARMUP" "http://127.0.0.1:$PORT/" >/dev/null
    local file="$OUT/$1-$2.txt"
    local before after
    before=$(awk '{print $14 + $15}' "/proc/$SERVER_PID/stat" 2>/dev/null || echo 0)
    wrk "${WRK_ARGS[@]}" "http://127.0.0.1:$PORT/" >"$file"
    after=$(awk '{print $14 + $15}' "/proc/$SERVER_PID/stat" 2>/dev/null || echo 0)
    # Server CPU time (user + system, clock ticks) spent during the measured run.
    echo "server-cpu-ticks $((after - before)) $(getconf CLK_TCK)" >>"$file"
    if grep -qE "Socket errors|Non-2xx" "$file"; then
        echo "run.sh: wrk reported errors against $1:" >&2
        cat "$file" >&2
        exit 1
    fi
    echo "   $1 round $2: $(awk '/Requests\/sec/{print $2}' "$file") req/s"
}

echo "== keep-alive"
serve "$OUT/hello-c" "$OUT/c.log"; check_keep_alive c; stop_servers
serve "$SWIFT_BIN" "$OUT/signalbox.log"; check_keep_alive signalbox; stop_servers

echo "== wrk ${WRK_ARGS[*]} (after a $WARMUP warm-up), $RUNS rounds"
for round in $(seq 1 "$RUNS"); do
    serve "$OUT/hello-c" "$OUT/c.log"; measure c "$round"; stop_servers
    serve "$SWIFT_BIN" "$OUT/signalbox.log"; measure signalbox "$round"; stop_servers
done

FLAGS=$(awk '/^flags/{print $2}' "$OUT/c.log" | tr -d ,)
POOL=$(awk '/^flags/{print $5}' "$OUT/c.log")
SWIFT_VERSION=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p')
MHD_VERSION=$(pkg-config --modversion libmicrohttpd)

python3 - "$OUT" "$RUNS" "$TARGET" "$(date -u +%Y-%m-%d)" "$(nproc)" "$(uname -m)" \
    "$SWIFT_VERSION" "$MHD_VERSION" "$FLAGS" "$POOL" "$DURATION" "$(wrk --version 2>&1 | head -1 | awk '{print $2}')" <<'PY'
import os, re, statistics, sys

out, runs, path, date, cores, arch, swift, mhd, flags, pool, duration, wrk = sys.argv[1:]
runs = int(runs)

def seconds(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1.0}[unit]

def parse(name, round_):
    text = open(os.path.join(out, f"{name}-{round_}.txt")).read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p50 = seconds(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1))
    p99 = seconds(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1))
    total = int(re.search(r"(\d+) requests in", text).group(1))
    ticks, hz = map(int, re.search(r"server-cpu-ticks (-?\d+) (\d+)", text).groups())
    cpu_us = ticks / hz * 1e6 / total if ticks > 0 else float("nan")
    return rps, p50, p99, cpu_us

results = {name: [parse(name, r) for r in range(1, runs + 1)] for name in ("c", "signalbox")}
median = {name: tuple(statistics.median(x[i] for x in rows) for i in range(4)) for name, rows in results.items()}
ratio = median["signalbox"][0] / median["c"][0]

def ms(value):
    return f"{value * 1000:.2f} ms"

label = {"c": "plain C libmicrohttpd", "signalbox": "Signalbox `HTTPServer` + `Responder`"}
rows = []
for name in ("c", "signalbox"):
    rps, p50, p99, cpu = median[name]
    raw = ", ".join(f"{x[0]:,.0f}" for x in results[name])
    rows.append(f"| {label[name]} | **{rps:,.0f}** | {ms(p50)} | {ms(p99)} | {cpu:.1f} µs | {raw} |")
raw_latency = []
for name in ("c", "signalbox"):
    parts = "; ".join(f"{ms(x[1])} / {ms(x[2])}" for x in results[name])
    raw_latency.append(f"| {label[name]} | {parts} |")

verdict = "meets" if ratio >= 0.9 else "misses"
section = f"""<!-- mhd:begin -->
## HTTP server: Signalbox hello vs plain C libmicrohttpd

Measured {date} on {cores} cores ({arch}), libmicrohttpd {mhd}, Swift {swift} (release), wrk {wrk}.
Command: `Benchmarks/mhd-hello/run.sh` ({runs} rounds, alternating C and Signalbox; each round
`wrk -t2 -c64 -d{duration} --latency http://127.0.0.1:PORT/` after a short warm-up; server and wrk
share the same {cores} cores). Both servers: daemon flags {flags} (epoll internal thread + ITC + error
log + suspend/resume), a thread pool of {pool} workers, connection limit 1000, no per-IP limit, 30 s
timeout, 64 KiB connection memory; the response is `200`, `Hello, world!\\n`, `Content-Type` and one
`Set-Cookie`, built per request and queued on the final handler call. The Signalbox server goes
through `HTTPServer` (URI capture, `HTTPRequest`/`HTTPFields`, the async `Responder` started with
`Task.immediate`) — sources in `Benchmarks/mhd-hello/` (`hello.c`, `Sources/SignalboxHello`).
Keep-alive checked: curl re-used its connection for two URLs on both servers; wrk saw no socket
errors and no non-2xx responses.

| Server | median req/s | p50 | p99 | server CPU per request | req/s per round |
|---|---:|---:|---:|---:|---|
{rows[0]}
{rows[1]}

**Ratio Signalbox / C (median req/s): {ratio:.2f}** — {verdict} the goal of ≥ 0.90.

"Server CPU per request" is the server process's user + system CPU time during the measured run
divided by the requests served (median of the rounds): less sensitive to the shared machine than
req/s. The difference between the two servers is the cost of the Signalbox layer per request;
most of each request's time is the kernel's (loopback TCP) and wrk's.

Latency p50 / p99 per round:

| Server | rounds |
|---|---|
{raw_latency[0]}
{raw_latency[1]}
<!-- mhd:end -->"""

text = open(path).read() if os.path.exists(path) else "# Benchmarks\n\nAll figures are from one machine in one run; compare ratios, not absolute numbers.\n"
if "<!-- mhd:begin -->" in text:
    text = re.sub(r"<!-- mhd:begin -->.*?<!-- mhd:end -->", lambda m: section, text, flags=re.S)
else:
    text = text.rstrip() + "\n\n" + section + "\n"
open(path, "w").write(text)
print(f"== medians: C {median['c'][0]:,.0f} req/s, Signalbox {median['signalbox'][0]:,.0f} req/s, ratio {ratio:.2f}")
PY
echo "Updated BENCHMARKS.md (HTTP server section)"
