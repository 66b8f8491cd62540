#!/usr/bin/env bash
# Part 1 of issue 6: HTTP under load, every server in one run, alternating servers per round.
#   Benchmarks/load/load.sh            (after Benchmarks/run.sh has built the binaries)
#   RUNS=3 DURATION=15s WARMUP=2s      (defaults)
# Writes the "load" section of BENCHMARKS.md; raw wrk outputs stay in Benchmarks/.build/results/load.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/load"
source "$ROOT/Benchmarks/lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
trap stop_servers EXIT
LUA="$ROOT/Benchmarks/load/sessions.lua"
LIST=/authenticated/todos
TODO=/authenticated/todos/todo/1

echo "== load: starting servers"
start_server hello_c "$OUT/hello-c.log" "$BIN_HELLO_C" 0
start_server hello_swift "$OUT/hello-swift.log" "$BIN_HELLO_SWIFT" 0
start_server demo "$OUT/demo.log" "$BIN_DEMO" --port 0 --in-memory --templates "$ROOT/Templates" --public "$ROOT/Public" --log-level warning
# The peer reads one folder through swift-mustache: the library's own templates (signalbox-layout,
# partials/…, which MustacheRenderer holds underneath the app's) with the demo's Templates over them.
"$BIN_RENDER" --export-templates "$OUT/peer-templates"
cp -R "$ROOT/Templates/." "$OUT/peer-templates/"
start_server hummingbird "$OUT/hummingbird.log" "$BIN_HUMMINGBIRD" --port 0 --templates "$OUT/peer-templates"
# The demo serves the compiled engine; the same app forced to swift-mustache runs as "interpreted".
mkdir -p "$OUT/interpreted"
start_server interpreted "$OUT/interpreted.log" "$BIN_RENDER" --serve 0 --interpreted --templates "$ROOT/Templates"

echo "== load: sessions and data through HTTP"
python3 "$ROOT/Benchmarks/load/client.py" demo "http://127.0.0.1:$PORT_demo" "$OUT" --todos 20 --sessions 64
python3 "$ROOT/Benchmarks/load/client.py" hummingbird "http://127.0.0.1:$PORT_hummingbird" "$OUT" --sessions 64
python3 "$ROOT/Benchmarks/load/client.py" demo "http://127.0.0.1:$PORT_interpreted" "$OUT/interpreted" --todos 20 --sessions 64
# (a') the same C server answering the demo's list page (as the demo served it) from memory.
start_server page_c "$OUT/page-c.log" "$BIN_HELLO_C" 0 "$OUT/demo-page.html"
if cmp -s "$OUT/demo-page.html" "$OUT/hb-page.html"; then echo same >"$OUT/body-e"; else echo different >"$OUT/body-e"; fi
if cmp -s "$OUT/demo-page.html" "$OUT/interpreted/demo-page.html"; then echo same >"$OUT/body-x"; else echo different >"$OUT/body-x"; fi
echo "   bodies: demo vs Hummingbird $(cat "$OUT/body-e"), demo vs swift-mustache engine $(cat "$OUT/body-x")"

# case NAME PORT [wrk script args]
run_case() {
    local name=$1 port=$2 round=$3
    shift 3
    if [ $# -gt 0 ]; then
        run_wrk "$OUT/$name-$round.txt" "http://127.0.0.1:$port" "$LUA" "$@"
    else
        run_wrk "$OUT/$name-$round.txt" "http://127.0.0.1:$port/"
    fi
}

echo "== load: wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION, $RUNS rounds"
for round in $(seq 1 "$RUNS"); do
    echo "-- round $round"
    run_case a "$PORT_hello_c" "$round"
    run_case a2 "$PORT_page_c" "$round"
    run_case b "$PORT_hello_swift" "$round"
    run_case c1 "$PORT_demo" "$round" "$OUT/demo-one.txt" "$LIST"
    run_case c64 "$PORT_demo" "$round" "$OUT/demo-many.txt" "$LIST"
    run_case d1 "$PORT_demo" "$round" "$OUT/demo-one.txt" "$LIST" "$TODO"
    run_case d64 "$PORT_demo" "$round" "$OUT/demo-many.txt" "$LIST" "$TODO"
    run_case f64 "$PORT_demo" "$round" "$OUT/demo-revalidate.txt" "$LIST"
    run_case e1 "$PORT_hummingbird" "$round" "$OUT/hb-one.txt" "$LIST"
    run_case e64 "$PORT_hummingbird" "$round" "$OUT/hb-many.txt" "$LIST"
    run_case x64 "$PORT_interpreted" "$round" "$OUT/interpreted/demo-many.txt" "$LIST"
    run_case y64 "$PORT_interpreted" "$round" "$OUT/interpreted/demo-many.txt" "$LIST" "$TODO"
done
for name in demo hummingbird interpreted hello_c page_c hello_swift; do
    pid_var="PID_$name"
    echo "$name $(rss_kib "${!pid_var}")" >>"$OUT/rss.txt"
done
stop_servers

python3 "$ROOT/Benchmarks/report.py" load "$OUT" "$(machine_line)" >"$OUT/section.md"
write_section load "$OUT/section.md"
