#!/usr/bin/env python3
"""Summarises Benchmarks/render/render.sh's raw outputs as Markdown (the body of the render section).

  summarise.py OUT_DIR LOW HIGH
"""
import os
import re
import sys

out, low, high = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
span = high - low
LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*?)\s*$")


def annotate(path, exclusive=False):
    """function name → instruction count. `swift demangle --simplified` gives an async function's
    partial functions (its entry and each resume point) one name: own (exclusive) costs of a
    repeated name are summed; for inclusive costs the largest entry is kept."""
    costs = {}
    for line in open(path, errors="replace"):
        match = LINE.match(line)
        if not match:
            continue
        count = int(match.group(1).replace(",", ""))
        name = match.group(2)
        if name.startswith("PROGRAM TOTALS"):
            costs["PROGRAM TOTALS"] = count
            continue
        name = re.sub(r"^[^:]*?:(?=[^:])", "", name, count=1) if name.startswith("???:") or re.match(r"^[\w./-]+:", name) else name
        name = re.sub(r"\s*\[[^\]]*\]$", "", name)
        costs[name] = costs.get(name, 0) + count if exclusive else max(costs.get(name, 0), count)
    return costs


def per_request(kind, mode):
    a = annotate(os.path.join(out, f"{kind}-{low}-inclusive-{mode}.txt"), exclusive=mode == "no")
    b = annotate(os.path.join(out, f"{kind}-{high}-inclusive-{mode}.txt"), exclusive=mode == "no")
    return {name: (b.get(name, 0) - a.get(name, 0)) / span for name in b}


def short(name, width=110):
    name = name.replace("`", "'")
    return name if len(name) <= width else name[: width - 1] + "…"


lines = []

# 1. Verification
status = open(os.path.join(out, "verify.status")).read().strip()
verify = open(os.path.join(out, "verify.txt")).read().strip().splitlines()
pages = [l for l in verify if l.startswith(("same", "DIFFERENT"))]
fallbacks = [l for l in verify if l.startswith("falls back")]
lines.append("")
lines.append(
    "Command: `ONLY=render Benchmarks/run.sh` (script `Benchmarks/render/render.sh`, sources in "
    "`Benchmarks/render`). The executable links the repository's own `TodoApp` sources (through a "
    "symlink: the root package exports no `TodoApp` product) and drives `WebApp.respond(to:)` in-process "
    "with the demo store plus todos \"Todo number 5…20\" and one session logged in exactly as over HTTP "
    "(GET → cookie + CSRF token, POST the login form). \"request\" rows are whole in-process requests "
    "(cookie parsing, session look-up and lock, `apply(path:)`, page model, rendering, headers); "
    "\"render\" rows replay the three `TemplateRenderer.render` calls the web layer makes for the list "
    "page (`todos/list`, `wrappers/flow`, `layout`) with the view models recorded from a real request; "
    "\"no-op renderer\" is a request whose renderer returns \"\" (everything but the templates). Async "
    "code runs on an inline task executor on the benchmark's thread (no thread hops, as in the server's "
    "`Task.immediate` path). Wall time: median of 5 rounds of ≥ 60 ms; instructions: callgrind, and "
    "allocations: DHAT, both as the difference between "
    f"{high} and {low} operations divided by {span}, so set-up cancels out.")
lines.append("")
wall = {}
for line in open(os.path.join(out, "wall.md")):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 3 and cells[0] not in ("Benchmark", "---"):
        wall[cells[0]] = (cells[1], cells[2])
counts = {}
for line in open(os.path.join(out, "counts.tsv")):
    name, instructions, blocks, allocated = line.rstrip("\n").split("\t")
    counts[name] = (int(instructions), int(blocks), int(allocated))
lines.append("| Benchmark | median µs/op | rounds (µs/op) | instructions/op | allocations/op | bytes allocated/op |")
lines.append("|---|---:|---|---:|---:|---:|")
for name, (median, rounds) in wall.items():
    i, n, b = counts.get(name, (0, 0, 0))
    lines.append(f"| {name} | **{median}** | {rounds} | {i:,} | {n:,} | {b:,} |")
