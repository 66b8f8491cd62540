#!/usr/bin/env bash
# Long-running reliability checks (issue 7): `make stress`, or Stress/run.sh. Not part of CI's
# test command (they take minutes); the figures go to RELIABILITY.md.
#
#   Stress/run.sh                     soak, flood, bombs, shutdown, crash, cluster (about 27 minutes on 2 cores)
#   ONLY=flood,bombs Stress/run.sh    some parts: soak, flood, bombs, shutdown, crash, cluster, fuzz
#   SOAK=10m SESSIONS=1000            soak duration and sessions
#   FLOOD=1000000 FLOOD_CAP=100000    requests per flood (each: no cookie, forged cookies), session cap
#   CRASH_ROUNDS=5 CRASH_CLIENTS=16   kill -9 rounds and concurrent sessions of the crash part
#   FUZZ_RUNS=10000000                executions per fuzz target (the fuzz part runs all four)
#   CLUSTER_SOAK=4m CLUSTER_SESSIONS=500 CLUSTER_WRITERS=4 CLUSTER_KILLS="2 3" CLUSTER_DOWN=10
#                                     the cluster part: soak duration and sessions, writer sessions,
#                                     which instances get kill -9 (one after the other, evenly spread
#                                     over the soak) and for how many seconds each stays down
#   SKIP_BUILD=1                      use the release todo-demo (and todo-demo-postgres) already built
#
# Every part runs the release todo-demo on a free port with --dev (for /_dev/sessions), in memory
# (--in-memory) except crash, which restarts it on one SQLite file, and cluster, which runs three
# todo-demo-postgres (Benchmarks/.build/postgres/release, as the scale-out benchmark builds it) behind
# nginx on a throwaway PostgreSQL (needs postgresql and nginx installed); drives it over HTTP only,
# checks what it must and exits non-zero when a check fails. Raw outputs go to
# .build-release/stress/<part>/; each part ends with a summary (also in summary.txt there).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
source "$ROOT/Benchmarks/lib.sh"
source "$ROOT/Integrations/Postgres/scripts/postgres.sh"
ONLY="${ONLY:-soak,flood,bombs,shutdown,crash,cluster}"
SOAK="${SOAK:-10m}"
SESSIONS="${SESSIONS:-1000}"
FLOOD="${FLOOD:-1000000}"
FLOOD_CAP="${FLOOD_CAP:-100000}"
FUZZ_RUNS="${FUZZ_RUNS:-10000000}"
CRASH_ROUNDS="${CRASH_ROUNDS:-5}"
CRASH_CLIENTS="${CRASH_CLIENTS:-16}"
DEMO="$ROOT/.build-release/release/todo-demo"
RESULTS="$ROOT/.build-release/stress"
CLIENT=(python3 "$ROOT/Stress/client.py")
CLUSTER_SOAK="${CLUSTER_SOAK:-4m}"
CLUSTER_SESSIONS="${CLUSTER_SESSIONS:-500}"
CLUSTER_WRITERS="${CLUSTER_WRITERS:-4}"
CLUSTER_KILLS="${CLUSTER_KILLS:-2 3}"
CLUSTER_DOWN="${CLUSTER_DOWN:-10}"
DEMO_POSTGRES="${DEMO_POSTGRES:-$ROOT/Benchmarks/.build/postgres/release/todo-demo-postgres}"
CLUSTER_SH="$ROOT/Integrations/Postgres/scripts/cluster.sh"
wants() { [[ ",$ONLY," == *",$1,"* ]]; }

for tool in swift wrk python3; do
    command -v "$tool" >/dev/null || { echo "stress: $tool is required (apt-get install wrk …)" >&2; exit 1; }
done
if [ -z "${SKIP_BUILD:-}" ]; then
    echo "== build (release)"
    if wants soak || wants flood || wants bombs || wants shutdown || wants crash; then
        swift build -c release --product todo-demo --scratch-path "$ROOT/.build-release"
    fi
    if wants cluster; then
        swift build -c release --package-path "$ROOT/Integrations/Postgres" --product todo-demo-postgres \
            --scratch-path "$ROOT/Benchmarks/.build/postgres"
    fi
fi
# The cluster part's cluster.sh (cluster_up) and PostgreSQL (when it runs).
CLUSTER_PG_DIR=""
stop_cluster() {
    cluster_down
    [ -z "$CLUSTER_PG_DIR" ] || postgres_stop "$CLUSTER_PG_DIR" || true
    CLUSTER_PG_DIR=""
}
at_exit stop_cluster

