#!/usr/bin/env bash
# Drafts (issue 37): what one save of a draft costs the server, against a page view, and the
# script's size.
#   Benchmarks/drafts/drafts.sh        (after Benchmarks/run.sh has built todo-demo; ONLY=drafts)
#   RUNS=3 DURATION=15s
# The demo on SQLite (make demo's default: the session row is written on every save) and
# --in-memory, 64 signed-in sessions each: wrk -t2 -c64 POSTs /_draft for the new-todo dialog
# (a title one letter longer each time, as after each pause in typing: every save changes the
# draft) and, for comparison in the same rounds, GETs the list page. CPU = the server's user +
# system time per request. The script's bytes are what /_signalbox/drafts.js serves (and gzip -9).
# Writes the "drafts" section of BENCHMARKS.md; raw outputs stay in Benchmarks/.build/results/drafts.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/drafts"
source "$ROOT/Benchmarks/lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT/db"
CREATE=/authenticated/todos/createTodo
LIST=/authenticated/todos
DEMO=("$BIN_DEMO" --port 0 --templates "$ROOT/Templates" --public "$ROOT/Public" --log-level warning)

start_server mem "$OUT/mem.log" "${DEMO[@]}" --in-memory
start_server sql "$OUT/sql.log" "${DEMO[@]}" --database "$OUT/db/todo-demo.sqlite"
for name in mem sql; do demo_data "$name"; done
curl -s "$URL_mem/_signalbox/drafts.js" >"$OUT/drafts.js"
wc -c <"$OUT/drafts.js" | tr -d ' ' >"$OUT/script-bytes"
gzip -9 -c "$OUT/drafts.js" | wc -c | tr -d ' ' >"$OUT/script-gzip-bytes"

echo "== drafts: wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION, $RUNS rounds"
for round in $(seq 1 "$RUNS"); do
    for name in mem sql; do
        wrk_server "$name" "$OUT/save-$name-$round.txt" "$ROOT/Benchmarks/drafts/drafts.lua" "$OUT/$name/demo-csrf.txt" "$CREATE"
        wrk_server "$name" "$OUT/page-$name-$round.txt" "$ROOT/Benchmarks/load/sessions.lua" "$OUT/$name/demo-many.txt" "$LIST"
    done
done
# The drafts the last run left: every session holds one, for the dialog.
python3 - "$ROOT" "$URL_sql" "$OUT/sql/demo-csrf.txt" >"$OUT/check.txt" <<'PY'
import sys
root, url, sessions = sys.argv[1:]
sys.path.insert(0, root + "/Tests/EndToEnd")
import signalbox_http as sb
cookie = open(sessions).readline().split()[0]
status, state = sb.Session(url, cookie=cookie).request("GET", "/authenticated/todos/createTodo")
drafts = state["tree"].get("drafts", [])
print("ok" if status == 200 and drafts and drafts[0]["path"] == "/authenticated/todos/createTodo" else f"missing {status} {drafts}")
PY
stop_servers

python3 - "$OUT" "$RUNS" "$(machine_line)" "$DURATION" >"$OUT/section.md" <<'PY'
import re, statistics, sys
out, runs, machine, duration = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]

def measure(kind, name, round):
    text = open(f"{out}/{kind}-{name}-{round}.txt").read()
    ticks, hz, switches = open(f"{out}/{kind}-{name}-{round}.txt.cpu").read().split()
    requests = int(re.search(r"(\d+) requests in", text).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p99 = re.search(r"\s99%\s+([\d.]+\w+)", text).group(1)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return rps, int(ticks) / int(hz) / requests * 1e6, p99, int(non2xx.group(1)) if non2xx else 0

rows, cpu = [], {}
for name, label in (("mem", "`--in-memory`"), ("sql", "SQLite (`make demo`)")):
    for kind, what in (("save", "draft saved (`POST /_draft`, 204)"), ("page", "list page (`GET`)")):
        results = [measure(kind, name, r) for r in range(1, runs + 1)]
        median = statistics.median(r[1] for r in results)
        cpu[(kind, name)] = median
        rows.append(f"| {label}, {what} | {statistics.median(r[0] for r in results):,.0f} | {median:.1f} µs | "
                     f"{', '.join(r[2] for r in results)} | {sum(r[3] for r in results)} |")
script = int(open(f"{out}/script-bytes").read())
gzipped = int(open(f"{out}/script-gzip-bytes").read())
check = open(f"{out}/check.txt").read().strip()
print("<!-- drafts:begin -->")
print("## Drafts: the script and what a save costs (issue 37)")
print()
print(f"{machine}. Command: `ONLY=drafts Benchmarks/run.sh` (script `Benchmarks/drafts/drafts.sh`): "
      f"wrk -t2 -c64 -d{duration}, {runs} rounds, 64 signed-in sessions; a save sends the new-todo dialog's "
      "title one letter longer each time (each one changes the draft, and the SQLite store writes the session).")
print()
print("| Server, request | req/s (median) | server CPU per request (median) | p99 per round | non-2xx |")
print("|---|---:|---:|---|---:|")
print("\n".join(rows))
print()
print(f"The script (`/_signalbox/drafts.js`): **{script:,} bytes** ({gzipped:,} gzipped; goal < 5 KB). "
      "It saves at most once per pause in typing (600 ms) and once when the page goes, so the per-keystroke "
      f"cost is at most one save: **{cpu[('save', 'sql')]:.0f} µs** of server CPU on SQLite "
      f"({cpu[('save', 'sql')] / cpu[('page', 'sql')]:.2f} × a list page), {cpu[('save', 'mem')]:.0f} µs in memory. "
      f"Drafts kept after the runs: {check}.")
print("<!-- drafts:end -->")
PY
write_section drafts "$OUT/section.md"
