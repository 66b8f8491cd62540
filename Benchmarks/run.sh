#!/usr/bin/env bash
# The benchmark suite (issue 6): one command, `make bench` (or Benchmarks/run.sh), that builds
# everything it needs in release and writes the results into BENCHMARKS.md, one marked section
# per part, with the date, the machine, the exact commands and the raw figures.
#
#   Benchmarks/run.sh                      core, load, sessions, render, durable, scaleout, embedding (about 55 minutes on 2 cores)
#   ONLY=load Benchmarks/run.sh            some parts: core, mhd, load, sessions, render, durable, scaleout, embedding
#                                          (comma-separated; mhd — the server-only hello benchmark — runs
#                                          only when named)
#   RUNS=3 DURATION=15s WARMUP=2s          wrk rounds and durations (load, sessions, durable, scaleout, embedding)
#   SIZES="10 10000 100000"                live sessions (sessions)
#   SKIP_BUILD=1                           use the binaries already built
#
# Parts:
#   core      Benchmarks/core.sh — navigation operations and the URL codec (the lead's section "core")
#   mhd       Benchmarks/mhd-hello/run.sh — hello route vs plain C libmicrohttpd (section "mhd")
#   load      Benchmarks/load/load.sh — HTTP under load: a, b, c, d, e (section "load")
#   sessions  Benchmarks/sessions/sessions.sh — RSS and req/s with 10 … 100 000 sessions (section "sessions")
#   render    Benchmarks/render/render.sh — render/request µs, instructions, allocations, profile (section "render")
#   durable   Benchmarks/durable/durable.sh — SQLite sessions vs memory: c, d, hibernated sessions,
#             RSS and disk per idle session at 100 000 sessions (section "durable")
#   scaleout  Benchmarks/scaleout/scaleout.sh — one instance on SQLite, one on PostgreSQL, three behind
#             nginx: req/s, p99, database round trips and CPU per request, capacity estimate (section
#             "scaleout"; needs PostgreSQL and nginx, about 7 minutes)
#   forms     Benchmarks/forms/forms.sh — memory while 8 clients upload 50 MB files at once (to temporary
#             files vs in memory), instructions of typed decoding vs FormData by hand (section "forms",
#             about 2 minutes; runs only when named)
#   viewmodels Benchmarks/viewmodels/viewmodels.sh — the list page's view model by hand vs encoded from
#             values, and the whole list-page request: instructions and allocations per operation
#             (section "viewmodels", about 2 minutes; runs only when named)
#   cost      Benchmarks/cost/cost.sh — issue 36: C vs memory vs SQLite, list page and list <-> todo, CPU and
#             context switches per request, pinned to one core and not (section "cost", about 20 minutes;
#             runs only when named)
#   drafts    Benchmarks/drafts/drafts.sh — issue 37: server CPU per draft save (POST /_draft) against a list
#             page, in memory and on SQLite, and the drafts script's size (section "drafts", about 4 minutes;
#             runs only when named)
#   live      Benchmarks/live/live.sh — issue 38: memory and CPU per idle event stream, the list page's
#             throughput with 500 streams open, one change reaching all of them (section "live", about
#             5 minutes; runs only when named)
#   embedding Benchmarks/embedding/embedding.sh — the list page on the embedded server vs mounted at /todo
#             in the Hummingbird and Vapor examples (section "embedding", about 4 minutes)
#
# Nothing here is built by CI. Build products live in Benchmarks/.build (and each sub-package's
# own .build); raw results in Benchmarks/.build/results/<part>.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
source "$ROOT/Benchmarks/lib.sh"
ONLY="${ONLY:-core,load,sessions,render,durable,scaleout,embedding}"
wants() { [[ ",$ONLY," == *",$1,"* ]]; }

for tool in swift wrk curl gcc pkg-config python3 valgrind callgrind_annotate ms_print bc strip; do
    command -v "$tool" >/dev/null || { echo "run.sh: $tool is required (apt-get install wrk valgrind bc …)" >&2; exit 1; }
done

started=$(date +%s)
if [ -z "${SKIP_BUILD:-}" ]; then
    echo "== build (release)"
    mkdir -p "$ROOT/Benchmarks/.build"
    # A package that depends on the repository by path keeps its build plan across builds and
    # does not see source files added to the repository since (SwiftPM 6.3): plan them again.
    for package in render mhd-hello; do
        rm -f "$ROOT/Benchmarks/$package/.build/release.yaml" "$ROOT/Benchmarks/$package/.build/release/description.json"
    done
    rm -f "$ROOT/Benchmarks/.build/mhd-hello/release.yaml" "$ROOT/Benchmarks/.build/mhd-hello/release/description.json"
    if wants load || wants sessions || wants durable || wants scaleout || wants embedding || wants cost \
        || wants drafts || wants live; then
        swift build -c release --product todo-demo --scratch-path "$ROOT/Benchmarks/.build/root"
    fi
    if wants scaleout; then
        swift build -c release --package-path "$ROOT/Integrations/Postgres" --product todo-demo-postgres \
            --scratch-path "$ROOT/Benchmarks/.build/postgres"
    fi
    if wants embedding; then
        swift build -c release --package-path "$ROOT/Integrations/SignalboxHummingbird" --product todo-hummingbird \
            --scratch-path "$ROOT/Benchmarks/.build/hummingbird"
        swift build -c release --package-path "$ROOT/Integrations/SignalboxVapor" --product todo-vapor \
            --scratch-path "$ROOT/Benchmarks/.build/vapor"
    fi
    if wants load || wants cost; then
        gcc -O2 -Wall -Wextra -o "$BIN_HELLO_C" "$ROOT/Benchmarks/mhd-hello/hello.c" \
            $(pkg-config --cflags --libs libmicrohttpd) -lpthread
    fi
    if wants load; then
        swift build -c release --package-path "$ROOT/Benchmarks/mhd-hello" \
            --scratch-path "$ROOT/Benchmarks/.build/mhd-hello" --product SignalboxHello
        swift build -c release --package-path "$ROOT/Benchmarks/peers/hummingbird-todo"
    fi
    if wants load || wants render || wants forms || wants viewmodels; then
        swift build -c release --package-path "$ROOT/Benchmarks/render"
    fi
fi

wants core && { echo "== core"; "$ROOT/Benchmarks/core.sh"; }
wants mhd && { echo "== mhd"; "$ROOT/Benchmarks/mhd-hello/run.sh"; }
wants load && "$ROOT/Benchmarks/load/load.sh"
wants sessions && "$ROOT/Benchmarks/sessions/sessions.sh"
wants render && "$ROOT/Benchmarks/render/render.sh"
wants durable && "$ROOT/Benchmarks/durable/durable.sh"
wants scaleout && "$ROOT/Benchmarks/scaleout/scaleout.sh"
wants embedding && "$ROOT/Benchmarks/embedding/embedding.sh"
wants forms && "$ROOT/Benchmarks/forms/forms.sh"
wants cost && "$ROOT/Benchmarks/cost/cost.sh"
wants drafts && "$ROOT/Benchmarks/drafts/drafts.sh"
wants live && "$ROOT/Benchmarks/live/live.sh"
wants viewmodels && "$ROOT/Benchmarks/viewmodels/viewmodels.sh"

echo "== done in $(( $(date +%s) - started )) s; see BENCHMARKS.md"