# json_true FILE EXPRESSION: whether the Python EXPRESSION holds of r, FILE's JSON.
json_true() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); sys.exit(not ($2))" "$1" 2>/dev/null; }

# part NAME: a fresh results folder and a demo server in memory (extra arguments go to todo-demo).
part() {
    part_folder "$1"
    shift
    start_server demo "$OUT/demo.log" "$DEMO" --port 0 --in-memory --dev --log-level warning "$@"
    URL=$URL_demo
}

# part_folder NAME: a fresh results folder (OUT) and the part's header line; the checks' lines
# go to its summary.txt too.
part_folder() {
    OUT="$RESULTS/$1"
    rm -rf "$OUT" && mkdir -p "$OUT"
    CHECK_LOG="$OUT/summary.txt"
    echo "== $1  ($(machine_line))" | tee "$OUT/summary.txt"
}

field() { sed -n "s/^$1: //p" "$2"; }

# wait_closed PORT: until no connection from 127.0.0.1 to PORT is open. Back-to-back wrk runs
# otherwise open their 62 connections while the server still counts the last run's against its
# per-address limit (64) — it then closes the excess, which wrk reports as read errors.
wait_closed() {
    wait_until 10 "the connections to port $1 to close" eval '[ "$(ss -Htn state established "( sport = :$1 )" dst 127.0.0.1 | wc -l)" -eq 0 ]' || true
}

# rss_spread TSV SKIP_SECONDS: "first min max last deviation%" of the RSS column after SKIP
# seconds; the deviation is the largest distance of a sample from the first, in percent of it.
rss_spread() {
    awk -v skip="$2" 'NR > 1 && $1 >= skip { if (n == 0) first = $2; if (min == "" || $2 < min) min = $2;
        if ($2 > max) max = $2; last = $2; n++ }
        END { if (n == 0) { print "0 0 0 0 999"; exit }
              up = max - first; down = first - min; d = (up > down ? up : down) * 100 / first
              printf "%d %d %d %d %.1f\n", first, min, max, last, d }' "$1"
}

if wants soak; then
    part soak
    "${CLIENT[@]}" login "$URL" "$SESSIONS" "$OUT/sessions.txt"
    "${CLIENT[@]}" watch "$URL" "$PID_demo" 10 "$OUT/watch.tsv" &
    watcher=$!
    echo "wrk -t2 -c64 -d$SOAK -s Stress/soak.lua $URL -- sessions.txt 2" >"$OUT/wrk.command"
    wrk -t2 -c64 -d"$SOAK" --latency -s "$ROOT/Stress/soak.lua" "$URL" -- "$OUT/sessions.txt" 2 \
        >"$OUT/wrk.txt" 2>"$OUT/wrk.err" || true
    cat "$OUT/wrk.txt" | tee -a "$OUT/summary.txt"
    alive=yes; kill -0 "$PID_demo" 2>/dev/null || alive=no
    stop_servers
    wait "$watcher" || true
    seconds=$(tail -1 "$OUT/watch.tsv" | cut -f1)
    read -r first min max last deviation < <(rss_spread "$OUT/watch.tsv" 120)
    echo "   RSS after 2 min warm-up (KiB): first $first, min $min, max $max, last $last; largest deviation $deviation% ($seconds s sampled)" | tee -a "$OUT/summary.txt"
    check "the server stayed up" "" [ "$alive" = yes ]
    check "zero unexpected statuses" "" [ "$(field unexpected "$OUT/wrk.txt")" = 0 ]
    check "zero socket errors" "" grep -q '^errors: connect=0 read=0 write=0 status=0 timeout=0$' "$OUT/wrk.txt"
    check "RSS flat within ±10% after warm-up" "" awk -v d="$deviation" 'BEGIN { exit !(d <= 10) }'
fi

