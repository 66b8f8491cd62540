#!/usr/bin/env python3
"""Turns the raw outputs of the benchmark scripts into BENCHMARKS.md sections (on stdout).

  report.py PART OUT_DIR MACHINE_LINE [ARGS...]

PART: load, sessions, render, durable, scaleout, embedding, cost (Benchmarks/PART/PART.sh),
mhd (Benchmarks/mhd-hello/run.sh; ARGS: flags, pool), forms (ARGS: clients, MB, low, high) or
viewmodels (ARGS: low, high).
"""
import glob
import json
import os
import re
import statistics
import sys

# ---------------------------------------------------------------- wrk outputs and figures


def seconds(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1.0}[unit]


def size_bytes(text):
    value, unit = re.match(r"([\d.]+)([KMGT]?B)", text).groups()
    return float(value) * {"B": 1, "KB": 1024, "MB": 1024**2, "GB": 1024**3, "TB": 1024**4}[unit]


def parse_wrk(path):
    """One wrk --latency output: req/s, p50, p99 (s), requests, bytes per response, errors."""
    text = open(path).read()
    match = re.search(r"(\d+) requests in [\d.]+\w+, ([\d.]+\w+) read", text)
    requests, read = int(match.group(1)), size_bytes(match.group(2))
    errors = re.search(r"Socket errors:.*", text)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)),
        "p50": seconds(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1)),
        "p99": seconds(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1)),
        "requests": requests, "bytes": read / max(requests, 1),
        "errors": errors.group(0) if errors else "", "non2xx": int(non2xx.group(1)) if non2xx else 0,
    }


def runs(out, name, cpu=False):
    """The rounds NAME-1.txt, NAME-2.txt, … of one case; with `cpu`, each row also gets "cpu"
    (server CPU seconds per request) and "switches" from NAME-N.txt.cpu (run_wrk's)."""
    files = sorted(glob.glob(os.path.join(out, f"{name}-*.txt")),
                   key=lambda f: int(re.search(r"-(\d+)\.txt$", f).group(1)))
    rows = [parse_wrk(f) for f in files]
    for path, row in zip(files, rows):
        if cpu and os.path.exists(path + ".cpu"):
            fields = open(path + ".cpu").read().split()
            row["cpu"] = int(fields[0]) / int(fields[1]) / max(row["requests"], 1)
            if len(fields) > 2:
                row["switches"] = int(fields[2]) / max(row["requests"], 1)
    return rows


def median(rows, key):
    return statistics.median(r[key] for r in rows)


def medians(rows, keys=("rps", "p50", "p99", "bytes", "cpu")):
    """The median of each key all rows have."""
    return {k: median(rows, k) for k in keys if rows and all(k in r for r in rows)}


def ms(value):
    return f"{value * 1000:.2f} ms"


def us(value):
    return f"{value * 1e6:,.0f} µs"


def fmt_rps(value):
    return f"{value:,.0f}"


def goal(ok):
    return "**met**" if ok else "**missed**"


def wrk_problems(data):
    """The rounds where wrk saw socket errors or non-2xx answers, one phrase each."""
    return [f"{name} round {index}: {row['errors']} {'non-2xx ' + str(row['non2xx']) if row['non2xx'] else ''}".strip()
            for name, rows in data.items() for index, row in enumerate(rows, 1) if row["errors"] or row["non2xx"]]


NO_PROBLEMS = "wrk reported no socket errors and no non-2xx/3xx responses in any run."


def problems_line(problems, fine=NO_PROBLEMS, prefix="wrk reported: "):
    return prefix + "; ".join(problems) + "." if problems else fine


# ---------------------------------------------------------------- the results folder


def text(out, name):
    return open(os.path.join(out, name)).read().strip()


def read_info(out, name):
    """A "KEY VALUE…" file as a dict."""
    path = os.path.join(out, name)
    return {k: v.strip() for k, v in (line.split(None, 1) for line in open(path) if line.strip())}


def repo_root(out):
    """The repository folder (with a trailing slash): results live in <root>/Benchmarks/.build/results/<part>."""
    return out.split("/Benchmarks/.build/")[0] + "/"


def command_text(out, file):
    """A recorded command line with the port and the repository's folder taken out, or ""."""
    path = os.path.join(out, file)
    if not os.path.exists(path):
        return ""
    line = re.sub(r"http://127\.0\.0\.1:\d+", "http://127.0.0.1:PORT", open(path).read().strip())
    return line.replace(repo_root(out), "")


def command(out, name):
    """The wrk command of NAME's first round."""
    return command_text(out, f"{name}-1.txt.command")


def duration(out, name):
    """The -d of NAME's wrk command."""
    return re.search(r" -d(\S+)", command(out, name)).group(1)


def commands(out, names):
    """"NAME: COMMAND" of each case that has a recorded wrk command."""
    return [f"{name}: {command(out, name)}" for name in names if command(out, name)]


def rss_lines(out):
    """ "Resident memory after the runs: …" from rss.txt (record_rss) and a blank line, if any."""
    if not os.path.exists(os.path.join(out, "rss.txt")):
        return []
    rss = read_info(out, "rss.txt")
    return ["Resident memory after the runs: "
            "" + ", ".join(f"{n} {int(k) / 1024:,.1f} MiB" for n, k in rss.items()) + ".", ""]


class Section:
    """One BENCHMARKS.md section: <!-- NAME:begin -->, its heading, …, <!-- NAME:end -->."""

    def __init__(self, name, heading):
        self.name = name
        self.lines = [f"<!-- {name}:begin -->", heading, ""]

    def add(self, *lines):
        self.lines += lines

    def table(self, header, align, rows):
        """A Markdown table: header cells, their alignments ("l" or "r"), rows of cells."""
        self.add("| " + " | ".join(header) + " |", "|" + "".join("---|" if a == "l" else "---:|" for a in align))
        self.add(*("|" + "".join(f" {cell} |" if cell != "" else " |" for cell in row) for row in rows))

    def print(self):
        print("\n".join(self.lines + [f"<!-- {self.name}:end -->"]))


def created_cells(info):
    """(bytes per session, cells: created, seconds, RSS before, RSS after) of create_sessions' INFO."""
    before, after, created = int(info["rss_before_kib"]), int(info["rss_after_kib"]), int(info["created"])
    per = (after - before) * 1024 / max(created, 1)
    return per, [f"{created:,}", f"{float(info['seconds']):.1f} s", f"{before / 1024:.1f} MiB",
                 f"{after / 1024:.1f} MiB"]


# ---------------------------------------------------------------- the sections


