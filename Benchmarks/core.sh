#!/usr/bin/env bash
# Core microbenchmarks (release): wall time (median of 5 rounds) and instructions per operation
# (valgrind --tool=callgrind, the difference between two iteration counts, so set-up cancels out;
# SWIFT_DETERMINISTIC_HASHING=1 fixes the hash seed, which otherwise moves counts by about ±0.5 %
# from run to run: dictionaries probe differently).
# Writes the "Core" section of BENCHMARKS.md.
#   Benchmarks/core.sh            # both tables
#   SKIP_CALLGRIND=1 Benchmarks/core.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source "$ROOT/Benchmarks/lib.sh"
mkdir -p "$ROOT/Benchmarks/.build"
PKG=Benchmarks/CoreBenchmarks
swift build -c release --package-path "$PKG" >/dev/null
BIN="$PKG/.build/release/CoreBenchmarks"

WALL=$("$BIN")
INSTR=""
if [ -z "${SKIP_CALLGRIND:-}" ] && command -v valgrind >/dev/null; then
    INSTR="| Benchmark | instructions/op |"$'\n'"|---|---:|"
    while IFS= read -r name; do
        count() {
            SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$name" "$1" 2>&1 \
                | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
        }
        low=$(count 200); high=$(count 1200)
        INSTR+=$'\n'"| $name | $(( (high - low) / 1000 )) |"
    done < <("$BIN" --list)
fi

SECTION=$(cat <<MD
<!-- core:begin -->
## Core (issue 2): navigation operations and the URL codec

Measured $(date -u +%Y-%m-%d) on $(nproc) cores ($(uname -m)), Swift $(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p'), release build.
Command: \`Benchmarks/core.sh\` (sources in \`Benchmarks/CoreBenchmarks\`). The test tree is a
two-root app whose \`flow\` root is a navigation coordinator pushing \`item/<Int>\` screens; depth
*n* means *n* pushed items (\`/flow/item/1/…/item/n\`). "Fresh tree" includes creating the tree
(see the baseline row); "last segment differs" alternates between two paths that share all but
the last input, so only one entry is replaced per call.

Wall time (µs per operation; median of 5 rounds, each ~20 ms or more):

$WALL

Instructions per operation (callgrind; repeatable on a noisy machine):

$INSTR

Route inputs (issue 17): the "input differs" rows alternate between two paths whose one input
segment differs — an \`Int\`, a \`Codable\` struct (\`(done=false,tags=(home,work),text=milk)\`,
decoded through the segment decoder and its canonical form written back) and a factory with two
arguments (\`/cell/1/A\`, one segment each). "route+popLast, struct input" encodes the struct and
checks that its segment decodes back to the same segment before the entry is pushed.
<!-- core:end -->
MD
)
echo "$SECTION" >"$ROOT/Benchmarks/.build/core-section.md"
write_section core "$ROOT/Benchmarks/.build/core-section.md"