if wants flood; then
    part flood --max-sessions "$FLOOD_CAP"
    "${CLIENT[@]}" login "$URL" 1 "$OUT/legit.txt"
    "${CLIENT[@]}" watch "$URL" "$PID_demo" 5 "$OUT/watch.tsv" &
    watcher=$!
    rm -f "$OUT/stop"
    "${CLIENT[@]}" legit "$URL" "$(cut -d' ' -f1 "$OUT/legit.txt")" "$OUT/stop" "$OUT/legit.json" &
    legit=$!
    # wrk runs for a duration, so the flood is rounds of 20 s until FLOOD requests are answered.
    for mode in none forged; do
        echo "wrk -t2 -c62 -d20s -s Stress/flood.lua $URL -- $mode  (rounds until $FLOOD answers)" >"$OUT/$mode.command"
        : >"$OUT/$mode.rounds"
        answered=0
        while [ "$answered" -lt "$FLOOD" ]; do
            wait_closed "$PORT_demo"
            wrk -t2 -c62 -d20s --latency -s "$ROOT/Stress/flood.lua" "$URL" -- "$mode" >>"$OUT/$mode.rounds" 2>&1 || true
            answered=$(awk '/^answered:/ { s += $2 } END { print s + 0 }' "$OUT/$mode.rounds")
            kill -0 "$PID_demo" 2>/dev/null || break
        done
        awk '/^answered:/ { a += $2 } /^unexpected:/ { u += $2 } /^new session cookies:/ { c += $4 }
             /^errors:/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); e[kv[1]] += kv[2] } }
             /^Requests\/sec:/ { r = r " " $2 }
             END { print "answered: " a; print "unexpected: " u; print "new session cookies: " c
                   printf "errors: connect=%d read=%d write=%d status=%d timeout=%d\n", e["connect"], e["read"], e["write"], e["status"], e["timeout"]
                   print "Requests/sec per round:" r }' "$OUT/$mode.rounds" >"$OUT/$mode.txt"
        echo "-- $mode cookie:" | tee -a "$OUT/summary.txt"
        sed 's/^/   /' "$OUT/$mode.txt" | tee -a "$OUT/summary.txt"
    done
    touch "$OUT/stop"
    wait "$legit" || true
    alive=yes; kill -0 "$PID_demo" 2>/dev/null || alive=no
    sleep 6  # one more sample from the watcher
    stop_servers
    wait "$watcher" || true
    peak_sessions=$(awk 'NR > 1 && $3 > m { m = $3 } END { print m + 0 }' "$OUT/watch.tsv")
    peak_rss=$(awk 'NR > 1 && $2 > m { m = $2 } END { print m + 0 }' "$OUT/watch.tsv")
    last_rss=$(tail -1 "$OUT/watch.tsv" | cut -f2)
    echo "   live sessions: peak $peak_sessions (cap $FLOOD_CAP); RSS peak $peak_rss KiB, last $last_rss KiB" | tee -a "$OUT/summary.txt"
    echo "   legitimate user: $(cat "$OUT/legit.json")" | tee -a "$OUT/summary.txt"
    check "the server stayed up" "" [ "$alive" = yes ]
    for mode in none forged; do
        check "$mode: every answer a 200 with a new session" "" [ "$(field unexpected "$OUT/$mode.txt")" = 0 ]
        check "$mode: zero socket errors" "" grep -q '^errors: connect=0 read=0 write=0 status=0 timeout=0$' "$OUT/$mode.txt"
        check "$mode: $FLOOD answers, each with a new cookie" "" \
            [ "$(field answered "$OUT/$mode.txt")" -ge "$FLOOD" -a "$(field 'new session cookies' "$OUT/$mode.txt")" -ge "$FLOOD" ]
    done
    check "live sessions never above the cap" "" [ "$peak_sessions" -le "$FLOOD_CAP" ]
    check "the legitimate session kept working" "" json_true "$OUT/legit.json" "r['wrong'] == 0 and r['requests'] >= 10"
fi

if wants bombs; then
    part bombs
    "${CLIENT[@]}" bombs "$URL" "$PID_demo" "$OUT/bombs.json" >/dev/null
    python3 - "$OUT/bombs.json" <<'PY' | tee -a "$OUT/summary.txt"
import json, sys
report = json.load(open(sys.argv[1]))
for key, value in report.items():
    print(f"   {key}: {value}")
PY
    alive=yes; kill -0 "$PID_demo" 2>/dev/null || alive=no
    stop_servers
    check "the server stayed up" "" [ "$alive" = yes ]
    check "no 500 anywhere" "" bash -c "! grep -q '\\b500\\b' '$OUT/bombs.json'"
    check "RSS grew by less than 64 MiB" "" json_true "$OUT/bombs.json" "r['rss_kib_end'] - r['rss_kib_start'] <= 65536"
fi