def load(out, machine):
    cases = [
        ("a", "(a) plain C libmicrohttpd hello (`Benchmarks/mhd-hello/hello.c`)"),
        ("a2", "(a′) the same C server answering the demo's list page (the bytes c serves) from memory"),
        ("b", "(b) Signalbox hello route (`HTTPServer` + `Responder`, `Benchmarks/mhd-hello`)"),
        ("c1", "(c) todo list, 20 todos, full layout — one session shared by all 64 connections"),
        ("c64", "(c) todo list, 20 todos, full layout — one session per connection (64 sessions)"),
        ("d1", "(d) list ↔ todo 1 on every request — one shared session"),
        ("d64", "(d) list ↔ todo 1 on every request of each session — 64 sessions"),
        ("f64", "(f) revalidation of c: `If-None-Match` with the session's `ETag` → `304`, 64 sessions"),
        ("e1", "(e) Hummingbird 2.28.1 + swift-mustache, same page — one session"),
        ("e64", "(e) Hummingbird 2.28.1 + swift-mustache, same page — 64 sessions"),
        ("x64", "(c′) as c, 64 sessions, demo app forced to swift-mustache (`engine: .swiftMustache`)"),
        ("y64", "(d′) as d, 64 sessions, demo app forced to swift-mustache (`engine: .swiftMustache`)"),
    ]
    data = {name: runs(out, name) for name, _ in cases}
    med = {name: medians(rows) for name, rows in data.items() if rows}
    s = Section("load", "## HTTP under load (issue 6.1)")
    s.add(f"Measured {machine}.",
          f"Command: `Benchmarks/run.sh` (part `load`, i.e. `ONLY=load Benchmarks/run.sh`; script "
          f"`Benchmarks/load/load.sh`). All servers run at once and each round measures every case in "
          f"turn (a, a′, b, c, d, f, e, c′, d′), {len(data['a'])} rounds; each measurement is one wrk run after a 2 s "
          f"warm-up and a 1 s pause; the table gives the median of the rounds. wrk and the servers share "
          f"the same cores, so absolute numbers are low and noisy: read the ratios.", "")
    s.add("Sessions and data are set up through the public HTTP interface only "
          "(`Benchmarks/load/client.py`): log in as alice over JSON (GET → cookie + `csrf`, POST the "
          "login form with `X-CSRF-Token`), add todos \"Todo number 5…20\" through the new-todo dialog, "
          "then log in 64 more sessions. wrk sends the cookies with `Benchmarks/load/sessions.lua`: with "
          "one id every connection sends the same session; with 64 ids each wrk thread hands its 32 ids "
          "out round-robin, one per request, so each in-flight request carries its own session (wrk's "
          "Lua has no per-connection hook; round-robin over as many ids as connections is equivalent "
          "while responses return in order). For d, each session alternates "
          "`/authenticated/todos` and `/authenticated/todos/todo/1` on its own requests, so every request "
          "pops or pushes its tree. For f, each session sends its list page's `ETag` (fetched once by "
          "`client.py`, which checks that it answers `304` with no body) in `If-None-Match`: the bytes per "
          "response show every answer was a bodiless `304`.", "")
    page = os.path.getsize(os.path.join(out, "demo-page.html"))
    hb_page = os.path.getsize(os.path.join(out, "hb-page.html"))
    s.add(f"HTML bodies: the demo's list page is {page:,} bytes; Hummingbird's is {hb_page:,} bytes and "
          f"**{text(out, 'body-e')}** (byte for byte, `cmp`); the demo app forced to swift-mustache gives "
          f"**{text(out, 'body-x')}**. Response headers are the same set too (the peer adds SignalboxWeb's security "
          "headers).", "")
    s.table(["Case", "median req/s", "p50", "p99", "req/s per round", "bytes/response"], "lrrrlr",
            [[label, f"**{fmt_rps(med[name]['rps'])}**", ms(med[name]["p50"]), ms(med[name]["p99"]),
              ", ".join(fmt_rps(r["rps"]) for r in data[name]), f"{med[name]['bytes']:,.0f}"]
             for name, label in cases if name in med])
    s.add("", problems_line(wrk_problems(data)), "")

    def ratio(x, y):
        return med[x]["rps"] / med[y]["rps"]

    c_a, c_e, p99 = ratio("c64", "a"), ratio("c64", "e64"), med["c64"]["p99"]
    rows = [["c / a", f"**{c_a:.2f}** ({ratio('c1', 'a'):.2f})", f"(issue 6: ≥ 0.5: {goal(c_a >= 0.5)})"]]
    if "a2" in med:
        c_a2 = ratio("c64", "a2")
        rows += [["c / a′ (the page's bytes from C)", f"**{c_a2:.2f}** ({ratio('c1', 'a2'):.2f})",
                  f"≥ 0.5 (stretch 0.8): {goal(c_a2 >= 0.5)}"],
                 ["a′ / a", f"{ratio('a2', 'a'):.2f}", "(what 8 KB of body cost C)"]]
    if "f64" in med:
        f_a = ratio("f64", "a")
        rows += [["f / a (304 revalidation)", f"**{f_a:.2f}**", f"≥ 0.8: {goal(f_a >= 0.8)}"],
                 ["f / c", f"{ratio('f64', 'c64'):.2f}", ""]]
    rows += [["d / a", f"**{ratio('d64', 'a'):.2f}** ({ratio('d1', 'a'):.2f})", "—"],
             ["c / e", f"**{c_e:.2f}** ({ratio('c1', 'e1'):.2f})", f"≥ 1.2: {goal(c_e >= 1.2)}"],
             ["b / a", f"{ratio('b', 'a'):.2f}", "(hello route, for reference)"],
             ["c′ / a (swift-mustache engine)", f"{ratio('x64', 'a'):.2f}", ""],
             ["c′ / e (swift-mustache engine)", f"{ratio('x64', 'e64'):.2f}", ""],
             ["d′ / a (swift-mustache engine)", f"{ratio('y64', 'a'):.2f}", ""],
             ["p99 of c at 64 connections", f"{ms(p99)} ({ms(med['c1']['p99'])})", f"< 2 ms: {goal(p99 < 0.002)}"]]
    s.add("Ratios of median req/s (64-session variant; one-shared-session variant in brackets):", "")
    s.table(["Ratio", "value", "goal"], "lrl", rows)
    s.add("", "One shared session vs one session per connection: Signalbox runs one session's requests one at a time, "
          "but a request waiting for its session suspends on the session's async lock (its connection is suspended; "
          "libmicrohttpd's worker serves other connections meanwhile), the lock is held only while the tree is "
          "reshaped and the page's data loaded, and the page is rendered after it is released; so one cookie on 64 "
          "connections runs about as fast as 64 cookies (issue 13's goal: ≥ 0.9). Hummingbird's peer holds its "
          "session dictionary's lock only for the lookup, so its two variants differ only by noise.", "")
    s.add(*rss_lines(out))
    s.add("Exact wrk commands (first round; PORT is the server's, picked at start):", "", "```",
          *commands(out, [name for name, _ in cases]), "```", "", "Latency p50 / p99 per round:", "")
    s.table(["Case", "rounds"], "ll", [[name, "; ".join(f"{ms(r['p50'])} / {ms(r['p99'])}" for r in data[name])]
                                       for name, _ in cases if data.get(name)])
    s.print()


