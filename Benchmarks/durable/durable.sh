#!/usr/bin/env bash
# Durable sessions: todo-demo with its data and sessions in SQLite vs the same demo --in-memory,
# in one run with alternating rounds.
#   1. (c) the list page and (d) list ↔ todo, 64 sessions: SQLite vs memory (wrk as load.sh).
#      The same with only the sessions in SQLite (--in-memory --sessions FILE): the session store
#      alone, without the demo's SQLite data reads.
#   2. A request to a hibernated session: a SQLite demo with --hot-sessions 1 and 64 sessions
#      round-robin, so nearly every request restores its tree from its row (list page).
#   3. RSS per idle logged-in session at 100 000 sessions (SQLite with the default
#      --hot-sessions 10000 vs --in-memory; created as sessions.sh does), and bytes on disk per
#      session in the sessions file.
#   Benchmarks/durable/durable.sh          (after Benchmarks/run.sh has built todo-demo)
#   RUNS=3 DURATION=15s WARMUP=2s IDLE_SESSIONS=100000
# Writes the "durable" section of BENCHMARKS.md; raw outputs stay in Benchmarks/.build/results/durable
# (the SQLite files in its db/ folder).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/durable"
source "$ROOT/Benchmarks/lib.sh"
IDLE_SESSIONS="${IDLE_SESSIONS:-100000}"
LUA="$ROOT/Benchmarks/load/sessions.lua"
LIST=/authenticated/todos
TODO=/authenticated/todos/todo/1
DEEP=/authenticated/todos/todo/1/todo/2
DB="$OUT/db"
rm -rf "$OUT" && mkdir -p "$OUT" "$DB"
DEMO=("$BIN_DEMO" --port 0 --templates "$ROOT/Templates" --public "$ROOT/Public" --log-level warning)
echo "$IDLE_SESSIONS" >"$OUT/idle-sessions"
df -PT "$DB" | awk 'NR == 2 {print $2}' >"$OUT/filesystem"

# file_bytes FILE...: the sum of the files' sizes (0 for a missing one).
file_bytes() {
    local total=0 file
    for file in "$@"; do
        [ -e "$file" ] && total=$((total + $(stat -c %s "$file")))
    done
    echo "$total"
}

echo "== durable: starting servers (memory, SQLite, SQLite with --hot-sessions 1, SQLite sessions only)"
start_server mem "$OUT/mem.log" "${DEMO[@]}" --in-memory
start_server sql "$OUT/sql.log" "${DEMO[@]}" --database "$DB/hot.sqlite"
start_server hib "$OUT/hib.log" "${DEMO[@]}" --database "$DB/hib.sqlite" --hot-sessions 1
start_server ses "$OUT/ses.log" "${DEMO[@]}" --in-memory --sessions "$DB/ses.sessions.sqlite"
{
    echo "mem: todo-demo --port 0 --in-memory --log-level warning"
    echo "sql: todo-demo --port 0 --database db/hot.sqlite --log-level warning"
    echo "hib: todo-demo --port 0 --database db/hib.sqlite --hot-sessions 1 --log-level warning"
    echo "ses: todo-demo --port 0 --in-memory --sessions db/ses.sessions.sqlite --log-level warning"
} >"$OUT/servers.command"

echo "== durable: sessions and data through HTTP (20 todos, 1 + 64 sessions each)"
for name in mem sql hib ses; do demo_data "$name"; done
same_bytes "$OUT/mem/demo-page.html" "$OUT/sql/demo-page.html" >"$OUT/body"
echo "   list page, memory vs SQLite: $(cat "$OUT/body")"

# run_case NAME SERVER ROUND [wrk script args]: also records the server's CPU time per run.
run_case() { wrk_server "$2" "$OUT/$1-$3.txt" "$LUA" "${@:4}"; }

echo "== durable: wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION, $RUNS rounds (memory and SQLite alternate who goes first)"
for round in $(seq 1 "$RUNS"); do
    echo "-- round $round"
    if [ $((round % 2)) -eq 1 ]; then order="mem sql ses"; else order="ses sql mem"; fi
    for kind in $order; do
        run_case "c$kind" "$kind" "$round" "$OUT/$kind/demo-many.txt" "$LIST"
    done
    for kind in $order; do
        run_case "d$kind" "$kind" "$round" "$OUT/$kind/demo-many.txt" "$LIST" "$TODO"
    done
    run_case hib hib "$round" "$OUT/hib/demo-many.txt" "$LIST"
done
record_rss mem sql hib ses
stop_servers

