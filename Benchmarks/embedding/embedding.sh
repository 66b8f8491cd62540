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
for name in "${SERVERS[@]}"; do demo_data "$name" --mount "${MOUNT[$name]:-/}"; done
# The same page apart from the mount path in its URLs.
for name in hummingbird vapor; do
    same_bytes <(sed 's#"/todo/#"/#g; s#"/todo"#"/"#g' "$OUT/$name/demo-page.html") "$OUT/mhd/demo-page.html" >"$OUT/$name.body"
    echo "   bodies: $name vs embedded server: $(cat "$OUT/$name.body") (mount path aside)"
done

echo "== embedding: wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION, $RUNS rounds"
for round in $(seq 1 "$RUNS"); do
    echo "-- round $round"
    for name in "${SERVERS[@]}"; do
        mount=${MOUNT[$name]}
        wrk_server "$name" "$OUT/c-$name-$round.txt" "$LUA" "$OUT/$name/demo-many.txt" "$mount$LIST"
        wrk_server "$name" "$OUT/d-$name-$round.txt" "$LUA" "$OUT/$name/demo-many.txt" "$mount$LIST" "$mount$TODO"
    done
done
record_rss "${SERVERS[@]}"
stop_servers

python3 "$ROOT/Benchmarks/report.py" embedding "$OUT" "$(machine_line)" >"$OUT/section.md"
write_section embedding "$OUT/section.md"
