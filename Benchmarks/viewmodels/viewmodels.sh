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

python3 "$ROOT/Benchmarks/report.py" viewmodels "$OUT" "$(machine_line)" "$LOW" "$HIGH" >"$OUT/section.md"
cat "$OUT/section.md"
write_section viewmodels "$OUT/section.md"