if wants shutdown; then
    part shutdown
    "${CLIENT[@]}" login "$URL" 96 "$OUT/sessions.txt"
    head -64 "$OUT/sessions.txt" >"$OUT/wrk-sessions.txt"
    tail -32 "$OUT/sessions.txt" >"$OUT/precise-sessions.txt"
    # Load: wrk (64 connections, the soak's mix) plus 32 precise clients that classify every
    # request; the server gets SIGTERM 8 s in. wrk cannot tell a refused new connection from a
    # lost request (a non-blocking connect refused shows as a write error), the precise clients can.
    echo "wrk -t2 -c64 -d20s -s Stress/soak.lua $URL -- wrk-sessions.txt 2; client.py until-stopped $URL precise-sessions.txt 32; SIGTERM after 8 s" >"$OUT/load.command"
    wrk -t2 -c64 -d20s -s "$ROOT/Stress/soak.lua" "$URL" -- "$OUT/wrk-sessions.txt" 2 >"$OUT/wrk.txt" 2>"$OUT/wrk.err" &
    load=$!
    "${CLIENT[@]}" until-stopped "$URL" "$OUT/precise-sessions.txt" 32 "$OUT/precise.json" >/dev/null &
    precise=$!
    sleep 8
    stop_server "$PID_demo"
    code=$SERVER_STATUS
    wait "$load" || true
    wait "$precise" || true
    cat "$OUT/wrk.txt" | tee -a "$OUT/summary.txt"
    echo "   precise clients: $(cat "$OUT/precise.json")" | tee -a "$OUT/summary.txt"
    grep -E 'draining|stopped|503' "$OUT/demo.log" | sed 's/^/   log: /' | tee -a "$OUT/summary.txt" || true
    check "exit code 0 after SIGTERM (was $code)" "" [ "$code" = 0 ]
    check "wrk: every answer expected (no 503, no 5xx)" "" [ "$(field unexpected "$OUT/wrk.txt")" = 0 ]
    check "wrk: zero read and timeout errors" "" grep -Eq '^errors: connect=[0-9]+ read=0 write=[0-9]+ status=0 timeout=0$' "$OUT/wrk.txt"
    check "precise clients: requests answered before the signal, none lost, none unexpected" "" \
        json_true "$OUT/precise.json" "r['answered'] > 0 and r['lost'] == 0 and r['unexpected'] == 0"
fi

if wants crash; then
    # kill -9 during a burst of writes, CRASH_ROUNDS times, restarting on the same SQLite file:
    # CRASH_CLIENTS sessions (a user each, registered once) create todos and pick their projects, each
    # logging what the server acknowledged (its 303) and what got no answer (in doubt); they
    # follow the server through restarts (new port each time, read from $OUT/url) and check
    # after each one that their session is still signed in and on its page. After the last
    # restart the client compares the users' lists with the logs.
    part_folder crash
    DATABASE="$OUT/demo.sqlite"
    crash_server() {
        start_server demo "$OUT/demo-$1.log" "$DEMO" --port 0 --database "$DATABASE" --dev --log-level warning
        echo "$URL_demo" >"$OUT/url.new" && mv "$OUT/url.new" "$OUT/url"
    }
    acks() { cat "$OUT"/client-*.log 2>/dev/null | grep -c '^ack' || true; }
    crash_server 0
    echo "client.py crash url $CRASH_CLIENTS; kill -9 after a random 0.5-4 s of burst, $CRASH_ROUNDS rounds" >"$OUT/load.command"
    "${CLIENT[@]}" crash "$OUT/url" "$CRASH_CLIENTS" "$OUT" >"$OUT/clients.out" 2>&1 &
    clients=$!
    wait_until 60 "the crash clients to sign in" eval '[ -e "$OUT/ready" ] || ! running "$clients"' || true
    : >"$OUT/rounds.txt"
    started=$(date +%s)
    for round in $(seq 1 "$CRASH_ROUNDS"); do
        [ "$round" -gt 1 ] && crash_server "$round"
        # The burst is on again once the clients got new acknowledgements from this server.
        before=$(acks)
        wait_until 30 "acknowledgements from this server" \
            eval '[ "$(acks)" -ge $((before + CRASH_CLIENTS)) ] || ! running "$clients"' || true
        ms=$((500 + RANDOM % 3500))
        delay=$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))
        sleep "$delay"
        stop_server "$PID_demo" KILL
        code=$SERVER_STATUS
        now=$(acks)
        echo "   round $round: kill -9 after $delay s of burst (exit $code), $((now - before)) acknowledgements from this server, $now in all" | tee -a "$OUT/rounds.txt" "$OUT/summary.txt"
        sleep "0.$((RANDOM % 10))"  # down a moment: the clients' requests are refused meanwhile
    done
    crash_server final
    touch "$OUT/stop"
    # The clients' last checks and the comparison: 2 minutes at most.
    wait_until 120 "the crash clients' last checks" eval '! running "$clients"' || true
    kill "$clients" 2>/dev/null || true
    clients_code=0
    wait "$clients" || clients_code=$?
    alive=yes; running "$PID_demo" || alive=no
    stop_server "$PID_demo"
    code=$SERVER_STATUS
    seconds=$(($(date +%s) - started))
    [ -s "$OUT/crash.json" ] || { echo "   the clients failed:"; tail -20 "$OUT/clients.out"; } | tee -a "$OUT/summary.txt"
    python3 - "$OUT/crash.json" "$CRASH_ROUNDS" "$seconds" <<'PY' | tee -a "$OUT/summary.txt"
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    sys.exit(0)
print(f"   {sys.argv[2]} rounds of kill -9 in {sys.argv[3]} s, {r['clients']} clients, {r['requests']} requests")
print(f"   creates: {r['acknowledged creates']} acknowledged, {r['found']} found, {r['lost']} lost "
      f"(wrong id {r['wrong id']}, duplicated {r['duplicated titles']}); {r['creates in doubt']} in doubt, "
      f"{r['in doubt and found']} of them committed; {r['todos in the list']} todos in the list")
