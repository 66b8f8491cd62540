#!/usr/bin/env bash
# Scale-out (issue 15): the todo demo on one instance with SQLite, on one instance with PostgreSQL,
# and as three PostgreSQL instances behind nginx (round-robin, no sticky sessions), in one run
# with alternating rounds.
#   (c) the list page and (d) list ↔ todo (each request of a session reshapes its tree), 64
#   signed-in sessions, wrk -t2 -c64 as the load and durable parts. Around every measured run,
#   Benchmarks/scaleout/probe.py records the CPU time of each instance, of PostgreSQL (the
#   postmaster and all its processes) and of nginx (master and workers), the instances'
#   /metrics counters and PostgreSQL's pg_stat_statements: per request, the database round trips
#   of the session store and of the data store, and the CPU each part of the system spends.
#   Benchmarks/scaleout/scaleout.sh        (after todo-demo and todo-demo-postgres are built)
#   RUNS=3 DURATION=15s WARMUP=2s INSTANCES=3
#   BIN_DEMO_POSTGRES=…                    the PostgreSQL demo (default: Benchmarks/.build/postgres/release/todo-demo-postgres)
# Needs PostgreSQL (its pg_stat_statements module, Debian's postgresql package has it) and nginx.
# PostgreSQL is a throwaway cluster (Integrations/Postgres/scripts/postgres.sh) in a temporary
# folder, removed at the end; the three instances and nginx are Integrations/Postgres/scripts/cluster.sh,
# i.e. what `make cluster` runs. Writes the "scaleout" section of BENCHMARKS.md; raw outputs stay in
# Benchmarks/.build/results/scaleout (the cluster's logs in its cluster/ folder).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/scaleout"
source "$ROOT/Benchmarks/lib.sh"
source "$ROOT/Integrations/Postgres/scripts/postgres.sh"
BIN_DEMO_POSTGRES="${BIN_DEMO_POSTGRES:-$ROOT/Benchmarks/.build/postgres/release/todo-demo-postgres}"
INSTANCES="${INSTANCES:-3}"
LUA="$ROOT/Benchmarks/load/sessions.lua"
PROBE=(python3 "$ROOT/Benchmarks/scaleout/probe.py")
LIST=/authenticated/todos
TODO=/authenticated/todos/todo/1
DB="$OUT/db"

for tool in nginx psql; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] \
        || { echo "scaleout: $tool is required (apt-get install postgresql nginx)" >&2; exit 1; }
done
for binary in "$BIN_DEMO" "$BIN_DEMO_POSTGRES"; do
    [ -x "$binary" ] || { echo "scaleout: $binary is missing (run without SKIP_BUILD)" >&2; exit 1; }
done
rm -rf "$OUT" && mkdir -p "$OUT" "$DB"

PG_DIR=""
stop_everything() {
    cluster_down
    stop_servers
    [ -z "$PG_DIR" ] || postgres_stop "$PG_DIR" || true
    PG_DIR=""
}
at_exit stop_everything

echo "== scaleout: PostgreSQL (throwaway, with pg_stat_statements)"
# A short folder under /tmp: the server's Unix socket path must fit, and as root the postgres user
# must reach it.
PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/signalbox-scaleout.XXXXXX")
POSTGRES_OPTIONS="${POSTGRES_OPTIONS:-} -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all" \
    postgres_start "$PG_DIR"
PSQL=(psql -X -q -h 127.0.0.1 -p "$POSTGRES_PORT" -U postgres -d postgres)
"${PSQL[@]}" -c "CREATE EXTENSION pg_stat_statements" -c "CREATE DATABASE single" -c "CREATE DATABASE cluster"
PG_BASE="postgres://postgres@127.0.0.1:$POSTGRES_PORT"
PG_MASTER=$(head -1 "$PG_DIR/data/postmaster.pid")
"${PSQL[@]}" -At -c "SELECT version()" >"$OUT/postgres-version"
"${PSQL[@]}" -At -c "SHOW synchronous_commit" >"$OUT/postgres-synchronous-commit"
nginx -v 2>&1 | sed 's#^nginx version: ##' >"$OUT/nginx-version"
df -PT "$PG_DIR" | awk 'NR == 2 {print $2}' >"$OUT/filesystem"

echo "== scaleout: servers (SQLite, PostgreSQL, $INSTANCES × PostgreSQL behind nginx)"
start_server sql "$OUT/sql.log" "$BIN_DEMO" --port 0 --templates "$ROOT/Templates" --public "$ROOT/Public" \
    --log-level warning --database "$DB/sql.sqlite"
start_server pg "$OUT/pg.log" "$BIN_DEMO_POSTGRES" --port 0 --templates "$ROOT/Templates" --public "$ROOT/Public" \
    --log-level warning --postgres "$PG_BASE/single"
# wrk is one client: lift nginx's per-client limits (make cluster's defaults would answer 429).
NGINX_REQUESTS_PER_SECOND=1000000 NGINX_BURST=1000000 NGINX_CONNECTIONS_PER_CLIENT=60000 \
    cluster_up "$OUT/cluster" --port 0 --instances "$INSTANCES" --postgres-url "$PG_BASE/cluster" \
    --binary "$BIN_DEMO_POSTGRES" --arg --log-level --arg warning