def sessions(out, machine):
    sizes = [int(size) for size in text(out, "sizes").split()]
    info = {size: read_info(out, f"size-{size}.info") for size in sizes}
    data = {size: runs(out, f"s{size}") for size in sizes}
    s = Section("sessions", "## Sessions at scale (issue 6.2)")
    s.add(f"Measured {machine}.",
          "Command: `ONLY=sessions Benchmarks/run.sh` (script `Benchmarks/sessions/sessions.sh`). One fresh "
          "`todo-demo` per size, all running at once. Sessions are created through HTTP by "
          "`Benchmarks/load/create-sessions.lua` (wrk, 2 threads × 32 connections): per session a cookieless "
          "`GET /authenticated/todos/todo/1/todo/2` (JSON; the guard sends it to the login page and keeps "
          "the path as pending) and the login POST with the session's CSRF token, which rotates the id and "
          "continues to the pending path — so every session is logged in as alice with a 3-deep Todos "
          "stack (list → todo 1 → todo 2). RSS is `VmRSS` from `/proc/PID/status` after the 20-todo set-up "
          "and again 2 s after the last session exists; bytes per session = ΔRSS / sessions. Then, in "
          f"{len(data[sizes[0]])} rounds alternating the servers, `wrk -t2 -c64 -d15s` cycles through every "
          "session's cookie (ids split between wrk's threads, round-robin per request) asking each for its own "
          "current page `/authenticated/todos/todo/1/todo/2`, so every request does the same work (look-up, a no-op "
          "`apply(path:)`, render of the 3-deep todo page) and only the number of live sessions differs.", "")
    base = median(data[sizes[0]], "rps")
    per_session, rows = {}, []
    for size in sizes:
        per_session[size], cells = created_cells(info[size])
        rps = median(data[size], "rps")
        rows.append(cells + [f"{per_session[size]:,.0f}", f"**{fmt_rps(rps)}**", ms(median(data[size], "p50")),
                             ms(median(data[size], "p99")), ", ".join(fmt_rps(r["rps"]) for r in data[size]),
                             f"{rps / base:.2f}"])
    s.table(["Live sessions", "created in", "RSS before", "RSS after", "bytes / session", "median req/s", "p50", "p99",
             "req/s per round", "vs smallest"], "rrrrrrrrlr", rows)
    largest = sizes[-1]
    # With fewer sessions than wrk's 64 connections, requests queue on sessions' locks: judge
    # flatness from the first size with at least one session per connection.
    reference = next((size for size in sizes if size >= 64), sizes[0])
    flat = median(data[largest], "rps") / median(data[reference], "rps")
    s.add("", f"Goals: ≤ 4 KB per idle session — {per_session[largest]:,.0f} bytes at {largest:,} sessions: "
          f"{goal(per_session[largest] <= 4096)}; flat req/s across session counts — {largest:,} sessions "
          f"serve {flat:.2f}× the req/s of {reference:,}: {goal(flat >= 0.9)} (goal: within 10 %). The bytes "
          f"per session for {sizes[0]} sessions are noise (a few KiB of RSS); the larger sizes give the "
          f"per-session cost. With {sizes[0]} sessions and 64 connections about {64 // max(sizes[0], 1)} in-flight "
          "requests share each session's lock and wait for each other, which lowers that row's req/s: "
          "it measures contention, not the number of sessions, so flatness is read from "
          f"{reference:,} sessions up.", "")
    problems = wrk_problems(data) + [f"{size}: {info[size]['failed']} session creations failed"
                                     for size in sizes if info[size].get("failed", "0") != "0"]
    s.add(problems_line(problems, "wrk reported no socket errors and no non-2xx/3xx responses; every session was "
                        "created.", "Problems: "), "", "Exact commands (first size, first round):", "", "```")
    s.add(*filter(None, [command_text(out, f"create-{sizes[0]}.command")]), command(out, f"s{sizes[0]}"), "```")
    s.print()


def render(out, machine):
    s = Section("render", "## Render and in-process request microbenchmarks (issue 6.3)")
    s.add(f"Measured {machine}.", text(out, "render.md"))
    s.print()


def durable(out, machine):
    labels = {
        "cmem": "(c) list page, 64 sessions — memory",
        "csql": "(c) list page, 64 sessions — SQLite",
        "cses": "(c) list page, 64 sessions — SQLite sessions, data in memory",
        "dmem": "(d) list ↔ todo 1, 64 sessions — memory",
        "dsql": "(d) list ↔ todo 1, 64 sessions — SQLite (a changed tree: one committed row per request)",
        "dses": "(d) list ↔ todo 1, 64 sessions — SQLite sessions, data in memory",
        "hib": "(h) list page, 64 sessions — SQLite, `--hot-sessions 1` "
               "(restored from its row on nearly every request)",
    }
    cases = {name: runs(out, name, cpu=True) for name in labels}
    med = {name: medians(rows) for name, rows in cases.items() if rows}
    s = Section("durable", "## Durable sessions: SQLite vs memory")
    s.add(f"Measured {machine}; SQLite files on {text(out, 'filesystem')} (a virtual disk; `fsync` ≈ 0.3 ms).",
          "Command: `ONLY=durable Benchmarks/run.sh` (script `Benchmarks/durable/durable.sh`). Four `todo-demo` "
          "servers run at once: **memory** (`--in-memory`), **SQLite** (`--database db/hot.sqlite`: data in "
          "`hot.sqlite`, sessions in `hot.sessions.sqlite`, default `--hot-sessions 10000`, so all 64 sessions "
          "stay live), **SQLite sessions** (`--in-memory --sessions db/ses.sessions.sqlite`: the session store "
          "alone, the demo's data in memory) and **hibernating** (`--database db/hib.sqlite --hot-sessions 1`). "
          "Each gets 20 todos and 1 + 64 logged-in sessions through HTTP (`Benchmarks/load/client.py`, as in the "
          "load section); wrk sends the 64 cookies round-robin with `Benchmarks/load/sessions.lua` exactly as load's "
          f"c64/d64 rows. {len(cases['cmem'])} rounds; in each, c memory/SQLite/SQLite sessions, d the same (memory "
          "first in odd rounds, last in even ones), then the hibernating server's list page; each measurement is one "
          f"`wrk -t2 -c64 -d{duration(out, 'cmem')} --latency` after a warm-up and a 1 s pause. wrk and the servers "
          "share the same cores: read the ratios. Server CPU per request is the server's user + system time during "
          "the measured run (`/proc/PID/stat`) divided by the requests served: less sensitive to the shared machine "
          "than req/s.", "")
    s.add(f"List page body, memory vs SQLite: **{text(out, 'body')}** (byte for byte, `cmp`).", "")
    s.table(["Case", "median req/s", "p50", "p99", "server CPU / request", "req/s per round", "p99 per round",
             "bytes/response"], "lrrrrllr",
            [[label, f"**{fmt_rps(m['rps'])}**", ms(m["p50"]), ms(m["p99"]), us(m["cpu"]),
              ", ".join(fmt_rps(r["rps"]) for r in cases[name]), ", ".join(ms(r["p99"]) for r in cases[name]),
              f"{m['bytes']:,.0f}"] for name, label in labels.items() if (m := med.get(name))])
    s.add("", problems_line(wrk_problems(cases)), "")

    def ratio_row(what, x, y, target=None, bold=True):
        """A row of the ratios of x to y: median req/s, per round, inverted server CPU, the goal."""
        value = med[x]["rps"] / med[y]["rps"]
        return [what, f"**{value:.2f}**" if bold else f"{value:.2f}",
                ", ".join(f"{a['rps'] / b['rps']:.2f}" for a, b in zip(cases[x], cases[y])),
                f"{med[y]['cpu'] / med[x]['cpu']:.2f}", f"≥ {target}: {goal(value >= target)}" if target else "—"]

    rows = [ratio_row("c: SQLite / memory", "csql", "cmem", 0.9), ratio_row("d: SQLite / memory", "dsql", "dmem", 0.7)]
    if "cses" in med and "dses" in med:
        rows += [ratio_row("c: SQLite sessions (data in memory) / memory", "cses", "cmem", 0.9),
                 ratio_row("d: SQLite sessions (data in memory) / memory", "dses", "dmem", 0.7)]
    rows += [ratio_row("hibernated / hot SQLite (list page)", "hib", "csql"),
             ratio_row("hibernated / memory (list page)", "hib", "cmem", bold=False)]
    s.table(["Ratio of median req/s", "value", "per round", "server CPU / request, inverted ratio", "goal"], "lrlrl",
            rows)
    s.add("", f"Cost of a request to a hibernated session: p99 {ms(med['hib']['p99'])} vs {ms(med['csql']['p99'])} hot "
          f"(SQLite); {us(med['hib']['cpu'] - med['csql']['cpu'])} more server CPU per request "
          "(read the row, decode its JSON snapshot, build a new tree and `restore` it, hibernate another).", "")
    s.add(*rss_lines(out))

    size = int(text(out, "idle-sessions"))
    mem, sql = read_info(out, "idle-mem.info"), read_info(out, "idle-sql.info")
    s.add(f"### Idle sessions: {size:,} logged-in sessions, memory vs SQLite", "",
          "Two more fresh servers, `--in-memory --max-sessions 1000000` and `--database db/idle.sqlite "
          "--max-sessions 1000000` (default `--hot-sessions 10000`; the higher maximum only avoids evicting the "
          "set-up session). After the same 20-todo set-up as the sessions section, "
          f"`Benchmarks/load/create-sessions.lua` (wrk, 2 threads × 32 connections) creates {size:,} sessions, "
          "each logged in as alice with a 3-deep Todos stack (list → todo 1 → todo 2), one server after the "
          "other. RSS is `VmRSS` before and 2 s after the last session exists; bytes per session = ΔRSS / "
          "sessions. For the SQLite server, the benchmark first replaces alice's password hash in its own data "
          "file by a scrypt hash of the same password at N = 16 (the cost of `PasswordHasher.forTests`; the "
          "default N = 2¹⁵ costs ~0.1 s of CPU and 32 MiB per login, i.e. an hour for 100 000 logins on 2 "
          "cores, and would put scrypt's buffers in the RSS); the session store is unchanged.", "")
    rows = []
    for info, label, limit in ((mem, "memory", None), (sql, "SQLite, 10 000 hot", 1024)):
        per, cells = created_cells(info)
        rows.append([label] + cells + [f"**{per:,.0f}**", f"≤ 1 KB: {goal(per <= limit)}" if limit else "—"])
    s.table(["Store", "sessions", "created in", "RSS before", "RSS after", "**bytes / idle session**", "goal"],
            "lrrrrrl", rows)
    rows = int(sql["rows"])
    mib = {k: int(sql[k]) / 1024 / 1024 for k in ("live_db", "live_wal")}
    checkpointed = int(sql["checkpointed_db"]) + int(sql["checkpointed_wal"])
    s.add("", f"Bytes on disk per session (SQLite, {rows:,} rows): **{checkpointed / rows:,.0f}** after "
          f"`PRAGMA wal_checkpoint(TRUNCATE)` ({checkpointed / 1024 / 1024:.1f} MiB: "
          f"{int(sql['pages']):,} pages of {int(sql['page_size']):,} bytes, {int(sql['free_pages']):,} free); "
          f"{(int(sql['live_db']) + int(sql['live_wal'])) / rows:,.0f} as the live server left it "
          f"({mib['live_db']:.1f} MiB database + {mib['live_wal']:.1f} MiB `-wal`, and a "
          f"{int(sql['live_shm']) / 1024:.0f} KiB `-shm`). A row's snapshot is {int(sql['snapshot_bytes']):,} bytes "
          f"of JSON on average, the whole row's payload about {int(sql['row_payload_bytes']):,} bytes; the rest is "
          "the primary-key and two secondary indexes and B-tree slack. RSS at the end: "
          f"memory {int(mem['rss_end_kib']) / 1024:.1f} MiB, SQLite {int(sql['rss_end_kib']) / 1024:.1f} MiB.", "")
    failures = [f"{k}: {i['failed']} session creations failed" for k, i in (("memory", mem), ("SQLite", sql))
                if i["failed"] != "0"]
    s.add(("Problems: " + "; ".join(failures) + ". " if failures else "Every session was created. ")
          + f"The first session created, asked for its page afterwards: memory `{text(out, 'check-mem.txt')}`, "
          f"SQLite `{text(out, 'check-sql.txt')}` (status, bytes; by then hibernated in the SQLite store).", "")
    s.add("Exact commands (first round; PORT is the server's, picked at start; paths relative to the results folder):",
          "", "```", text(out, "servers.command"), *commands(out, ("cmem", "csql", "dmem", "dsql", "hib")),
          text(out, "create.command"), "```")
    s.print()


