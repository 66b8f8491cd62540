#!/usr/bin/env bash
# Live pages (issue 38): what 500 open, idle event streams cost the embedded server — memory and
# CPU per stream — whether the list page's throughput changes with them open, and how long one
# change takes to reach all of them.
#   Benchmarks/live/live.sh        (after Benchmarks/run.sh has built todo-demo; ONLY=live)
#   RUNS=3 DURATION=15s STREAMS=500 IDLE=60
# The demo on SQLite (make demo's default). 63 of alice's sessions hold 8 streams each (the
# per-session default) on her todo list, from 8 addresses (127.0.R.2-9 in round R: 64 streams
# each, the server's limit per address); wrk -t2 -c64 GETs the list page with 64 other sessions. Each round runs wrk without
# the streams, then with them: the ratio is the goal (>= 0.9). See live.py.
# Writes the "live" section of BENCHMARKS.md; raw outputs stay in Benchmarks/.build/results/live.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/live"
source "$ROOT/Benchmarks/lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT/db" "$OUT/wrk" "$OUT/streams"
DEMO=("$BIN_DEMO" --port 0 --templates "$ROOT/Templates" --public "$ROOT/Public" --log-level warning)

start_server sql "$OUT/sql.log" "${DEMO[@]}" --database "$OUT/db/todo-demo.sqlite"
URL=$URL_sql
python3 "$ROOT/Benchmarks/load/client.py" demo "$URL" "$OUT/wrk" --todos 20 --sessions 64
python3 "$ROOT/Benchmarks/load/client.py" demo "$URL" "$OUT/streams" --todos 20 \
    --sessions $(( (${STREAMS:-500} + 7) / 8 * RUNS ))

echo "== live: ${STREAMS:-500} streams, wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION, $RUNS rounds"
python3 "$ROOT/Benchmarks/live/live.py" "$URL" "$PID_sql" "$OUT" --streams "${STREAMS:-500}" --runs "$RUNS" \
    --duration "$DURATION" --warmup "$WARMUP" --idle "${IDLE:-60}" --machine "$(machine_line)" >"$OUT/section.md"
stop_servers
write_section live "$OUT/section.md"
