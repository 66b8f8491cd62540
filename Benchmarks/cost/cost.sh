#!/usr/bin/env bash
# Issue 36: what a page costs where users run it, side by side in one run.
#   (a') the C libmicrohttpd server sending the demo's list page bytes from memory
#   (c)  todo-demo --in-memory                    list page; (d) list <-> todo
#   (cs) todo-demo --database FILE (make demo's default: SQLite data and sessions); (ds) list <-> todo
# each unpinned (server and wrk share both cores) and pinned (the server's threads on CPU 0, wrk on
# CPU 1, so wrk never preempts the server); rounds alternate the order of the servers.
#   Benchmarks/cost/cost.sh          (after ONLY=cost Benchmarks/run.sh has built the binaries)
#   RUNS=3 DURATION=15s WARMUP=2s
# Writes the "cost" section of BENCHMARKS.md; raw outputs stay in Benchmarks/.build/results/cost.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/cost"
source "$ROOT/Benchmarks/lib.sh"
LUA="$ROOT/Benchmarks/load/sessions.lua"
LIST=/authenticated/todos
TODO=/authenticated/todos/todo/1
rm -rf "$OUT" && mkdir -p "$OUT/db"
DEMO=("$BIN_DEMO" --port 0 --templates "$ROOT/Templates" --public "$ROOT/Public" --log-level warning)
for tool in wrk taskset curl python3; do
    command -v "$tool" >/dev/null || { echo "cost.sh: $tool is required (apt-get install wrk …)" >&2; exit 1; }
done
[ "$(nproc)" -ge 2 ] || { echo "cost.sh: needs two cores (one for the server, one for wrk)" >&2; exit 1; }

echo "== cost: starting servers"
start_server mem "$OUT/mem.log" "${DEMO[@]}" --in-memory
start_server sql "$OUT/sql.log" "${DEMO[@]}" --database "$OUT/db/todo-demo.sqlite"
for name in mem sql; do demo_data "$name"; done
start_server page_c "$OUT/page-c.log" "$BIN_HELLO_C" 0 "$OUT/mem/demo-page.html"
same_bytes "$OUT/mem/demo-page.html" "$OUT/sql/demo-page.html" >"$OUT/body"
echo "   list page bytes, memory vs SQLite: $(cat "$OUT/body") ($(stat -c %s "$OUT/mem/demo-page.html") bytes)"

# pin MODE: every server's threads on CPU 0 and wrk on CPU 1 (pinned), or all on every CPU.
pin() {
    local pid cpus=0 all
    all="0-$(($(nproc) - 1))"
    [ "$1" = pinned ] || cpus=$all
    for pid in "${SERVER_PIDS[@]}"; do taskset -a -p -c "$cpus" "$pid" >/dev/null; done
    if [ "$1" = pinned ]; then WRK_CPUS=1; else WRK_CPUS=""; fi
}

# run_case NAME SERVER ROUND [PATH1 [PATH2]]: with paths, the 64 sessions' cookies round-robin.
run_case() { wrk_server "$2" "$OUT/$1-$3.txt" ${4:+"$LUA" "$OUT/$2/demo-many.txt"} "${@:4}"; }

echo "== cost: wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION, $RUNS rounds, unpinned then pinned"
for round in $(seq 1 "$RUNS"); do
    for mode in unpinned pinned; do
        echo "-- round $round, $mode"
        pin "$mode"
        cases=("a:page_c" "c:mem:$LIST" "cs:sql:$LIST" "d:mem:$LIST:$TODO" "ds:sql:$LIST:$TODO")
        if [ $((round % 2)) -eq 0 ]; then
            cases=("ds:sql:$LIST:$TODO" "d:mem:$LIST:$TODO" "cs:sql:$LIST" "c:mem:$LIST" "a:page_c")
        fi
        for spec in "${cases[@]}"; do
            IFS=: read -r name server path1 path2 <<<"$spec"
            args=()
            [ -n "${path1:-}" ] && args+=("$path1")
            [ -n "${path2:-}" ] && args+=("$path2")
            run_case "$name-$mode" "$server" "$round" "${args[@]}"
        done
    done
done
pin unpinned
stop_servers

python3 "$ROOT/Benchmarks/report.py" cost "$OUT" "$(machine_line)" >"$OUT/section.md"
write_section cost "$OUT/section.md"
