#!/usr/bin/env bash
# Two builds of todo-demo-postgres side by side on one throwaway PostgreSQL (a database each):
# the list page (or PATH) for 64 signed-in sessions, wrk -t2 -c64, RUNS rounds of DURATION
# alternating A and B; per round the server's CPU per request, its threads' context switches per
# request, req/s and p99.
#   Benchmarks/scaleout/compare.sh BEFORE_BINARY AFTER_BINARY
#   RUNS=3 DURATION=10s PATH_UNDER_TEST=/authenticated/todos
# Raw outputs in Benchmarks/.build/results/compare.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/compare"
DURATION="${DURATION:-10s}"
source "$ROOT/Benchmarks/lib.sh"
source "$ROOT/Integrations/Postgres/scripts/postgres.sh"
[ $# -eq 2 ] || { sed -n 2,8p "$0" >&2; exit 2; }
declare -A BINARY=([a]="$1" [b]="$2")
PAGE="${PATH_UNDER_TEST:-/authenticated/todos}"
rm -rf "$OUT" && mkdir -p "$OUT"
PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/signalbox-compare.XXXXXX")
at_exit 'stop_servers; postgres_stop "$PG_DIR"'
postgres_start "$PG_DIR"
psql -X -q -h 127.0.0.1 -p "$POSTGRES_PORT" -U postgres -d postgres -c "CREATE DATABASE a" -c "CREATE DATABASE b"
for name in a b; do
    start_server "$name" "$OUT/$name.log" "${BINARY[$name]}" --port 0 --templates "$ROOT/Templates" \
        --public "$ROOT/Public" --log-level warning --postgres "postgres://postgres@127.0.0.1:$POSTGRES_PORT/$name"
    demo_data "$name" >/dev/null
done
for round in $(seq 1 "$RUNS"); do
    for name in a b; do
        wrk_server "$name" "$OUT/$name-$round.txt" "$ROOT/Benchmarks/load/sessions.lua" "$OUT/$name/demo-many.txt" "$PAGE"
    done
done
for name in a b; do
    for round in $(seq 1 "$RUNS"); do
        read -r ticks hz switches <"$OUT/$name-$round.txt.cpu"
        requests=$(awk '/requests in/ {print $1}' "$OUT/$name-$round.txt")
        awk -v name="$name" -v round="$round" -v ticks="$ticks" -v hz="$hz" -v switches="$switches" \
            -v requests="$requests" -v binary="${BINARY[$name]}" '
            /Requests\/sec/ { rps = $2 } / 99%/ { p99 = $2 }
            END { printf "%s round %d: %s req/s, %.1f µs CPU/req, %.2f switches/req, p99 %s (%s)\n",
                  name, round, rps, ticks / hz / requests * 1e6, switches / requests, p99, binary }' \
            "$OUT/$name-$round.txt"
    done
done