print(f"   project picks: {r['acknowledged picks']} acknowledged, {r['picks lost']} lost; {r['picks in doubt']} in doubt, "
      f"{r['in doubt and committed']} of them committed")
print(f"   sessions after each restart: {r['sessions kept']} signed in ({r['sessions on their page']} on their page), "
      f"{r['sessions lost']} lost; after the last: {r['final sessions kept']} of {r['clients']} on their page")
print(f"   requests without an answer (at the kills): {r['unanswered']}; unexpected answers: {r['unexpected']}")
for line in r["unexpected answers"][:5] + [f for f in r["final sessions"] if f != "kept"][:5] + r["lost titles"][:5]:
    print(f"     {line}")
PY
    report() { json_true "$OUT/crash.json" "$1"; }
    check "the clients finished (exit $clients_code) and the server answered after the last restart" "" \
        [ "$clients_code" = 0 -a "$alive" = yes ]
    check "the last server stopped cleanly on SIGTERM (exit $code)" "" [ "$code" = 0 ]
    check "every round killed the server (exit 137) during the burst" "" \
        awk -v n="$CRASH_ROUNDS" -v c="$CRASH_CLIENTS" '/exit 137\), [0-9]+ acknowledgements from this server/ { if ($(NF - 7) >= c) k++ } END { exit k != n }' "$OUT/rounds.txt"
    check "0 acknowledged creates lost (and some acknowledged)" "" report "r['lost'] == 0 and r['wrong id'] == 0 and r['acknowledged creates'] >= 100"
    check "0 acknowledged project picks lost" "" report "r['picks lost'] == 0"
    check "no todo created twice" "" report "r['duplicated titles'] == 0"
    check "every session kept through every restart, on its page" "" \
        report "r['sessions lost'] == 0 and r['sessions on their page'] == r['sessions kept'] and r['final sessions kept'] == r['clients']"
    check "no unexpected answer (no 5xx, no 403)" "" report "r['unexpected'] == 0"
    check "PRAGMA integrity_check: ok on the data and the sessions files" "" python3 -c "
import sqlite3, sys
sys.exit(any(sqlite3.connect(f).execute('PRAGMA integrity_check').fetchone()[0] != 'ok'
             for f in ('$DATABASE', '${DATABASE%.sqlite}.sessions.sqlite')))"
fi