SESSIONS_ROUND_TRIPS = 'signalbox_database_round_trips_total{store="sessions"}'
DATA_ROUND_TRIPS = 'signalbox_database_round_trips_total{store="data"}'
REQUESTS = "signalbox_http_requests_total{"


def statement_store(query):
    """Which store sent a statement: "sessions" (its table, and the BEGIN/COMMIT of a locked
    request), "gauges" (the session count /metrics runs) or "data"."""
    query = query.strip().rstrip(";").upper()
    if query.startswith("SELECT COUNT(*) FROM SIGNALBOX_SESSION"):
        return "gauges"
    if "SIGNALBOX_SESSION" in query or query in ("BEGIN", "COMMIT", "ROLLBACK"):
        return "sessions"
    return "data"


def scaleout_run(out, name, index, kind, instances):
    """One measured run: wrk's figures plus, per request, round trips and CPU (probe.py's snapshots).
    CPU is divided by the requests wrk completed; round trips and statements by the requests the
    instances counted (the few wrk left in flight at its end still ran)."""
    row = parse_wrk(os.path.join(out, f"{name}-{index}.txt"))
    before, after = (json.load(open(os.path.join(out, f"{name}-{index}.{when}.json"))) for when in ("before", "after"))
    hz, requests = before["clk_tck"], max(row["requests"], 1)
    members = {"sql": ["sql"], "pg": ["pg"], "cl": [f"cl{n}" for n in range(1, instances + 1)]}[kind]

    def seconds_of(process):
        return (after["cpu"][process] - before["cpu"][process]) / hz

    def counter(member, prefix):
        b, a = before["metrics"].get(member, {}), after["metrics"].get(member, {})
        return sum(value - b.get(key, 0) for key, value in a.items() if key.startswith(prefix))

    def counted(prefix):
        return sum(counter(m, prefix) for m in members)

    row["cpu_instances"] = sum(seconds_of(m) for m in members) / requests
    row["switches"] = sum(after["switches"][m] - before["switches"][m] for m in members) / requests
    if kind != "sql":
        row["cpu_postgres"] = seconds_of("postgres") / requests
        row["served"] = served = [counter(m, REQUESTS) for m in members]
        row["served_total"] = total = max(sum(served), 1)
        row["cpu_each"] = [seconds_of(m) / max(n, 1) for m, n in zip(members, served)]
        row["not_ok"] = counted(REQUESTS) - counted(REQUESTS + 'kind="page",status="200"}')
        # Each /metrics scrape counts the stored sessions (one round trip): the after-snapshot's
        # falls into the window.
        row["rt_sessions_metrics"] = (counted(SESSIONS_ROUND_TRIPS) - len(members)) / total
        if any(DATA_ROUND_TRIPS in after["metrics"].get(m, {}) for m in members):
            row["rt_data_metrics"] = counted(DATA_ROUND_TRIPS) / total
        hits = counted('signalbox_session_tree_cache_total{result="hit"}')
        row["hit_rate"] = hits / max(hits + counted('signalbox_session_tree_cache_total{result="miss"}'), 1)
        row["conflicts"] = counted("signalbox_session_conflicts_total") / total
        row["db_errors"] = counted("signalbox_database_errors_total")
        database = "single" if kind == "pg" else "cluster"
        calls_before = {(r[0], r[1]): r[2] for r in before["statements"]}
        statements = {}
        for db, queryid, calls, query in after["statements"]:
            delta = calls - calls_before.get((db, queryid), 0) if db == database else 0
            if delta:
                statements[query] = statements.get(query, 0) + delta
        row["statements"] = statements
        for store in ("sessions", "data"):
            row[f"rt_{store}_pg"] = sum(c for q, c in statements.items() if statement_store(q) == store) / total
        row["writes"] = sum(c for q, c in statements.items()
                            if q.upper().startswith("UPDATE SIGNALBOX_SESSION SET CSRF_TOKEN")) / total
    if kind == "cl":
        row["cpu_nginx"] = seconds_of("nginx") / requests
    row["cpu_all"] = row["cpu_instances"] + row.get("cpu_postgres", 0) + row.get("cpu_nginx", 0)
    row["cpu_wrk"] = seconds_of("wrk") / requests
    busy = (after["machine"] - before["machine"]) / hz
    row["machine_busy"] = busy / (after["time"] - before["time"])
    row["cpu_other"] = busy / requests - row["cpu_all"] - row["cpu_wrk"]
    return row


