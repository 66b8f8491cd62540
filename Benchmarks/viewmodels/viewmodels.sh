#!/usr/bin/env bash
# View models from values (issue 33): the demo's list page view model written field by field
# against the same view model encoded from `Encodable` values (`ViewModel(encoding:)`), and the
# whole in-process list-page request as the demo now builds it; instructions and heap blocks per
# operation (callgrind and DHAT, the difference of HIGH and LOW operations).
#   Benchmarks/viewmodels/viewmodels.sh   (after Benchmarks/run.sh has built the binaries; ONLY=viewmodels)
# Writes the "viewmodels" section of BENCHMARKS.md; raw outputs in Benchmarks/.build/results/viewmodels.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/viewmodels"
source "$ROOT/Benchmarks/lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
LOW="${LOW:-200}"
HIGH="${HIGH:-1200}"

echo "== viewmodels: per operation (callgrind and DHAT, $HIGH - $LOW operations)"
VG_BIN=$(stripped_render_binary)
: >"$OUT/ops.tsv"
while IFS= read -r name; do
    printf '%s\t%s\n' "$name" "$(per_op "$VG_BIN" "$name" "$LOW" "$HIGH")" | tee -a "$OUT/ops.tsv"
done < <("$BIN_RENDER" --list-view-models; echo "request: list page, compiled (library)")

python3 - "$OUT" "$(machine_line)" "$LOW" "$HIGH" >"$OUT/section.md" <<'PYTHON'
import sys
out, machine, low, high = sys.argv[1:5]
rows = [line.rstrip("\n").split("\t") for line in open(f"{out}/ops.tsv")]
print("<!-- viewmodels:begin -->")
print("### View models from values (issue 33)")
print()
print(f"{machine}. Command: `ONLY=viewmodels Benchmarks/run.sh` (or `Benchmarks/viewmodels/viewmodels.sh` after a build).")
print()
print(f"Instructions and heap blocks per operation, the difference of {high} and {low} operations (callgrind, DHAT,")
print("`SWIFT_DETERMINISTIC_HASHING=1`). The list page's view model (20 todos, each with its project's fields) written")
print("field by field as the demo did, and encoded from `Encodable` values as it does now; then the whole in-process")
print("list-page request (session, tree, view model, render) as the demo now builds it.")
print()
print("The same request with the demo's view models written by hand (commit 4d7941b, measured the same way on")
print("2026-11-27): 269,390 instructions and 65 allocations. Goal (issue 33): at most 1.2 × those instructions.")
print()
print("| Benchmark | instructions | allocations |")
print("|---|---:|---:|")
for name, refs, blocks in rows:
    print(f"| {name} | {int(refs):,} | {blocks} |")
print("<!-- viewmodels:end -->")
PYTHON
cat "$OUT/section.md"
write_section viewmodels "$OUT/section.md"