NGINX_MASTER=$(cat "$OUT/cluster/nginx.master")
mapfile -t CL_PIDS < <(awk '{print $1}' "$OUT/cluster/instances")
mapfile -t CL_PORTS < <(awk '{print $2}' "$OUT/cluster/instances")
echo "   cluster: $CLUSTER_URL (nginx pid $NGINX_MASTER; instances ${CL_PORTS[*]})"
{
    echo "postgres: postgres.sh start DIR with POSTGRES_OPTIONS=\"-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all\"; CREATE DATABASE single; CREATE DATABASE cluster"
    echo "sql: todo-demo --port 0 --log-level warning --database db/sql.sqlite"
    echo "pg: todo-demo-postgres --port 0 --log-level warning --postgres postgres://postgres@127.0.0.1:PGPORT/single"
    echo "cl: NGINX_REQUESTS_PER_SECOND=1000000 NGINX_BURST=1000000 NGINX_CONNECTIONS_PER_CLIENT=60000 Integrations/Postgres/scripts/cluster.sh --dir cluster --port 0 --instances $INSTANCES --postgres-url postgres://postgres@127.0.0.1:PGPORT/cluster --binary todo-demo-postgres --arg --log-level --arg warning"
    echo "    (each instance: todo-demo-postgres --postgres URL --host 127.0.0.1 --port 0 --behind-proxy --log-level warning; nginx.conf in cluster/)"
} >"$OUT/servers.command"
cp "$OUT/cluster/nginx.conf" "$OUT/nginx.conf"

# What every snapshot records (all servers each time; the report picks the measured one's).
PROBE_ARGS=(--postgres "$POSTGRES_PORT" --reaped "wrk=$$" --proc "sql=$PID_sql" --proc "pg=$PID_pg" --tree "postgres=$PG_MASTER"
    --tree "nginx=$NGINX_MASTER" --metrics "pg=http://127.0.0.1:$PORT_pg/metrics")
for i in "${!CL_PIDS[@]}"; do
    n=$((i + 1))
    PROBE_ARGS+=(--proc "cl$n=${CL_PIDS[$i]}" --metrics "cl$n=http://127.0.0.1:${CL_PORTS[$i]}/metrics")
done
echo "$INSTANCES" >"$OUT/instances"

echo "== scaleout: sessions and data through HTTP (20 todos, 1 + 64 sessions each; the cluster's through nginx)"
URL_cl=$CLUSTER_URL
for name in sql pg cl; do demo_data "$name"; done
for name in pg cl; do same_bytes "$OUT/sql/demo-page.html" "$OUT/$name/demo-page.html" >"$OUT/body-$name"; done
echo "   list page vs SQLite's: PostgreSQL $(cat "$OUT/body-pg"), cluster $(cat "$OUT/body-cl")"

# measure NAME ROUND SERVER [sessions.lua arguments]: a warm-up, a pause, then the measured run
# against URL_SERVER between two probe snapshots (NAME-ROUND.before.json / .after.json).
measure() {
    local name=$1 round=$2 url="URL_$3"
    url=${!url}
    shift 3
    local file="$OUT/$name-$round.txt"
    wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WARMUP" -s "$LUA" "$url" -- "$@" >/dev/null 2>&1 || true
    sleep 1
    echo "wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION --latency -s $LUA $url -- $*" >"$file.command"
    "${PROBE[@]}" snapshot "$OUT/$name-$round.before.json" "${PROBE_ARGS[@]}"
    wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$DURATION" --latency -s "$LUA" "$url" -- "$@" >"$file" 2>&1
    "${PROBE[@]}" snapshot "$OUT/$name-$round.after.json" "${PROBE_ARGS[@]}"
    sleep 1
    printf '   %-28s %s req/s\n' "$name-$round" "$(awk '/Requests\/sec/{print $2}' "$file")"
}

echo "== scaleout: wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION, $RUNS rounds (the order reverses every round)"
for round in $(seq 1 "$RUNS"); do
    echo "-- round $round"
    if [ $((round % 2)) -eq 1 ]; then order="sql pg cl"; else order="cl pg sql"; fi
    for kind in $order; do
        measure "c$kind" "$round" "$kind" "$OUT/$kind/demo-many.txt" "$LIST"
    done
    for kind in $order; do
        measure "d$kind" "$round" "$kind" "$OUT/$kind/demo-many.txt" "$LIST" "$TODO"
    done
done
record_rss sql pg
for i in "${!CL_PIDS[@]}"; do echo "cl$((i + 1)) $(rss_kib "${CL_PIDS[$i]}")" >>"$OUT/rss.txt"; done
"${PROBE[@]}" statements "$POSTGRES_PORT" cluster >"$OUT/statements-cluster.txt"
"${PROBE[@]}" statements "$POSTGRES_PORT" single >"$OUT/statements-single.txt"
stop_everything
# Whatever the servers logged at warning or above (they run with --log-level warning), and
# nginx's error log.
cat "$OUT"/sql.log "$OUT"/pg.log "$OUT"/cluster/instance-*.log >"$OUT/server-logs.txt" 2>/dev/null || true
cp "$OUT/cluster/error.log" "$OUT/nginx-error.log" 2>/dev/null || true
# nginx's access log (set-up and every run): requests, statuses, and retries on another instance
# ($upstream_addr lists several); then it goes (it is large).
python3 - "$OUT/cluster/access.log" >"$OUT/nginx-access.info" <<'PY'
import re, sys
requests = retried = 0
statuses = {}
for line in open(sys.argv[1], errors="replace"):
    match = re.search(r'" (\d{3}) \d+ upstream=(.*?) upstream_status=', line)
    if not match:
        continue
    requests += 1
    statuses[match.group(1)] = statuses.get(match.group(1), 0) + 1
    if "," in match.group(2):
        retried += 1
print(f"requests {requests}")
print(f"retried {retried}")
print("statuses " + " ".join(f"{k}={v}" for k, v in sorted(statuses.items())))
PY
rm -f "$OUT/cluster/access.log"

python3 "$ROOT/Benchmarks/report.py" scaleout "$OUT" "$(machine_line)" >"$OUT/section.md"
write_section scaleout "$OUT/section.md"
