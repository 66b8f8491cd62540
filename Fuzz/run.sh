#!/usr/bin/env bash
# Builds and runs a libFuzzer target. Usage: Fuzz/run.sh <Target> [runs]   (default 10,000,000)
#   Fuzz/run.sh PathCodec
# Targets: PathCodec (core URL codec). Crashes are written to Fuzz/crashes/<Target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${1:?target}
RUNS=${2:-10000000}
OUT=.build-fuzz
mkdir -p "$OUT" "Fuzz/crashes/$TARGET"
FEATURES=(-enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
          -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature NonisolatedNonsendingByDefault)
case "$TARGET" in
    PathCodec)
        swiftc -O -swift-version 6 "${FEATURES[@]}" -sanitize=fuzzer,address -parse-as-library \
            -module-name Signalbox -emit-library -static -o "$OUT/libSignalbox.a" -emit-module -emit-module-path "$OUT/Signalbox.swiftmodule" \
            $(find Sources/Signalbox -name '*.swift') 2>&1 | grep -v "^$" || true
        swiftc -O -swift-version 6 -sanitize=fuzzer,address -parse-as-library -I "$OUT" \
            Fuzz/PathCodec/main.swift "$OUT/libSignalbox.a" -o "$OUT/fuzz-$TARGET"
        CORPUS=Fuzz/corpus/path
        ;;
    *) echo "unknown target $TARGET" >&2; exit 2 ;;
esac
WORK=$(mktemp -d)
cp "$CORPUS"/* "$WORK"/ 2>/dev/null || true
"$OUT/fuzz-$TARGET" -runs="$RUNS" -max_len=512 -artifact_prefix="Fuzz/crashes/$TARGET/" -print_final_stats=1 "$WORK"