lines.append("")
mustache = float(wall["render: list page, swift-mustache"][0])
compiled = float(wall["render: list page, compiled (library)"][0])
request = float(wall["request: list page"][0])
request_compiled = float(wall["request: list page, compiled (library)"][0])
noop = float(wall["request: list page, no-op renderer"][0])
goal = "**met**" if min(mustache, compiled) <= 20 else "**missed**"
lines.append(
    f"Goal: page render ≤ 20 µs — swift-mustache renders the list page in {mustache:.0f} µs "
    f"(**missed**, {mustache / 20:.0f}× over); the library's compiled engine in {compiled:.1f} µs "
    f"({'met' if compiled <= 20 else 'still missed, ' + format(compiled / 20, '.1f') + '× over'}). "
    f"Templates are {(request - noop) / request:.0%} of a list-page request in-process "
    f"({request:.0f} µs with swift-mustache vs {noop:.0f} µs with a no-op renderer); the compiled "
    f"engine makes the whole request {request / request_compiled:.1f}× cheaper ({request_compiled:.0f} µs).")
lines.append("")
lines.append(
    f"Compiled engine (`MustacheRenderer`, `Sources/SignalboxWeb/Rendering/Compiler`; the default): verification "
    f"**{status}** — byte-for-byte equal to swift-mustache on every page below (CSRF tokens blanked):")
lines.append("")
lines.append("```")
lines.extend(pages)
lines.extend(fallbacks)
lines.append("```")
lines.append("")

# 2. Profile
inc = per_request("profile", "yes")
exc = per_request("profile", "no")
total = inc.get("PROGRAM TOTALS", 0)
S = r"^(specialized )?"
# Only synchronous functions have a meaningful inclusive cost. An async function (`respond(to:)`,
# `apply(path:)`, a screen's `viewModel` getter) runs as partial functions that tail-call their
# callees and continuations; callgrind counts each such jump as a call, so a partial's inclusive
# cost runs on through whatever the continuation chain does next (rendering included). The whole
# request is therefore the benchmark loop's own total per iteration (`PROGRAM TOTALS`, 250 − 50
# iterations: one `respond(to:)` plus the loop's bookkeeping), and the async parts are left out.
groups = [
    ("whole request: one iteration of the benchmark loop (`WebApp.respond(to:)`)", "TOTAL"),
    ("**template rendering**: `MustacheRenderer.renderUTF8(_:with:fragments:)`, 3 calls (the screen, its flow's wrapper, "
     "`layout`, each given the one before as a fragment)", "RENDER"),
    ("… variable look-ups (`MustacheTemplate.getChild`: climbing the context stack, `MustacheParent`, Mirror)",
     r"^MustacheTemplate\.getChild\(named:transforms:context:\)$"),
    ("… dynamic casts (`swift_dynamicCast`: `as? MustacheTemplate`, `MustacheCustomRenderable`, `MustacheLambda`, "
     "`MustacheSequence`, … for every token and value)", r"^swift_dynamicCast$"),
    ("… HTML escaping (`String.htmlEscape()`: per `Character`, a dictionary look-up each)", r"^String\.htmlEscape\(\)$"),
    ("**everything but the templates** (request − rendering)", "REST"),
    ("… the list's rows: `ViewModel.list(_:fields:)` over 20 todos (inside the async `TodoListScreen.viewModel`)",
     S + r"(static )?ViewModel\.list<.*>\(_:fields:\)$"),
    ("… `Exchange.init` (Accept, cookie candidates, request id)", S + r"Exchange\.init\("),
    ("… tab bars `NavigationTree.tabBars`", S + r"NavigationTree\.tabBars\.getter$"),
    ("… `Response.addStandardHeaders()`", S + r"Response\.addStandardHeaders\(\)$"),
    ("`malloc` + `free` (inclusive, whole request)", "MALLOC"),
    ("`swift_retain` + `swift_release` (own cost, whole request)", "RC"),
]


def find(pattern, table):
    return max((v for k, v in table.items() if re.search(pattern, k)), default=0)


def rendering(table):
    """The renderer's inclusive cost: every page render goes through `renderUTF8(_:with:fragments:)`
    (the screen's content and `layout`); `render(_:with:)` renders what becomes a string (a modal's
    or a split view's content, wrappers' insides)."""
    return find(S + r"MustacheRenderer\.renderUTF8\(_:with:fragments:\)$", table) + find(
        S + r"MustacheRenderer\.render\(_:with:\)$", table)


respond = total
render = rendering(inc)
lines.append("### Where the time goes: one list-page request (swift-mustache)")
lines.append("")
lines.append(
    f"callgrind, inclusive instructions per request ({high} − {low} requests, `callgrind_annotate "
    f"--inclusive=yes`); a request is {respond:,.0f} instructions: the benchmark loop's total per "
    f"iteration, one `WebApp.respond(to:)` (callgrind cannot give an async function's inclusive cost: "
    f"its partial functions tail-call callees and continuations, so the chain runs on past its return). "
    f"Rows starting with … are parts of the row above them (synchronous functions only).")