def scaleout(out, machine):
    instances = int(text(out, "instances"))
    cases = {}
    for name in ("csql", "cpg", "ccl", "dsql", "dpg", "dcl"):
        count = len(glob.glob(os.path.join(out, f"{name}-*.txt")))
        cases[name] = [scaleout_run(out, name, i, name[1:], instances) for i in range(1, count + 1)]
    keys = ("rps", "p50", "p99", "bytes", "cpu_instances", "cpu_postgres", "cpu_nginx", "cpu_all",
            "rt_sessions_metrics", "rt_data_metrics", "rt_sessions_pg", "rt_data_pg", "hit_rate", "conflicts", "writes",
            "switches", "cpu_wrk", "cpu_other", "machine_busy")
    med = {name: medians(rows, keys) for name, rows in cases.items()}
    pg_version = re.match(r"PostgreSQL [\d.]+", text(out, "postgres-version")).group(0)
    s = Section("scaleout", "## Scale-out: PostgreSQL and several instances behind nginx (issue 15)")
    s.add(f"Measured {machine}, {pg_version} (`synchronous_commit = {text(out, 'postgres-synchronous-commit')}`, "
          f"data on "
          f"{text(out, 'filesystem')}), {text(out, 'nginx-version')}.",
          "Command: `ONLY=scaleout Benchmarks/run.sh` (script `Benchmarks/scaleout/scaleout.sh`; with "
          "`SKIP_BUILD=1` it "
          "uses the release `todo-demo` and `todo-demo-postgres` already in `Benchmarks/.build`). One throwaway "
          "PostgreSQL "
          "(`Integrations/Postgres/scripts/postgres.sh`, with `pg_stat_statements`) holds two databases; three "
          "systems run "
          "at once: **SQLite** (`todo-demo --database`, data and sessions in SQLite files, as the durable section), "
          "**PostgreSQL** (one `todo-demo-postgres --postgres …/single`, data and sessions in PostgreSQL) and "
          "**cluster** "
          f"({instances} `todo-demo-postgres --postgres …/cluster --behind-proxy` behind nginx, round-robin, "
          f"started by "
          "`Integrations/Postgres/scripts/cluster.sh` exactly as `make cluster` does: 2 nginx workers, 16 idle "
          "upstream "
          "connections kept per worker). Each gets 20 todos and 1 + 64 signed-in sessions through HTTP "
          "(`Benchmarks/load/client.py`; the cluster's through nginx); wrk sends the 64 cookies round-robin with "
          "`Benchmarks/load/sessions.lua` as the load and durable sections do: (c) the list page, (d) list ↔ todo 1 on "
          "each session's alternate requests, so a request pushes or pops its session's tree and writes its row "
          "(when two "
          "requests of one session overlap, the later one may find its page already shown: see \"session rows "
          "written\"). "
          f"{len(cases['csql'])} rounds; in each, c for the three systems, then d (SQLite first in odd rounds, the "
          f"cluster "
          f"first in even ones); each measurement is one `wrk -t2 -c64 -d{duration(out, 'csql')} --latency` after a "
          "warm-up and a 1 s pause. Around each measured run `Benchmarks/scaleout/probe.py` reads the CPU time (user + "
          "system, `/proc`) of every instance, of PostgreSQL (the postmaster, all its backends and background "
          "processes, "
          "and those it reaped) and of nginx (master and workers), the instances' `/metrics` counters and PostgreSQL's "
          "`pg_stat_statements`; per request means divided by the requests wrk completed. **wrk, nginx, PostgreSQL and "
          "every instance share the machine's 2 cores** (and the machine is shared with other work), so req/s cannot "
          "show scaling: read the CPU per request.", "")
    s.add(f"List page body vs SQLite's: PostgreSQL **{text(out, 'body-pg')}**, cluster **{text(out, 'body-cl')}** "
          "(byte for byte, `cmp`).", "")
    labels = {
        "csql": "(c) list page — SQLite, one instance",
        "cpg": "(c) list page — PostgreSQL, one instance",
        "ccl": f"(c) list page — {instances} instances behind nginx",
        "dsql": "(d) list ↔ todo 1 — SQLite, one instance",
        "dpg": "(d) list ↔ todo 1 — PostgreSQL, one instance",
        "dcl": f"(d) list ↔ todo 1 — {instances} instances behind nginx",
    }
    s.table(["Case", "median req/s", "p50", "p99", "req/s per round", "p99 per round", "bytes/response"], "lrrrllr",
            [[label, f"**{fmt_rps(m['rps'])}**", ms(m["p50"]), ms(m["p99"]),
              ", ".join(fmt_rps(r["rps"]) for r in cases[name]), ", ".join(ms(r["p99"]) for r in cases[name]),
              f"{m['bytes']:,.0f}"] for name, label in labels.items() for m in (med[name],)])
    problems = wrk_problems(cases) + [
        f"{name} round {index}: instances answered {row['not_ok']:.0f} non-200, {row['db_errors']:.0f} database errors"
        for name, rows in cases.items() for index, row in enumerate(rows, 1)
        if row.get("not_ok") or row.get("db_errors")]
    s.add("", problems_line(problems, NO_PROBLEMS[:-1] + "; the instances counted no other status than 200 and no "
                            "database error."), "")

    def opt(m, key, fmt):
        return fmt(m[key]) if key in m else "—"

    def fixed(places):
        return lambda v: f"{v:.{places}f}"

    s.add("Per request (medians of the rounds):", "")
    s.table(["Case", "session-store round trips (`/metrics`)", "session-store statements (PostgreSQL)",
             "data-store statements (PostgreSQL)", "session rows written", "conflicts (re-runs)", "live-tree hits",
             "CPU: instance(s)", "CPU: PostgreSQL", "CPU: nginx", "CPU: all", "instance context switches"],
            "l" + "r" * 11,
            [[label, opt(m, "rt_sessions_metrics", fixed(2)), opt(m, "rt_sessions_pg", fixed(2)),
              opt(m, "rt_data_pg", fixed(2)), opt(m, "writes", fixed(2)), opt(m, "conflicts", fixed(3)),
              opt(m, "hit_rate", lambda v: f"{v * 100:.0f} %"), us(m["cpu_instances"]), opt(m, "cpu_postgres", us),
              opt(m, "cpu_nginx", us), f"**{us(m['cpu_all'])}**", f"{m['switches']:.1f}"]
             for name, label in labels.items() for m in (med[name],)])
    s.add("", "The rest of the machine during the runs (medians): "
          + "; ".join(f"{name} wrk {us(med[name]['cpu_wrk'])}, other processes {us(max(med[name]['cpu_other'], 0))} "
                      f"per request, machine {med[name]['machine_busy'] * 100 / os.cpu_count():.0f} % busy"
                      for name in labels)
          + " (wrk's time is the benchmark script's reaped children, one probe included; \"other\" is the machine's "
            "busy "
          "time from `/proc/stat` less everything above: other people's work on this shared machine and the kernel's "
          "interrupt time).", "")
    data_metrics = any("rt_data_metrics" in m for m in med.values())
    s.add("Session-store round trips are the instances' own count "
          "(`signalbox_database_round_trips_total{store=\"sessions\"}`, "
          "less the one each `/metrics` scrape makes to count sessions); the statements columns count on "
          "PostgreSQL's side "
          "(`pg_stat_statements` calls in the run's database: statements on `signalbox_session` and "
          "`BEGIN`/`COMMIT`/`ROLLBACK` "
          "are the session store's, all others the data store's — "
          + ("the instances also count the data store's, see the raw snapshots)." if data_metrics else
             "the demo does not count the data store's round trips in `/metrics` yet, so PostgreSQL's count is the "
             "only one).")
          + " Each statement is one round trip (postgres-nio sends parse, bind and execute together); round trips, "
          "statements, writes and conflicts are per request the instances counted (`signalbox_http_requests_total`; "
          "the requests wrk left in flight at its end still ran), CPU per request wrk completed. Session rows written: "
          "the store's versioned `UPDATE`s. Conflicts: page requests run again because another request of the session "
          "changed it first. Live-tree hits: requests that found their session's tree in the instance's memory at the "
          "row's version (no restore). Context switches: all the instances' threads, voluntary and involuntary "
          "(`/proc/PID/task/*/status`).", "")
    per = {}
    for case in ("ccl", "dcl"):
        total = sum(r["requests"] for r in cases[case])
        for row in cases[case]:
            for query, calls in row["statements"].items():
                per.setdefault(query, {}).setdefault(case, 0)
                per[query][case] += calls / total
    s.add("Statements per request in the cluster (all rounds; PostgreSQL's count):", "")
    s.table(["Statement", "store", "(c)", "(d)"], "llrr",
            [[f"`{(query if len(query) <= 90 else query[:87] + '…').replace('|', '/')}`", statement_store(query),
              f"{values.get('ccl', 0):.3f}", f"{values.get('dcl', 0):.3f}"]
             for query, values in sorted(per.items(), key=lambda kv: -(kv[1].get("ccl", 0) + kv[1].get("dcl", 0)))
             if max(values.values()) >= 0.001])
    s.add("", f"The {instances} instances, per instance (median of the rounds): share of the requests, and CPU per "
          "request it served:", "")

    def instance_cell(name, n):
        share = statistics.median(r["served"][n] / max(r["requests"], 1) for r in cases[name])
        return f"{share * 100:.1f} %, {us(statistics.median(r['cpu_each'][n] for r in cases[name]))}"

    s.table(["Case"] + [f"instance {n}" for n in range(1, instances + 1)], "l" + "r" * instances,
            [[labels[name]] + [instance_cell(name, n) for n in range(instances)] for name in ("ccl", "dcl")])

    def ratio(x, y, key="rps"):
        return med[x][key] / med[y][key]

    rows = []
    for case, what in (("c", "list page"), ("d", "list ↔ todo")):
        for x, y, title in (("pg", "sql", "PostgreSQL / SQLite"), ("cl", "pg", "cluster / PostgreSQL")):
            x, y = case + x, case + y
            rows.append([f"{what}: {title}", f"**{ratio(x, y):.2f}**",
                         ", ".join(f"{a['rps'] / b['rps']:.2f}" for a, b in zip(cases[x], cases[y])),
                         f"{ratio(x, y, 'cpu_instances'):.2f}", f"{ratio(x, y, 'cpu_all'):.2f}"])
    s.add("")
    s.table(["Ratio", "req/s (median)", "per round", "instance CPU / request", "all CPU / request"], "lrlrr", rows)
    s.add("", "### Capacity of a real cluster, from the CPU per request", "",
          "On separate machines the parts stop competing for the same 2 cores, and each part's capacity is its cores "
          "divided by its CPU per request (the cluster's rows above; the kernel's loopback TCP is in each process's "
          "system time, as a NIC's would be). This ignores what the shared 2 cores hide in both directions (cache and "
          "scheduler contention here; network latency there: each round trip adds one network RTT to a request's "
          "latency, not to its CPU).", "")
    c, d, c1, d1 = med["ccl"], med["dcl"], med["cpg"], med["dpg"]

    def both(key, fmt, bold=""):
        """The cluster's figure (one instance's in brackets) for (c) and for (d)."""
        return [f"{bold}{fmt(x[key])} ({fmt(y[key])}){bold}" for x, y in ((c, c1), (d, d1))]

    def rate(v):
        return fmt_rps(1 / v)

    def feeds(x, y):
        return f"**{x['cpu_instances'] / x['cpu_postgres']:.1f}** ({y['cpu_instances'] / y['cpu_postgres']:.1f})"

    rows = [["instance CPU per request", *both("cpu_instances", us)],
            ["→ requests/s per instance core", *both("cpu_instances", rate, "**")],
            ["PostgreSQL CPU per request", *both("cpu_postgres", us)],
            ["→ requests/s per PostgreSQL core", *both("cpu_postgres", rate, "**")],
            ["→ instance cores one PostgreSQL core feeds", feeds(c, c1), feeds(d, d1)],
            ["nginx CPU per request → requests/s per nginx core"] + [f"{us(m['cpu_nginx'])} → {rate(m['cpu_nginx'])}"
                                                                    for m in (c, d)]]
    for cores in (4, 8):
        cells = []
        for m in (c, d):
            total = instances * cores / m["cpu_instances"]
            cells.append(f"{fmt_rps(total)} req/s; PostgreSQL busy {total * m['cpu_postgres']:.1f} cores, nginx "
                         f"{total * m['cpu_nginx']:.1f}")
        rows.append([f"{instances} instances × {cores} cores (cluster figures)"] + cells)
    s.table([f"Estimate: cluster ({instances} instances sharing the cores) and, in brackets, one instance alone",
             "(c) list page", "(d) list ↔ todo"], "lrr", rows)
    s.add("", *rss_lines(out))

    def log_lines(name, keep=lambda line: True):
        path = os.path.join(out, name)
        if not os.path.exists(path):
            return []
        return [line for line in open(path, errors="replace") if line.strip() and keep(line)]

    logs = log_lines("server-logs.txt", lambda line: not line.startswith(("--- ", "Listening on ")))
    nginx_errors = log_lines("nginx-error.log")
    if os.path.exists(os.path.join(out, "nginx-access.info")):
        access = read_info(out, "nginx-access.info")
        s.add(f"nginx's access log over the whole run (set-up included): {int(access['requests']):,} requests, "
              f"statuses "
              f"{access.get('statuses', '')} (499: nginx's code for a client that left first — wrk stopping with "
              f"requests in flight), {int(access['retried'])} retried on another instance.")
    s.add(f"Server log lines at warning or above (all servers, whole run): {len(logs)}; nginx error log lines: "
          f"{len(nginx_errors)}.", *(f"    {line.rstrip()[:200]}" for line in (logs + nginx_errors)[:5]), "")
    s.add("Exact commands (first round; PORT and PGPORT are picked at start; paths relative to the results folder):",
          "", "```", text(out, "servers.command"), *commands(out, labels), "```")
    s.print()


