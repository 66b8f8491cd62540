#!/usr/bin/env bash
# Long-running reliability checks (issue 7): `make stress`, or Stress/run.sh. Not part of CI's
# test command (they take minutes); the figures go to RELIABILITY.md.
#
#   Stress/run.sh                     soak, flood, bombs, shutdown (about 20 minutes on 2 cores)
#   ONLY=flood,bombs Stress/run.sh    some parts: soak, flood, bombs, shutdown, fuzz
#   SOAK=10m SESSIONS=1000            soak duration and sessions
#   FLOOD=1000000 FLOOD_CAP=100000    requests per flood (each: no cookie, forged cookies), session cap
#   FUZZ_RUNS=10000000                executions per fuzz target (the fuzz part runs all four)
#   SKIP_BUILD=1                      use the release todo-demo already built
#
# Every part runs the release todo-demo on a free port with --dev (for /_dev/sessions), drives it
# over HTTP only, checks what it must and exits non-zero when a check fails. Raw outputs go to
# .build-release/stress/<part>/; each part ends with a summary (also in summary.txt there).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
source "$ROOT/Benchmarks/lib.sh"
ONLY="${ONLY:-soak,flood,bombs,shutdown}"
SOAK="${SOAK:-10m}"
SESSIONS="${SESSIONS:-1000}"
FLOOD="${FLOOD:-1000000}"
FLOOD_CAP="${FLOOD_CAP:-100000}"
FUZZ_RUNS="${FUZZ_RUNS:-10000000}"
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

# part NAME: a fresh results folder and a demo server (extra arguments go to todo-demo).
part() {
    OUT="$RESULTS/$1"
    rm -rf "$OUT" && mkdir -p "$OUT"
    shift
    echo "== $(basename "$OUT")  ($(machine_line))" | tee "$OUT/summary.txt"
    start_server demo "$OUT/demo.log" "$DEMO" --port 0 --in-memory --dev --log-level warning "$@"
    URL="http://127.0.0.1:$PORT_demo"
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
