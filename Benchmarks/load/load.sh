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
python3 "$ROOT/Benchmarks/load/client.py" demo "$URL_demo" "$OUT" --todos 20 --sessions 64
python3 "$ROOT/Benchmarks/load/client.py" hummingbird "$URL_hummingbird" "$OUT" --sessions 64
demo_data interpreted
# (a') the same C server answering the demo's list page (as the demo served it) from memory.
start_server page_c "$OUT/page-c.log" "$BIN_HELLO_C" 0 "$OUT/demo-page.html"
same_bytes "$OUT/demo-page.html" "$OUT/hb-page.html" >"$OUT/body-e"
same_bytes "$OUT/demo-page.html" "$OUT/interpreted/demo-page.html" >"$OUT/body-x"
echo "   bodies: demo vs Hummingbird $(cat "$OUT/body-e"), demo vs swift-mustache engine $(cat "$OUT/body-x")"

# run_case NAME SERVER ROUND [wrk script args]
run_case() { wrk_server "$2" "$OUT/$1-$3.txt" ${4:+"$LUA"} "${@:4}"; }

echo "== load: wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION, $RUNS rounds"
for round in $(seq 1 "$RUNS"); do
    echo "-- round $round"
    run_case a hello_c "$round"
    run_case a2 page_c "$round"
    run_case b hello_swift "$round"
    run_case c1 demo "$round" "$OUT/demo-one.txt" "$LIST"
    run_case c64 demo "$round" "$OUT/demo-many.txt" "$LIST"
    run_case d1 demo "$round" "$OUT/demo-one.txt" "$LIST" "$TODO"
    run_case d64 demo "$round" "$OUT/demo-many.txt" "$LIST" "$TODO"
    run_case f64 demo "$round" "$OUT/demo-revalidate.txt" "$LIST"
    run_case e1 hummingbird "$round" "$OUT/hb-one.txt" "$LIST"
    run_case e64 hummingbird "$round" "$OUT/hb-many.txt" "$LIST"
    run_case x64 interpreted "$round" "$OUT/interpreted/demo-many.txt" "$LIST"
    run_case y64 interpreted "$round" "$OUT/interpreted/demo-many.txt" "$LIST" "$TODO"
done
record_rss demo hummingbird interpreted hello_c page_c hello_swift
stop_servers

python3 "$ROOT/Benchmarks/report.py" load "$OUT" "$(machine_line)" >"$OUT/section.md"
write_section load "$OUT/section.md"