def embedding(out, machine):
    servers = {
        "mhd": "embedded libmicrohttpd server (`todo-demo`, at `/`)",
        "hummingbird": "mounted at `/todo` in Hummingbird 2 (`todo-hummingbird`)",
        "vapor": "mounted at `/todo` in Vapor 4 (`todo-vapor`)",
    }
    data = {(case, name): runs(out, f"{case}-{name}", cpu=True) for case in "cd" for name in servers}
    med = {key: medians(rows, ("rps", "p50", "p99", "bytes", "cpu", "non2xx")) for key, rows in data.items()}
    rss = read_info(out, "rss.txt")
    bodies = {name: text(out, f"{name}.body") for name in ("hummingbird", "vapor")}
    s = Section("embedding", "## Embedding: the demo mounted in Hummingbird and Vapor (issue 16)")
    s.add(f"Measured {machine}.",
          "Command: `ONLY=embedding Benchmarks/run.sh` (script `Benchmarks/embedding/embedding.sh`; with "
          "`SKIP_BUILD=1` it "
          "uses the release binaries already in `Benchmarks/.build`). Three servers run at once, each with the "
          "demo's data "
          "and sessions in memory (`--in-memory`), so the figures compare the servers and adapters, not storage: the "
          "embedded libmicrohttpd server, and the example services of `Integrations/SignalboxHummingbird` and "
          "`Integrations/SignalboxVapor`, which mount the same `WebApp` at `/todo` with one call "
          "(`router.mount(app, at:publicFolder:)`, `application.mount(app, at:publicFolder:)`). Each gets 20 todos and "
          "1 + 64 signed-in sessions through HTTP (`Benchmarks/load/client.py --mount /todo`); wrk sends the 64 "
          "cookies "
          "round-robin (`Benchmarks/load/sessions.lua`) as the load section does: (c) the list page, (d) list ↔ todo 1 "
          f"on each session's alternate requests. {len(data['c', 'mhd'])} rounds, the three servers in turn in each; "
          f"each measurement is one `wrk -t2 -c64 -d{duration(out, 'c-mhd')} --latency` after a warm-up and a 1 s "
          "pause. Medians of the rounds; CPU per request is the server process's user + system time (`/proc`) during "
          "the measured run over the requests completed. wrk and the server share the machine's 2 cores.", "")
    s.add(f"Page bodies: Hummingbird's and the embedded server's are {bodies['hummingbird']}, Vapor's and the embedded "
          f"server's {bodies['vapor']}, once `/todo` is taken out of the URLs.", "")
    for case, title in (("c", "(c) the list page"), ("d", "(d) list ↔ todo, every request reshapes the tree")):
        s.add(f"**{title}**, 64 sessions:", "")
        s.table(["server", "req/s", "× embedded", "p50", "p99", "server CPU per request", "bytes/response",
                 "non-2xx/3xx"], "lrrrrrrr",
                [[label, fmt_rps(m["rps"]), f"{m['rps'] / med[case, 'mhd']['rps']:.2f}", ms(m["p50"]), ms(m["p99"]),
                  us(m["cpu"]) if "cpu" in m else "–", f"{m['bytes']:,.0f}", f"{m['non2xx']:.0f}"]
                 for name, label in servers.items() for m in (med[case, name],)])
        s.add("")
    extra = {name: med["c", name]["cpu"] - med["c", "mhd"]["cpu"]
             for name in ("hummingbird", "vapor") if "cpu" in med["c", name] and "cpu" in med["c", "mhd"]}
    if len(extra) == 2:
        s.add("Reading: the web layer's work is the same in all three (same `WebApp`, same page bytes but for "
              "the prefix); what differs is the HTTP server and the adapter's conversion. On the list page, "
              f"Hummingbird costs {us(extra['hummingbird'])} more server CPU per request than the embedded "
              f"server and Vapor {us(extra['vapor'])} more (Vapor also converts NIO's `HTTPHeaders` both "
              "ways, parses the target with Foundation's URL, and looks up static files on its thread pool, a thread "
              "hop for every GET under the mount).", "")
    s.add("Resident memory after the runs: "
          + ", ".join(f"{name} {int(rss[name]) / 1024:,.1f} MiB" for name in servers if name in rss) + ".")
    s.print()


