#!/usr/bin/env bash
# Forms (issue 32): the memory of uploads and the cost of typed decoding.
#   Benchmarks/forms/forms.sh          (after Benchmarks/run.sh has built the binaries; ONLY=forms)
#
# 1. Upload memory: the embedded server (RenderBenchmarks --serve-uploads) while 8 clients (curl)
#    upload a 50 MB file each at once, with uploads written to temporary files as they arrive
#    (the default) and, for comparison, with bodies collected in memory. The server's resident
#    set is sampled every 20 ms (VmRSS); its peak (VmHWM) is read before it stops.
# 2. Typed decoding against reading FormData by hand, four fields (text with a length rule, a
#    number in a range, a choice, a checkbox): instructions per decode (callgrind, the difference
#    of HIGH and LOW decodes, so start-up does not count).
# Writes the "forms" section of BENCHMARKS.md; raw outputs stay in Benchmarks/.build/results/forms.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/Benchmarks/.build/results/forms"
source "$ROOT/Benchmarks/lib.sh"
rm -rf "$OUT" && mkdir -p "$OUT"
CLIENTS="${CLIENTS:-8}"
SIZE_MB="${SIZE_MB:-50}"
LOW="${LOW:-2000}"
HIGH="${HIGH:-12000}"

echo "== forms: upload memory, $CLIENTS clients × $SIZE_MB MB at once"
head -c $((SIZE_MB * 1024 * 1024)) /dev/urandom >"$OUT/upload.bin"
for mode in spooled in-memory; do
    flag=""
    [ "$mode" = in-memory ] && flag="--in-memory"
    start_server UP "$OUT/$mode.log" "$BIN_RENDER" --serve-uploads 0 $flag
    idle=$(rss_kib "$PID_UP")
    (while kill -0 "$PID_UP" 2>/dev/null; do rss_kib "$PID_UP" 2>/dev/null || true; sleep 0.02; done) \
        >"$OUT/$mode.samples" &
    sampler=$!
    started=$(date +%s.%N)
    clients=()
    for i in $(seq 1 "$CLIENTS"); do
        curl -sS -o "$OUT/$mode.answer.$i" -w '%{http_code}\n' -F "file=@$OUT/upload.bin" \
            "http://127.0.0.1:$PORT_UP/upload" >"$OUT/$mode.status.$i" &
        clients+=($!)
    done
    for pid in "${clients[@]}"; do wait "$pid" || true; done
    elapsed=$(echo "$(date +%s.%N) - $started" | bc)
    hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$PID_UP/status")
    kill "$sampler" 2>/dev/null || true
    wait "$sampler" 2>/dev/null || true
    peak=$(sort -n "$OUT/$mode.samples" | tail -1)
    ok=$(cat "$OUT/$mode.status."* | grep -c '^200$' || true)
    answer=$(cat "$OUT/$mode.answer.1")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$mode" "$idle" "$peak" "$hwm" "$ok" "$elapsed" "$answer" \
        | tee -a "$OUT/memory.tsv"
    stop_servers
done
rm -f "$OUT/upload.bin"

echo "== forms: instructions per decode (callgrind, $HIGH - $LOW decodes)"
VG_BIN=$(stripped_render_binary)
: >"$OUT/decode.tsv"
while IFS= read -r name; do
    printf '%s\t%s\n' "$name" "$(per_op "$VG_BIN" "$name" "$LOW" "$HIGH")" | tee -a "$OUT/decode.tsv"
done < <("$BIN_RENDER" --list-forms)

python3 "$ROOT/Benchmarks/report.py" forms "$OUT" "$(machine_line)" "$CLIENTS" "$SIZE_MB" "$LOW" "$HIGH" \
    >"$OUT/section.md"
cat "$OUT/section.md"
write_section forms "$OUT/section.md"
