#!/usr/bin/env bash
# Embedding (issue 16): the todo demo's list page served by the embedded libmicrohttpd server
# (todo-demo, at /) and mounted at /todo in the Hummingbird example (todo-hummingbird) and the Vapor
# example (todo-vapor), in one run with alternating rounds: (c) the list page and (d) list ↔ todo
# (each request reshapes the session's tree), 64 signed-in sessions, wrk -t2 -c64 as the load part.
# Every server keeps its data and sessions in memory (--in-memory), so the figures compare the
# servers and adapters, not storage.
#   Benchmarks/embedding/embedding.sh       (after Benchmarks/run.sh has built the binaries)
#   RUNS=3 DURATION=15s WARMUP=2s
# Writes the "embedding" section of BENCHMARKS.md; raw outputs stay in Benchmarks/.build/results/embedding.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/embedding"
source "$ROOT/Benchmarks/lib.sh"
LUA="$ROOT/Benchmarks/load/sessions.lua"
LIST=/authenticated/todos
TODO=/authenticated/todos/todo/1
for binary in "$BIN_DEMO" "$BIN_DEMO_HUMMINGBIRD" "$BIN_DEMO_VAPOR"; do
    [ -x "$binary" ] || { echo "embedding: $binary is missing (run without SKIP_BUILD)" >&2; exit 1; }
done
rm -rf "$OUT" && mkdir -p "$OUT"
trap stop_servers EXIT

# name → (binary, mount path)
SERVERS=(mhd hummingbird vapor)
declare -A BINARY=([mhd]="$BIN_DEMO" [hummingbird]="$BIN_DEMO_HUMMINGBIRD" [vapor]="$BIN_DEMO_VAPOR")
declare -A MOUNT=([mhd]="" [hummingbird]=/todo [vapor]=/todo)

echo "== embedding: starting servers"
for name in "${SERVERS[@]}"; do
    start_server "$name" "$OUT/$name.log" "${BINARY[$name]}" --port 0 --in-memory --templates "$ROOT/Templates" \
        --public "$ROOT/Public" --log-level warning
    echo "${MOUNT[$name]}" >"$OUT/$name.mount"
done

echo "== embedding: sessions and data through HTTP"
for name in "${SERVERS[@]}"; do
    port_var="PORT_$name"
    mkdir -p "$OUT/$name"
    python3 "$ROOT/Benchmarks/load/client.py" demo "http://127.0.0.1:${!port_var}" "$OUT/$name" --todos 20 --sessions 64 \
        --mount "${MOUNT[$name]:-/}"
done
# The same page apart from the mount path in its URLs.
for name in hummingbird vapor; do
    if sed 's#"/todo/#"/#g; s#"/todo"#"/"#g' "$OUT/$name/demo-page.html" | cmp -s - "$OUT/mhd/demo-page.html"; then
        echo same >"$OUT/$name.body"
    else
        echo different >"$OUT/$name.body"
    fi
    echo "   bodies: $name vs embedded server: $(cat "$OUT/$name.body") (mount path aside)"
done

echo "== embedding: wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION, $RUNS rounds"
for round in $(seq 1 "$RUNS"); do
    echo "-- round $round"
    for name in "${SERVERS[@]}"; do
        port_var="PORT_$name"
        pid_var="PID_$name"
        mount=${MOUNT[$name]}
        WRK_CPU_PID=${!pid_var} run_wrk "$OUT/c-$name-$round.txt" "http://127.0.0.1:${!port_var}" "$LUA" \
            "$OUT/$name/demo-many.txt" "$mount$LIST"
        WRK_CPU_PID=${!pid_var} run_wrk "$OUT/d-$name-$round.txt" "http://127.0.0.1:${!port_var}" "$LUA" \
            "$OUT/$name/demo-many.txt" "$mount$LIST" "$mount$TODO"
    done
done
for name in "${SERVERS[@]}"; do
    pid_var="PID_$name"
    echo "$name $(rss_kib "${!pid_var}")" >>"$OUT/rss.txt"
done
stop_servers

python3 "$ROOT/Benchmarks/report.py" embedding "$OUT" "$(machine_line)" >"$OUT/section.md"
write_section embedding "$OUT/section.md"
