#!/usr/bin/env bash
# Long-running reliability checks (issue 7): `make stress`, or Stress/run.sh. Not part of CI's
# test command (they take minutes); the figures go to RELIABILITY.md.
#
#   Stress/run.sh                     soak, flood, bombs, shutdown, crash (about 20 minutes on 2 cores)
#   ONLY=flood,bombs Stress/run.sh    some parts: soak, flood, bombs, shutdown, crash, fuzz
#   SOAK=10m SESSIONS=1000            soak duration and sessions
#   FLOOD=1000000 FLOOD_CAP=100000    requests per flood (each: no cookie, forged cookies), session cap
#   CRASH_ROUNDS=5 CRASH_CLIENTS=16   kill -9 rounds and concurrent sessions of the crash part
#   FUZZ_RUNS=10000000                executions per fuzz target (the fuzz part runs all four)
#   SKIP_BUILD=1                      use the release todo-demo already built
#
# Every part runs the release todo-demo on a free port with --dev (for /_dev/sessions), in memory
# (--in-memory) except crash, which restarts it on one SQLite file; drives it over HTTP only,
# checks what it must and exits non-zero when a check fails. Raw outputs go to
# .build-release/stress/<part>/; each part ends with a summary (also in summary.txt there).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
source "$ROOT/Benchmarks/lib.sh"
ONLY="${ONLY:-soak,flood,bombs,shutdown,crash}"
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
wants() { [[ ",$ONLY," == *",$1,"* ]]; }
FAILED=0

for tool in swift wrk python3; do
    command -v "$tool" >/dev/null || { echo "stress: $tool is required (apt-get install wrk …)" >&2; exit 1; }
done
if [ -z "${SKIP_BUILD:-}" ]; then
    echo "== build (release)"
    swift build -c release --product todo-demo --scratch-path "$ROOT/.build-release"
fi
trap 'stop_servers' EXIT

# check NAME CONDITION...: prints "ok" or "FAILED" for a shell condition and remembers failures.
check() {
    local name=$1
    shift
    if "$@"; then
        echo "   ok      $name" | tee -a "$OUT/summary.txt"
    else
        echo "   FAILED  $name" | tee -a "$OUT/summary.txt"
        FAILED=1
    fi
}

# part NAME: a fresh results folder and a demo server in memory (extra arguments go to todo-demo).
part() {
    part_folder "$1"
    shift
    start_server demo "$OUT/demo.log" "$DEMO" --port 0 --in-memory --dev --log-level warning "$@"
    URL="http://127.0.0.1:$PORT_demo"
}

# part_folder NAME: a fresh results folder (OUT) and the part's header line.
part_folder() {
    OUT="$RESULTS/$1"
    rm -rf "$OUT" && mkdir -p "$OUT"
    echo "== $1  ($(machine_line))" | tee "$OUT/summary.txt"
}

field() { sed -n "s/^$1: //p" "$2"; }