def cost(out, machine):
    labels = {
        "a": "(a′) C libmicrohttpd, the list page's bytes from memory",
        "c": "(c) the demo `--in-memory`, list page",
        "cs": "(cs) the demo on SQLite (data and sessions, `make demo`'s default), list page",
        "d": "(d) `--in-memory`, list ↔ todo (every request reshapes the tree)",
        "ds": "(ds) SQLite, list ↔ todo",
    }
    modes = ("unpinned", "pinned")
    med = {}
    for name in labels:
        for mode in modes:
            rows = runs(out, f"{name}-{mode}", cpu=True)
            if rows:
                med[name, mode] = {**medians(rows, ("rps", "p99", "cpu", "switches")), "rounds": len(rows),
                                   "errors": sum(r["non2xx"] for r in rows) + sum(1 for r in rows if r["errors"])}
    s = Section("cost", "## What a page costs: C, memory, SQLite; one core and two (issue 36)")
    s.add(f"Measured {machine}.",
          "Command: `ONLY=cost Benchmarks/run.sh` (script `Benchmarks/cost/cost.sh`). Three servers at once: "
          "**(a′)** `Benchmarks/mhd-hello/hello.c` answering every request with the demo's list page as the "
          "demo served it (bytes from memory), **(c)** `todo-demo --in-memory`, **(cs)** `todo-demo --database "
          "FILE` (data and sessions in SQLite, as `make demo` runs it). Each demo gets 20 todos and 64 "
          "signed-in sessions through HTTP (`Benchmarks/load/client.py`); wrk sends the 64 cookies "
          f"round-robin (`Benchmarks/load/sessions.lua`). List page bytes, memory vs SQLite: {text(out, 'body')}. "
          f"{med['c', 'pinned']['rounds']} rounds, each unpinned (servers and wrk share both cores) then pinned "
          "(`taskset -a -p -c 0` on every server, `taskset -c 1 wrk`: the server has one core and wrk never preempts "
          "it), the servers' order reversed every other round; each figure is the median of one `wrk -t2 -c64 "
          f"-d{duration(out, 'c-unpinned')} --latency` per round after a warm-up. CPU is the server's user + system "
          "time during the run (`/proc/PID/stat`) per request; context switches are all its threads' voluntary + "
          "involuntary switches (`/proc/PID/task/*/status`) per request.", "")
    rows = []
    for name, label in labels.items():
        rows.append([label])
        for m in (med.get((name, mode)) for mode in modes):
            rows[-1] += [fmt_rps(m["rps"]), f"{m['cpu'] * 1e6:.1f}", f"{m.get('switches', 0):.2f}", ms(m["p99"])] \
                if m else ["–"] * 4
    s.table(["Server, request"] + ["unpinned req/s", "CPU µs/req", "switches/req", "p99",
                                   "pinned req/s", "CPU µs/req", "switches/req", "p99"], "l" + "r" * 8, rows)
    s.add("", f"Non-2xx answers or socket errors over every run: {sum(m['errors'] for m in med.values())}.", "")
    rows = []
    for mode in modes:
        r = med["cs", mode]["cpu"] / med["c", mode]["cpu"]
        rows.append([f"durable default: (cs) CPU per list page ≤ 1.2 × (c), {mode}", f"{r:.2f} ×", goal(r <= 1.2)])
    for mode in modes:
        r = med["ds", mode]["cpu"] / med["d", mode]["cpu"]
        rows.append([f"durable default: (ds) CPU per reshaping request ≤ 1.4 × (d), {mode}", f"{r:.2f} ×",
                     goal(r <= 1.4)])
    for mode, target in (("pinned", 0.25), ("unpinned", 0.3)):
        r = med["c", mode]["rps"] / med["a", mode]["rps"]
        rows.append([f"server's own cost: (c) / (a′) req/s ≥ {target}, {mode}", f"{r:.3f}", goal(r >= target)])
    p99 = med["c", "unpinned"]["p99"]
    one, two = med["c", "pinned"]["cpu"], med["c", "unpinned"]["cpu"]
    rows += [["(c) p99 at 64 connections ≤ 4 ms, unpinned", ms(p99), goal(p99 <= 0.004)],
             ["one-core efficiency at least that of two: (c) CPU per request pinned ≤ unpinned",
              f"{one * 1e6:.1f} vs {two * 1e6:.1f} µs", goal(one <= two * 1.02)]]
    s.table(["Goal (issue 36)", "Measured", "Status"], "lll", rows)
    s.print()


