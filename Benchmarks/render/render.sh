#!/usr/bin/env bash
# Part 3 of issue 6 (render side): the todo page rendered and requested in-process, swift-mustache
# (`MustacheRenderer(engine: .swiftMustache)`) vs the library's compiled engine (the default);
# instructions (callgrind) and allocations (DHAT) per op; heap bytes per session; the profile of
# one list-page request (where the time goes).
#   Benchmarks/render/render.sh          (after Benchmarks/run.sh has built the binaries)
# Writes the "render" section of BENCHMARKS.md; raw outputs stay in Benchmarks/.build/results/render.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/render"
source "$ROOT/Benchmarks/lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
LOW="${LOW:-50}"
HIGH="${HIGH:-250}"

# Counts are exact from run to run only with the hash seed fixed (else about ±0.5 %: dictionaries
# probe differently), so every valgrind run here sets it.
VALGRIND=(env SWIFT_DETERMINISTIC_HASHING=1 valgrind)

# valgrind 3.19 cannot read the DWARF 5 debug info of these binaries: give it a copy without
# debug info (symbols stay, so profiles keep function names).
VG_BIN="$OUT/RenderBenchmarks.nodebug"
cp "$BIN_RENDER" "$VG_BIN"
strip -g "$VG_BIN"

echo "== render: verify the compiled engine against swift-mustache"
if "$BIN_RENDER" --verify --templates "$ROOT/Templates" >"$OUT/verify.txt"; then echo ok >"$OUT/verify.status"; else echo FAILED >"$OUT/verify.status"; fi
cat "$OUT/verify.txt"

echo "== render: wall time"
"$BIN_RENDER" --templates "$ROOT/Templates" | tee "$OUT/wall.md"

echo "== render: instructions (callgrind) and allocations (DHAT) per op, ($HIGH - $LOW) iterations"
: >"$OUT/counts.tsv"
while IFS= read -r name; do
    refs() { "${VALGRIND[@]}" --tool=callgrind --callgrind-out-file=/dev/null "$VG_BIN" "$name" "$1" --templates "$ROOT/Templates" 2>&1 | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,; }
    blocks() { "${VALGRIND[@]}" --tool=dhat --dhat-out-file=/dev/null "$VG_BIN" "$name" "$1" --templates "$ROOT/Templates" 2>&1 | sed -n 's/.*Total: *\([0-9,]*\) bytes in \([0-9,]*\) blocks.*/\1 \2/p' | tr -d ,; }
    r_low=$(refs "$LOW"); r_high=$(refs "$HIGH")
    read -r b_low n_low <<<"$(blocks "$LOW")"; read -r b_high n_high <<<"$(blocks "$HIGH")"
    span=$((HIGH - LOW))
    printf '%s\t%s\t%s\t%s\n' "$name" $(((r_high - r_low) / span)) $(((n_high - n_low) / span)) $(((b_high - b_low) / span)) | tee -a "$OUT/counts.tsv"
done < <("$BIN_RENDER" --list)

echo "== render: heap bytes per session (in-process, 20 000 sessions with a 3-deep Todos stack)"
"$BIN_RENDER" --session-memory 20000 --templates "$ROOT/Templates" | tee "$OUT/session-memory.txt"
"${VALGRIND[@]}" --tool=massif --massif-out-file="$OUT/massif.out" --depth=3 --threshold=1.0 "$VG_BIN" --session-memory 3000 --templates "$ROOT/Templates" >/dev/null 2>&1
ms_print "$OUT/massif.out" >"$OUT/massif.txt"

echo "== render: profile of one list-page request (callgrind, difference of $HIGH and $LOW requests)"
for n in "$LOW" "$HIGH"; do
    "${VALGRIND[@]}" --tool=callgrind --callgrind-out-file="$OUT/profile-$n.out" "$VG_BIN" "request: list page" "$n" --templates "$ROOT/Templates" >/dev/null 2>&1
    for mode in yes no; do
        callgrind_annotate --inclusive=$mode --threshold=100 "$OUT/profile-$n.out" 2>/dev/null | swift demangle --simplified >"$OUT/profile-$n-inclusive-$mode.txt"
    done
done
for n in "$LOW" "$HIGH"; do
    "${VALGRIND[@]}" --tool=callgrind --callgrind-out-file="$OUT/compiled-$n.out" "$VG_BIN" "request: list page, compiled (library)" "$n" --templates "$ROOT/Templates" >/dev/null 2>&1
    for mode in yes no; do
        callgrind_annotate --inclusive=$mode --threshold=100 "$OUT/compiled-$n.out" 2>/dev/null | swift demangle --simplified >"$OUT/compiled-$n-inclusive-$mode.txt"
    done
done

python3 "$ROOT/Benchmarks/render/summarise.py" "$OUT" "$LOW" "$HIGH" >"$OUT/render.md"
python3 "$ROOT/Benchmarks/report.py" render "$OUT" "$(machine_line)" >"$OUT/section.md"
write_section render "$OUT/section.md"