# wait_closed PORT: until no connection from 127.0.0.1 to PORT is open. Back-to-back wrk runs
# otherwise open their 62 connections while the server still counts the last run's against its
# per-address limit (64) — it then closes the excess, which wrk reports as read errors.
wait_closed() {
    for _ in $(seq 1 200); do
        [ "$(ss -Htn state established "( sport = :$1 )" dst 127.0.0.1 | wc -l)" -eq 0 ] && return
        sleep 0.05
    done
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
    check "the server stayed up" [ "$alive" = yes ]
    check "zero unexpected statuses" [ "$(field unexpected "$OUT/wrk.txt")" = 0 ]
    check "zero socket errors" grep -q '^errors: connect=0 read=0 write=0 status=0 timeout=0$' "$OUT/wrk.txt"
    check "RSS flat within ±10% after warm-up" awk -v d="$deviation" 'BEGIN { exit !(d <= 10) }'
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
    check "the server stayed up" [ "$alive" = yes ]
    for mode in none forged; do
        check "$mode: every answer a 200 with a new session" [ "$(field unexpected "$OUT/$mode.txt")" = 0 ]
        check "$mode: zero socket errors" grep -q '^errors: connect=0 read=0 write=0 status=0 timeout=0$' "$OUT/$mode.txt"
        check "$mode: $FLOOD answers, each with a new cookie" \
            [ "$(field answered "$OUT/$mode.txt")" -ge "$FLOOD" -a "$(field 'new session cookies' "$OUT/$mode.txt")" -ge "$FLOOD" ]
    done
    check "live sessions never above the cap" [ "$peak_sessions" -le "$FLOOD_CAP" ]
    check "the legitimate session kept working" python3 -c "import json,sys; r=json.load(open('$OUT/legit.json')); sys.exit(r['wrong'] != 0 or r['requests'] < 10)"
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
    check "the server stayed up" [ "$alive" = yes ]
    check "no 500 anywhere" bash -c "! grep -q '\\b500\\b' '$OUT/bombs.json'"
    check "RSS grew by less than 64 MiB" python3 -c "import json,sys; r=json.load(open('$OUT/bombs.json')); sys.exit(r['rss_kib_end'] - r['rss_kib_start'] > 65536)"
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
    kill -TERM "$PID_demo"
    set +e
    wait "$PID_demo"
    code=$?
    set -e
    SERVER_PIDS=()
    wait "$load" || true
    wait "$precise" || true
    cat "$OUT/wrk.txt" | tee -a "$OUT/summary.txt"
    echo "   precise clients: $(cat "$OUT/precise.json")" | tee -a "$OUT/summary.txt"
    grep -E 'draining|stopped|503' "$OUT/demo.log" | sed 's/^/   log: /' | tee -a "$OUT/summary.txt" || true
    check "exit code 0 after SIGTERM (was $code)" [ "$code" = 0 ]
    check "wrk: every answer expected (no 503, no 5xx)" [ "$(field unexpected "$OUT/wrk.txt")" = 0 ]
    check "wrk: zero read and timeout errors" grep -Eq '^errors: connect=[0-9]+ read=0 write=[0-9]+ status=0 timeout=0$' "$OUT/wrk.txt"
    check "precise clients: requests answered before the signal, none lost, none unexpected" python3 -c "import json,sys; r=json.load(open('$OUT/precise.json')); sys.exit(not (r['answered'] > 0 and r['lost'] == 0 and r['unexpected'] == 0))"
fi

if wants crash; then
    # kill -9 during a burst of writes, CRASH_ROUNDS times, restarting on the same SQLite file:
    # CRASH_CLIENTS sessions (alice, logged in once) create todos and pick their projects, each
    # logging what the server acknowledged (its 303) and what got no answer (in doubt); they
    # follow the server through restarts (new port each time, read from $OUT/url) and check
    # after each one that their session is still signed in and on its page. After the last
    # restart the client compares alice's list with the logs.
    part_folder crash
    DATABASE="$OUT/demo.sqlite"
    crash_server() {
        start_server demo "$OUT/demo-$1.log" "$DEMO" --port 0 --database "$DATABASE" --dev --log-level warning
        echo "http://127.0.0.1:$PORT_demo" >"$OUT/url.new" && mv "$OUT/url.new" "$OUT/url"
    }
    acks() { cat "$OUT"/client-*.log 2>/dev/null | grep -c '^ack' || true; }
    crash_server 0
    echo "client.py crash url $CRASH_CLIENTS; kill -9 after a random 0.5-4 s of burst, $CRASH_ROUNDS rounds" >"$OUT/load.command"
    "${CLIENT[@]}" crash "$OUT/url" "$CRASH_CLIENTS" "$OUT" >"$OUT/clients.out" 2>&1 &
    clients=$!
    for _ in $(seq 1 600); do
        [ -e "$OUT/ready" ] || ! kill -0 "$clients" 2>/dev/null && break
        sleep 0.1
    done
    : >"$OUT/rounds.txt"
    started=$(date +%s)
    for round in $(seq 1 "$CRASH_ROUNDS"); do
        [ "$round" -gt 1 ] && crash_server "$round"
        # The burst is on again once the clients got new acknowledgements from this server.
        before=$(acks)
        for _ in $(seq 1 300); do
            [ "$(acks)" -ge $((before + CRASH_CLIENTS)) ] || ! kill -0 "$clients" 2>/dev/null && break
            sleep 0.1
        done
        ms=$((500 + RANDOM % 3500))
        delay=$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))
        sleep "$delay"
        kill -KILL "$PID_demo"
        code=0
        wait "$PID_demo" 2>/dev/null || code=$?
        SERVER_PIDS=()
        now=$(acks)
        echo "   round $round: kill -9 after $delay s of burst (exit $code), $((now - before)) acknowledgements from this server, $now in all" | tee -a "$OUT/rounds.txt" "$OUT/summary.txt"
        sleep "0.$((RANDOM % 10))"  # down a moment: the clients' requests are refused meanwhile
    done
    crash_server final
    touch "$OUT/stop"
    for _ in $(seq 1 1200); do  # the clients' last checks and the comparison: 2 minutes at most
        kill -0 "$clients" 2>/dev/null || break
        sleep 0.1
    done
    kill "$clients" 2>/dev/null || true
    clients_code=0
    wait "$clients" || clients_code=$?
    alive=yes; kill -0 "$PID_demo" 2>/dev/null || alive=no
    kill -TERM "$PID_demo" 2>/dev/null || true
    code=0
    wait "$PID_demo" 2>/dev/null || code=$?
    SERVER_PIDS=()
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
    report() { python3 -c "import json,sys; r=json.load(open('$OUT/crash.json')); sys.exit(not ($1))" 2>/dev/null; }
    check "the clients finished (exit $clients_code) and the server answered after the last restart" \
        [ "$clients_code" = 0 -a "$alive" = yes ]
    check "the last server stopped cleanly on SIGTERM (exit $code)" [ "$code" = 0 ]
    check "every round killed the server (exit 137) during the burst" \
        awk -v n="$CRASH_ROUNDS" -v c="$CRASH_CLIENTS" '/exit 137\), [0-9]+ acknowledgements from this server/ { if ($(NF - 7) >= c) k++ } END { exit k != n }' "$OUT/rounds.txt"
    check "0 acknowledged creates lost (and some acknowledged)" report "r['lost'] == 0 and r['wrong id'] == 0 and r['acknowledged creates'] >= 100"
    check "0 acknowledged project picks lost" report "r['picks lost'] == 0"
    check "no todo created twice" report "r['duplicated titles'] == 0"
    check "every session kept through every restart, on its page" \
        report "r['sessions lost'] == 0 and r['sessions on their page'] == r['sessions kept'] and r['final sessions kept'] == r['clients']"
    check "no unexpected answer (no 5xx, no 403)" report "r['unexpected'] == 0"
    check "PRAGMA integrity_check: ok on the data and the sessions files" python3 -c "
import sqlite3, sys
sys.exit(any(sqlite3.connect(f).execute('PRAGMA integrity_check').fetchone()[0] != 'ok'
             for f in ('$DATABASE', '${DATABASE%.sqlite}.sessions.sqlite')))"
fi

if wants fuzz; then
    OUT="$RESULTS/fuzz"
    rm -rf "$OUT" && mkdir -p "$OUT"
    for target in PathCodec Cookie Form JSONRequest; do
        echo "== fuzz $target ($FUZZ_RUNS runs)"
        if "$ROOT/Fuzz/run.sh" "$target" "$FUZZ_RUNS" >"$OUT/$target.log" 2>&1; then
            echo "   ok      $target: $(grep -E '^Done' "$OUT/$target.log")" | tee -a "$OUT/summary.txt"
        else
            echo "   FAILED  $target: see $OUT/$target.log and Fuzz/crashes/$target/" | tee -a "$OUT/summary.txt"
            FAILED=1
        fi
    done
fi

exit "$FAILED"