lines.append("")
lines.append("| Cost | instructions/request | share of the request |")
lines.append("|---|---:|---:|")
for label, pattern in groups:
    if pattern == "TOTAL":
        value = total
    elif pattern == "RENDER":
        value = render
    elif pattern == "REST":
        value = respond - render
    elif pattern == "SESSION":
        value = find(r"^MemorySessionStore\.withSession<A>\(id:now:_:\)$", inc) - render
    elif pattern == "MALLOC":
        value = find(r"^malloc$", inc) + find(r"^free$", inc) + find(r"^_int_malloc$", inc) * 0
    elif pattern == "RC":
        value = find(r"^swift_retain$", exc) + find(r"^swift_release$", exc)
    else:
        value = find(pattern, inc)
    if value:
        lines.append(f"| {label} | {value:,.0f} | {value / respond:.0%} |")
lines.append("")
lines.append("Top 15 functions by own (exclusive) instructions per request:")
lines.append("")
lines.append("| Function | instructions/request | share |")
lines.append("|---|---:|---:|")
ranked = sorted(((v, k) for k, v in exc.items() if k != "PROGRAM TOTALS"), reverse=True)[:15]
for value, name in ranked:
    lines.append(f"| `{short(name)}` | {value:,.0f} | {value / respond:.1%} |")
lines.append("")

cinc = per_request("compiled", "yes")
cexc = per_request("compiled", "no")
crespond = cinc.get("PROGRAM TOTALS", 0)  # the loop's total per iteration, as above
crender = rendering(cinc)
lines.append("### The same request with the compiled engine")
lines.append("")
lines.append(
    f"`WebApp.respond(to:)` (the loop's total per iteration): {crespond:,.0f} instructions per request "
    f"({respond / max(crespond, 1):.1f}× fewer); rendering (`MustacheRenderer.renderUTF8`, 3 calls): "
    f"{crender:,.0f} ({crender / max(crespond, 1):.0%} of the request). Top 10 own costs:")
lines.append("")
lines.append("| Function | instructions/request | share |")
lines.append("|---|---:|---:|")
for value, name in sorted(((v, k) for k, v in cexc.items() if k != "PROGRAM TOTALS"), reverse=True)[:10]:
    lines.append(f"| `{short(name)}` | {value:,.0f} | {value / max(crespond, 1):.1%} |")
lines.append("")

# 3. Session memory
memory = dict(line.split() for line in open(os.path.join(out, "session-memory.txt")) if line.strip())
per_session = int(memory["heap_bytes_per_session"])
lines.append("### Heap per session")
lines.append("")
lines.append(
    f"In-process, {int(memory['sessions']) - 100:,} sessions created through `respond(to:)` (each logged in, "
    f"3-deep Todos stack): glibc's in-use heap grows by **{per_session:,} bytes per session** "
    f"(`mallinfo2().uordblks`, so malloc's own chunk headers included; RSS adds page granularity and "
    f"arenas, see the sessions section). Largest allocation sites live at the end (massif, 3 000 sessions, "
    f"bytes per session; `Benchmarks/.build/results/render/massif.txt` has the full tree):")
lines.append("")
lines.append("| Allocation site | bytes / session |")
lines.append("|---|---:|")
text = open(os.path.join(out, "massif.txt"), errors="replace").read()
snapshots = re.split(r"\n(?=-{20,}\n\s+n\s+time)", text)
peak = text[text.rfind("(peak)") :] if "(peak)" in text else text
# the detailed tree of the last detailed snapshot
trees = re.findall(r"\n( *\d+ +[\d,]+ +[\d,]+ +[\d,]+ +[\d,]+ +[\d,]+\n[\d.]+% \([\d,]+B\) \(heap allocation functions\).*?)(?=\n-{20,}|\Z)", text, re.S)
if trees:
    tree = trees[-1]
    sessions = 3100
    import subprocess
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input=tree, capture_output=True, text=True).stdout
    for line in demangled.splitlines():
        match = re.match(r"^\| \| ->\s*[\d.]+% \(([\d,]+)B\) (?:0x[0-9A-F]+: )?(.*?)(?: \(in .*\))?$", line) or re.match(
            r"^\| ->\s*[\d.]+% \(([\d,]+)B\) (?:0x[0-9A-F]+: )?((?!swift_allocObject).*?)(?: \(in .*\))?$", line)
        if match and not re.search(r"swift_allocObject|swift_slowAlloc|swift_allocBox$", match.group(2)):
            value = int(match.group(1).replace(",", "")) / sessions
            if value >= 40:
                lines.append(f"| `{short(match.group(2), 100)}` | {value:,.0f} |")
lines.append("")
print("\n".join(lines))
