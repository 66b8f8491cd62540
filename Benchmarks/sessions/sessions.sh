#!/usr/bin/env bash
# Part 2 of issue 6: RSS and req/s with 10, 10 000 and 100 000 live logged-in sessions, each
# with a 3-deep Todos stack. One fresh todo-demo per size, all running at once; sessions are
# created through HTTP by Benchmarks/load/create-sessions.lua.
#   Benchmarks/sessions/sessions.sh      (after Benchmarks/run.sh has built the binaries)
#   SIZES="10 10000 100000" RUNS=3 DURATION=15s
# Writes the "sessions" section of BENCHMARKS.md; raw outputs stay in Benchmarks/.build/results/sessions.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/sessions"
source "$ROOT/Benchmarks/lib.sh"
SIZES="${SIZES:-10 10000 100000}"
DEEP=/authenticated/todos/todo/1/todo/2
rm -rf "$OUT" && mkdir -p "$OUT"
echo "$SIZES" >"$OUT/sizes"

echo "== sessions: one todo-demo per size"
for size in $SIZES; do
    start_server "s$size" "$OUT/demo-$size.log" "$BIN_DEMO" --port 0 --in-memory --templates "$ROOT/Templates" --public "$ROOT/Public"
    # The same 20 todos as the load benchmark (this logs in one extra session, counted below).
    demo_data "s$size" --sessions 0 >/dev/null
done
sleep 2

for size in $SIZES; do
    port_var="PORT_s$size" pid_var="PID_s$size"
    port=${!port_var} pid=${!pid_var} URL="http://127.0.0.1:${!port_var}"
    echo "wrk -t2 -c32 -d1200s -s Benchmarks/load/create-sessions.lua http://127.0.0.1:$port -- $size 2 OUT_DIR $DEEP" >"$OUT/create-$size.command"
    create_sessions "$size" "$port" "$pid" "$size" "$DEEP" "$OUT/size-$size.info"
    python3 "$ROOT/Benchmarks/load/client.py" get "$URL" "$DEEP" "$(head -1 "$OUT/cookies-$size.txt")" >"$OUT/check-$size.txt"
done

echo "== sessions: wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION over every session, $RUNS rounds"
for round in $(seq 1 "$RUNS"); do
    echo "-- round $round"
    for size in $SIZES; do
        wrk_server "s$size" "$OUT/s$size-$round.txt" "$ROOT/Benchmarks/load/sessions.lua" "$OUT/cookies-$size.txt" "$DEEP"
    done
done
for size in $SIZES; do
    pid_var="PID_s$size"
    echo "rss_end_kib $(rss_kib "${!pid_var}")" >>"$OUT/size-$size.info"
done
stop_servers

python3 "$ROOT/Benchmarks/report.py" sessions "$OUT" "$(machine_line)" >"$OUT/section.md"
write_section sessions "$OUT/section.md"
