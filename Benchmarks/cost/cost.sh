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
trap stop_servers EXIT
DEMO=("$BIN_DEMO" --port 0 --templates "$ROOT/Templates" --public "$ROOT/Public" --log-level warning)
for tool in wrk taskset curl python3; do
    command -v "$tool" >/dev/null || { echo "cost.sh: $tool is required (apt-get install wrk …)" >&2; exit 1; }
done
[ "$(nproc)" -ge 2 ] || { echo "cost.sh: needs two cores (one for the server, one for wrk)" >&2; exit 1; }

echo "== cost: starting servers"
start_server mem "$OUT/mem.log" "${DEMO[@]}" --in-memory
start_server sql "$OUT/sql.log" "${DEMO[@]}" --database "$OUT/db/todo-demo.sqlite"
for name in mem sql; do
    port_var="PORT_$name"
    mkdir -p "$OUT/$name"
    python3 "$ROOT/Benchmarks/load/client.py" demo "http://127.0.0.1:${!port_var}" "$OUT/$name" --todos 20 --sessions 64
done
start_server page_c "$OUT/page-c.log" "$BIN_HELLO_C" 0 "$OUT/mem/demo-page.html"
if cmp -s "$OUT/mem/demo-page.html" "$OUT/sql/demo-page.html"; then echo same >"$OUT/body"; else echo different >"$OUT/body"; fi
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
run_case() {
    local name=$1 server=$2 round=$3
    shift 3
    local port_var="PORT_$server" pid_var="PID_$server" url
    url="http://127.0.0.1:${!port_var}"
    if [ $# -gt 0 ]; then
        WRK_CPU_PID=${!pid_var} WRK_CPUS=$WRK_CPUS run_wrk "$OUT/$name-$round.txt" "$url" "$LUA" "$OUT/$server/demo-many.txt" "$@"
    else
        WRK_CPU_PID=${!pid_var} WRK_CPUS=$WRK_CPUS run_wrk "$OUT/$name-$round.txt" "$url/"
    fi
}

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