def mhd(out, measured, flags, pool):
    """Benchmarks/mhd-hello/run.sh's rounds c-N.txt and signalbox-N.txt (run_wrk's)."""
    data = {name: runs(out, name, cpu=True) for name in ("c", "signalbox")}
    med = {name: medians(rows) for name, rows in data.items()}
    ratio = med["signalbox"]["rps"] / med["c"]["rps"]
    label = {"c": "plain C libmicrohttpd", "signalbox": "Signalbox `HTTPServer` + `Responder`"}
    s = Section("mhd", "## HTTP server: Signalbox hello vs plain C libmicrohttpd")
    s.add(f"Measured {measured}.",
          f"Command: `Benchmarks/mhd-hello/run.sh` ({len(data['c'])} rounds, alternating C and Signalbox; each round",
          f"`wrk -t2 -c64 -d{duration(out, 'c')} --latency http://127.0.0.1:PORT/` after a short warm-up; server and "
          "wrk", f"share the same {os.cpu_count()} cores). Both servers: daemon flags {flags} (epoll internal thread + "
          "ITC + error", f"log + suspend/resume), a thread pool of {pool} workers, connection limit 1000, no per-IP "
          "limit, 30 s",
          """timeout, 64 KiB connection memory; the response is `200`, `Hello, world!\\n`, `Content-Type` and one
`Set-Cookie`, built per request and queued on the final handler call. The Signalbox server goes
through `HTTPServer` (URI capture, `HTTPRequest`/`HTTPFields`, the async `Responder` started with
`Task.immediate`) — sources in `Benchmarks/mhd-hello/` (`hello.c`, `Sources/SignalboxHello`).
Keep-alive checked: curl re-used its connection for two URLs on both servers; wrk saw no socket
errors and no non-2xx responses.
""")
    s.table(["Server", "median req/s", "p50", "p99", "server CPU per request", "req/s per round"], "lrrrrl",
            [[label[name], f"**{fmt_rps(m['rps'])}**", ms(m["p50"]), ms(m["p99"]), f"{m['cpu'] * 1e6:.1f} µs",
              ", ".join(fmt_rps(r["rps"]) for r in data[name])] for name, m in med.items()])
    s.add("", f"**Ratio Signalbox / C (median req/s): {ratio:.2f}** — {'meets' if ratio >= 0.9 else 'misses'} the goal "
          "of ≥ 0.90.", "",
          """"Server CPU per request" is the server process's user + system CPU time during the measured run
divided by the requests served (median of the rounds): less sensitive to the shared machine than
req/s. The difference between the two servers is the cost of the Signalbox layer per request;
most of each request's time is the kernel's (loopback TCP) and wrk's.
""", "Latency p50 / p99 per round:", "")
    s.table(["Server", "rounds"], "ll", [[label[name], "; ".join(f"{ms(r['p50'])} / {ms(r['p99'])}" for r in rows)]
                                         for name, rows in data.items()])
    s.print()
    print(f"== medians: C {med['c']['rps']:,.0f} req/s, Signalbox {med['signalbox']['rps']:,.0f} req/s, "
          f"ratio {ratio:.2f}", file=sys.stderr)


def tsv(out, name):
    return [line.rstrip("\n").split("\t") for line in open(os.path.join(out, name))]


def per_op_table(s, rows):
    """per_op's "NAME INSTRUCTIONS BLOCKS" rows as a table."""
    s.table(["Benchmark", "instructions", "allocations"], "lrr",
            [[name, f"{int(refs):,}", blocks] for name, refs, blocks in rows])


def forms(out, machine, clients, size, low, high):
    names = {"spooled": "uploads written to temporary files (the default)",
             "in-memory": "bodies collected in memory (uploads off)"}

    def mb(kib):
        return f"{int(kib) / 1024:.0f} MB"

    s = Section("forms", "### Forms: upload memory and typed decoding (issue 32)")
    s.add(f"{machine}. Command: `ONLY=forms Benchmarks/run.sh` (or `Benchmarks/forms/forms.sh` after a build).", "",
          f"**Upload memory**: the embedded server answering the sizes of uploaded files while {clients} clients "
          f"(curl)",
          f"upload a {size} MB file each at once; its resident set sampled every 20 ms and its peak (VmHWM).", "")
    s.table(["Server", "idle RSS", "peak RSS (sampled)", "VmHWM", "answered 200", "wall time"], "lrrrrr",
            [[names[mode], mb(idle), mb(peak), mb(hwm), f"{ok} of {clients}", f"{float(elapsed):.1f} s"]
             for mode, idle, peak, hwm, ok, elapsed, _ in tsv(out, "memory.tsv")])
    s.add("", "**Typed decoding**: four fields (text with a length rule, a number in a range, a choice, a checkbox);",
          f"instructions and allocations per decode, the difference of {high} and {low} decodes (callgrind, DHAT).", "")
    per_op_table(s, tsv(out, "decode.tsv"))
    s.print()


def viewmodels(out, machine, low, high):
    s = Section("viewmodels", "### View models from values (issue 33)")
    s.add(f"{machine}. Command: `ONLY=viewmodels Benchmarks/run.sh` (or `Benchmarks/viewmodels/viewmodels.sh` after "
          "a build).", "",
          f"Instructions and heap blocks per operation, the difference of {high} and {low} operations (callgrind, "
          "DHAT,",
          """\
`SWIFT_DETERMINISTIC_HASHING=1`). The list page's view model (20 todos, each with its project's fields) written
field by field as the demo did, and encoded from `Encodable` values as it does now; then the whole in-process
list-page request (session, tree, view model, render) as the demo now builds it.

The same request with the demo's view models written by hand (commit 4d7941b, measured the same way on
2026-11-27): 269,390 instructions and 65 allocations. Goal (issue 33): at most 1.2 × those instructions.
""")
    per_op_table(s, tsv(out, "ops.tsv"))
    s.print()


if __name__ == "__main__":
    parts = {"load": load, "sessions": sessions, "render": render, "durable": durable, "scaleout": scaleout,
             "embedding": embedding, "cost": cost, "mhd": mhd, "forms": forms, "viewmodels": viewmodels}
    if len(sys.argv) < 4 or sys.argv[1] not in parts:
        sys.exit(__doc__)
    parts[sys.argv[1]](*sys.argv[2:])