echo "== durable: $IDLE_SESSIONS idle sessions, memory vs SQLite (default --hot-sessions)"
# Logging in verifies alice's password; the SQLite store keeps it as a salted scrypt hash that
# costs ~0.1 s of CPU (N = 2^15) and 32 MiB per login, which would make 100 000 logins take an
# hour on 2 cores and put scrypt's buffers in the RSS. The benchmark's own data file gets a hash
# of the same password at N = 16 (PasswordHasher.forTests's cost; the stored hash names its
# parameters, so verification follows): the session store, the thing measured, is unchanged.
start_server seed "$OUT/seed.log" "${DEMO[@]}" --database "$DB/idle.sqlite"
stop_servers
python3 - "$DB/idle.sqlite" <<'PY'
import hashlib, os, sqlite3, sys
salt = os.urandom(16)
key = hashlib.scrypt(b"wonderland", salt=salt, n=16, r=1, p=1, dklen=32)
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE user SET password_hash = ? WHERE username = 'alice'", (f"scrypt$16$1$1${salt.hex()}${key.hex()}",))
db.commit()
db.close()
PY
# --max-sessions above the count, so neither store evicts (the default is 100 000 and the set-up
# logs in one more session).
start_server imem "$OUT/idle-mem.log" "${DEMO[@]}" --in-memory --max-sessions 1000000
start_server isql "$OUT/idle-sql.log" "${DEMO[@]}" --database "$DB/idle.sqlite" --max-sessions 1000000
{
    echo "imem: todo-demo --port 0 --in-memory --max-sessions 1000000 --log-level warning"
    echo "isql: todo-demo --port 0 --database db/idle.sqlite --max-sessions 1000000 --log-level warning"
} >>"$OUT/servers.command"
for kind in mem sql; do demo_data "i$kind" --sessions 0 >/dev/null; done
sleep 2
for kind in mem sql; do
    port_var="PORT_i$kind" pid_var="PID_i$kind"
    port=${!port_var} pid=${!pid_var}
    echo "wrk -t2 -c32 -d1200s -s Benchmarks/load/create-sessions.lua http://127.0.0.1:PORT -- $IDLE_SESSIONS 2 OUT_DIR $DEEP" >"$OUT/create.command"
    create_sessions "$kind" "$port" "$pid" "$IDLE_SESSIONS" "$DEEP" "$OUT/idle-$kind.info"
    # The first session (hibernated by now in the SQLite store) still answers on its page.
    python3 "$ROOT/Benchmarks/load/client.py" get "http://127.0.0.1:$port" "$DEEP" "$(head -1 "$OUT/cookies-$kind.txt")" >"$OUT/check-$kind.txt"
done

# Bytes on disk: the sessions file as the live server leaves it (database + -wal + -shm), then
# after a checkpoint that folds the WAL into the database and truncates it (run from this
# script's own connection; the server keeps running).
SESSIONS_DB="$DB/idle.sessions.sqlite"
{
    echo "live_db $(file_bytes "$SESSIONS_DB")"
    echo "live_wal $(file_bytes "$SESSIONS_DB-wal")"
    echo "live_shm $(file_bytes "$SESSIONS_DB-shm")"
} >>"$OUT/idle-sql.info"
python3 - "$SESSIONS_DB" >>"$OUT/idle-sql.info" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=30)
busy, log, checkpointed = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
rows, snapshot, total = db.execute(
    "SELECT count(*), avg(length(snapshot)), avg(length(id) + length(csrf_token) + length(snapshot) + 32) FROM session").fetchone()
page_size = db.execute("PRAGMA page_size").fetchone()[0]
pages = db.execute("PRAGMA page_count").fetchone()[0]
free = db.execute("PRAGMA freelist_count").fetchone()[0]
print(f"checkpoint_busy {busy}")
print(f"rows {rows}")
print(f"snapshot_bytes {snapshot:.0f}")
print(f"row_payload_bytes {total:.0f}")
print(f"page_size {page_size}")
print(f"pages {pages}")
print(f"free_pages {free}")
sample = db.execute("SELECT snapshot FROM session ORDER BY rowid DESC LIMIT 1").fetchone()[0]
open(sys.argv[1] + ".sample-snapshot.json", "w").write(sample)
PY
{
    echo "checkpointed_db $(file_bytes "$SESSIONS_DB")"
    echo "checkpointed_wal $(file_bytes "$SESSIONS_DB-wal")"
} >>"$OUT/idle-sql.info"
cp "$SESSIONS_DB.sample-snapshot.json" "$OUT/sample-snapshot.json"
for kind in mem sql; do
    pid_var="PID_i$kind"
    echo "rss_end_kib $(rss_kib "${!pid_var}")" >>"$OUT/idle-$kind.info"
done
stop_servers

python3 "$ROOT/Benchmarks/report.py" durable "$OUT" "$(machine_line)" >"$OUT/section.md"
write_section durable "$OUT/section.md"