if wants cluster; then
    # The soak through nginx in front of three todo-demo-postgres instances sharing sessions and
    # data in PostgreSQL (cluster.sh, as `make cluster`), with kill -9 of one instance (then
    # another) during it, each restarted CLUSTER_DOWN seconds later on its port. Alongside wrk's
    # soak (alice's CLUSTER_SESSIONS sessions, the mix of Stress/soak.lua), CLUSTER_WRITERS writer
    # sessions of another user create todos and pick their projects, logging what the cluster
    # acknowledged; at the end every acknowledged change must be in the data, every session still
    # signed in, and every 5xx must be nginx's 502 for a request that was in flight on the instance
    # at the moment it was killed.
    part_folder cluster
    [ -x "$DEMO_POSTGRES" ] || { echo "stress: $DEMO_POSTGRES is missing (run without SKIP_BUILD)" >&2; exit 1; }
    seconds_of() { case "$1" in *h) echo $((${1%h} * 3600)) ;; *m) echo $((${1%m} * 60)) ;; *s) echo "${1%s}" ;; *) echo "$1" ;; esac; }
    soak_seconds=$(seconds_of "$CLUSTER_SOAK")
    read -ra kills <<<"$CLUSTER_KILLS"
    # PostgreSQL in a short folder under /tmp (the postgres user must reach it when we are root).
    CLUSTER_PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/signalbox-stress.XXXXXX")
    postgres_start "$CLUSTER_PG_DIR"
    cluster_up "$OUT/cluster" --port 0 --instances 3 --postgres-url "$POSTGRES_URL" --binary "$DEMO_POSTGRES" \
        --arg --dev --arg --log-level --arg warning
    URL=$CLUSTER_URL
    cp "$OUT/cluster/instances" "$OUT/instances-at-start"
    echo "   cluster $URL: instances (pid port) $(tr '\n' ' ' <"$OUT/cluster/instances"); PostgreSQL $POSTGRES_URL" | tee -a "$OUT/summary.txt"
    # The writers' user, with two projects of its own (SQL; its password hash at scrypt N = 16 so
    # that their sign-ins are cheap: the sessions and data are under test, not scrypt).
    writer_hash=$(python3 -c 'import hashlib, os; s = os.urandom(16); k = hashlib.scrypt(b"wonderland", salt=s, n=16, r=1, p=1, dklen=32); print(f"scrypt$16$1$1${s.hex()}${k.hex()}")')
    projects=$(psql -X -q -At -h 127.0.0.1 -p "$POSTGRES_PORT" -U postgres -d postgres \
        -c "INSERT INTO users (username, password_hash) VALUES ('writer', '$writer_hash')" \
        -c "INSERT INTO project (username, name) VALUES ('writer', 'Red'), ('writer', 'Blue') RETURNING id" | paste -sd, -)
    "${CLIENT[@]}" login "$URL" "$CLUSTER_SESSIONS" "$OUT/sessions.txt" 8
    python3 "$ROOT/Stress/cluster-soak.py" writers "$URL" writer wonderland "$projects" "$CLUSTER_WRITERS" 0.2 "$OUT" \
        >"$OUT/writers.out" 2>&1 &
    writers=$!
    wait_until 60 "the writers to sign in" eval '[ -e "$OUT/ready" ] || ! running "$writers"' || true
    {
        echo "Integrations/Postgres/scripts/cluster.sh --dir cluster --port 0 --instances 3 --postgres-url URL --binary todo-demo-postgres --arg --dev --arg --log-level --arg warning"
        echo "Stress/client.py login URL $CLUSTER_SESSIONS sessions.txt 8"
        echo "Stress/cluster-soak.py writers URL writer wonderland $projects $CLUSTER_WRITERS 0.2 FOLDER"
        echo "wrk -t2 -c64 -d$CLUSTER_SOAK --latency -s Stress/soak.lua URL -- sessions.txt 2"
        echo "kill -9 instance(s) $CLUSTER_KILLS, evenly spread: CLUSTER_DIR=cluster cluster.sh kill-instance N; sleep $CLUSTER_DOWN; cluster.sh start-instance N"
        echo "Stress/cluster-soak.py sessions URL sessions.txt sessions.json"
    } >"$OUT/load.command"
    started=$(date +%s)
    wrk -t2 -c64 -d"$CLUSTER_SOAK" --latency -s "$ROOT/Stress/soak.lua" "$URL" -- "$OUT/sessions.txt" 2 \
        >"$OUT/wrk.txt" 2>"$OUT/wrk.err" &
    load=$!
    : >"$OUT/kills.txt"
    count=${#kills[@]}
    for i in "${!kills[@]}"; do
        n=${kills[$i]}
        at=$((started + soak_seconds * (i + 1) / (count + 1)))
        now=$(date +%s)
        [ "$at" -gt "$now" ] && sleep $((at - now))
        read -r pid port <<<"$(sed -n "${n}p" "$OUT/cluster/instances")"
        killed=$(date +%s.%N)
        CLUSTER_DIR="$OUT/cluster" "$CLUSTER_SH" kill-instance "$n" KILL
        sleep "$CLUSTER_DOWN"
        restarted=$(date +%s.%N)
        CLUSTER_DIR="$OUT/cluster" "$CLUSTER_SH" start-instance "$n" >>"$OUT/restarts.txt" 2>&1 || echo "restart failed" >>"$OUT/restarts.txt"
        ready=$(date +%s.%N)
        read -r new_pid new_port <<<"$(sed -n "${n}p" "$OUT/cluster/instances")"
        echo "$n $pid $port $killed $restarted $ready $new_pid $new_port" >>"$OUT/kills.txt"
        printf '   instance %s (pid %s, port %s): kill -9 at %.0f s, started again at %.0f s (pid %s, port %s)\n' \
            "$n" "$pid" "$port" "$(echo "$killed - $started" | bc)" "$(echo "$ready - $started" | bc)" "$new_pid" "$new_port" \
            | tee -a "$OUT/summary.txt"
    done
    wait "$load" || true
    touch "$OUT/stop"
    writers_code=0
    wait "$writers" || writers_code=$?
    python3 "$ROOT/Stress/cluster-soak.py" sessions "$URL" "$OUT/sessions.txt" "$OUT/sessions.json" >/dev/null
    # Every instance answers (the restarted ones too).
    healthy=0
    while read -r pid port; do
        [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ] && healthy=$((healthy + 1))
    done <"$OUT/cluster/instances"
    rows=$(psql -X -q -At -h 127.0.0.1 -p "$POSTGRES_PORT" -U postgres -d postgres -c "SELECT count(*) FROM signalbox_session")
    stop_cluster
    cat "$OUT/wrk.txt" | tee -a "$OUT/summary.txt"
    python3 - "$OUT/writers.json" "$OUT/sessions.json" "$rows" <<'PY' | tee -a "$OUT/summary.txt"
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    r = None
if r:
    print(f"   writers: {r['writers']} sessions, {r['requests']} requests; creates: {r['acknowledged creates']} acknowledged, "
          f"{r['found']} found, {r['lost']} lost (wrong id {r['wrong id']}, duplicated {r['duplicated titles']}); "
          f"{r['creates in doubt']} in doubt, {r['in doubt and found']} of them made; {r['todos in the list']} todos in the list")
    print(f"   writers: project picks {r['acknowledged picks']} acknowledged, {r['picks lost']} lost, {r['picks in doubt']} in doubt; "
          f"requests in doubt {r['in doubt']} ({r['502 from nginx']} nginx 502, {r['no answer']} without an answer); "
          f"sessions lost {r['sessions lost']} (checked after each doubt: {r['session checks']}); "
          f"at the end {r['final sessions kept']} of {r['writers']} signed in; unexpected answers {r['unexpected']}")
    for line in r["unexpected answers"][:5] + r["lost titles"][:5]:
        print(f"     {line}")
s = json.load(open(sys.argv[2]))
print(f"   soak sessions at the end: {s['signed in']} of {s['sessions']} signed in, {s['lost']} lost, {s['in doubt']} without an answer; "
      f"{sys.argv[3]} session rows in PostgreSQL")
PY
    # nginx's access log: every 5xx must be a 502 of a request in flight on an instance when it was
    # killed (its upstream is that instance and it ended within 2 s of the kill); how many requests
    # nginx retried on another instance; and that each restarted instance served again.
    python3 - "$OUT/cluster/access.log" "$OUT/kills.txt" "$OUT/access.json" <<'PY' | tee -a "$OUT/summary.txt"
import datetime, json, re, sys
kills = [line.split() for line in open(sys.argv[2]) if line.strip()]
statuses, retried, explained, unexplained, served_after = {}, 0, 0, [], {k[0]: 0 for k in kills}
for line in open(sys.argv[1], errors="replace"):
    m = re.search(r'\[([^\]]+)\] "([^"]*)" (\d{3}) \d+ upstream=(.*?) upstream_status=(\S*)', line)
    if not m:
        continue
    when = datetime.datetime.strptime(m.group(1), "%d/%b/%Y:%H:%M:%S %z").timestamp()
    status, upstreams = m.group(3), m.group(4)
    statuses[status] = statuses.get(status, 0) + 1
    if "," in upstreams:
        retried += 1
    for n, pid, port, killed, restarted, ready, new_pid, new_port in kills:
        if when >= float(ready) and upstreams.split(",")[-1].strip().endswith(f":{new_port}") and status in ("200", "303"):
            served_after[n] += 1
    if status.startswith("5"):
        ok = status == "502" and any(upstreams.split(",")[-1].strip().endswith(f":{port}") and float(killed) - 1 <= when <= float(killed) + 2
                                     for n, pid, port, killed, *_ in kills)
        if ok:
            explained += 1
        else:
            unexplained.append(line.strip()[:300])
report = {"requests": sum(statuses.values()), "statuses": statuses, "retried on another instance": retried,
          "5xx at a kill": explained, "other 5xx": len(unexplained), "other 5xx lines": unexplained[:10],
          "served after restart": served_after}
json.dump(report, open(sys.argv[3], "w"), indent=1)
print(f"   nginx: {report['requests']} requests, statuses {' '.join(f'{k}={v}' for k, v in sorted(statuses.items()))}; "
      f"{retried} retried on another instance; 5xx: {explained} at a kill (502, in flight on the killed instance), {len(unexplained)} other")
print("   requests each restarted instance served afterwards: " + ", ".join(f"instance {k} {v}" for k, v in served_after.items()))
for line in unexplained[:5]:
    print(f"     {line}")
PY
    gzip -f "$OUT/cluster/access.log"
    # What the instances logged at warning or above (they run with --log-level warning).
    grep -vh '^--- ' "$OUT"/cluster/instance-*.log >"$OUT/instance-warnings.txt" || true
    echo "   instance log lines at warning or above: $(wc -l <"$OUT/instance-warnings.txt")$(head -3 "$OUT/instance-warnings.txt" | sed 's/^/\n     /' | cut -c1-250)" | tee -a "$OUT/summary.txt"
    wrk_statuses=$(field statuses "$OUT/wrk.txt")
    writers_report() { json_true "$OUT/writers.json" "$1"; }
    access_report() { json_true "$OUT/access.json" "$1"; }
    check "every kill -9 took an instance down and start-instance brought it back ($(wc -l <"$OUT/kills.txt") of $count)" "" \
        [ "$(wc -l <"$OUT/kills.txt")" -eq "$count" -a "$(grep -c 'restart failed' "$OUT/restarts.txt" || true)" -eq 0 ]
    check "all 3 instances ready at the end (/readyz: $healthy)" "" [ "$healthy" -eq 3 ]
    check "each restarted instance served requests again" "" access_report "all(v > 0 for v in r['served after restart'].values())"
    other_statuses=$(echo "$wrk_statuses" | tr ' ' '\n' | grep -v '^$' | grep -cvE '^(200|303|502)=' || true)
    check "soak: only 200 and 303, and nginx's 502s at the kills ($wrk_statuses)" "" [ "$other_statuses" -eq 0 ]
    check "soak: zero socket errors (connect, read, write, timeout)" "" grep -Eq '^errors: connect=0 read=0 write=0 status=[0-9]+ timeout=0$' "$OUT/wrk.txt"
    check "nginx: every 5xx is a 502 of a request in flight on the instance killed at that moment" "" access_report "r['other 5xx'] == 0"
    check "writers finished (exit $writers_code)" "" [ "$writers_code" = 0 ]
    check "0 acknowledged creates lost (and some acknowledged)" "" writers_report "r['lost'] == 0 and r['wrong id'] == 0 and r['acknowledged creates'] >= 100"
    check "0 acknowledged project picks lost" "" writers_report "r['picks lost'] == 0"
    check "no todo created twice" "" writers_report "r['duplicated titles'] == 0"
    check "writers: no session lost, all signed in at the end, no unexpected answer" "" \
        writers_report "r['sessions lost'] == 0 and r['final sessions kept'] == r['writers'] and r['unexpected'] == 0"
    check "soak: every session still signed in at the end" "" \
        json_true "$OUT/sessions.json" "r['signed in'] == r['sessions'] == $CLUSTER_SESSIONS"
fi

if wants fuzz; then
    OUT="$RESULTS/fuzz"
    rm -rf "$OUT" && mkdir -p "$OUT"
    CHECK_LOG="$OUT/summary.txt"
    for target in PathCodec Cookie Form JSONRequest; do
        echo "== fuzz $target ($FUZZ_RUNS runs)"
        if "$ROOT/Fuzz/run.sh" "$target" "$FUZZ_RUNS" >"$OUT/$target.log" 2>&1; then
            pass "$target: $(grep -E '^Done' "$OUT/$target.log")"
        else
            fail "$target" "see $OUT/$target.log and Fuzz/crashes/$target/"
        fi
    done
fi

checks_done "stress"
