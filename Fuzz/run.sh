#!/usr/bin/env bash
# Builds and runs a libFuzzer target. Usage: Fuzz/run.sh <Target> [runs]   (default 10,000,000)
#   Fuzz/run.sh PathCodec
# Targets:
#   PathCodec    the core URL codec and tree.apply(path:)
#   Cookie       session-cookie parsing (SessionCookie, SessionID) and Accept negotiation
#   Form         FormCodec (urlencoded bodies), default and tight limits
#   JSONRequest  WebApp.respond(to:) over the todo demo: any method, target, fields and body,
#                Accept: application/json (run from the repository: it loads Templates/)
# Crashes are written to Fuzz/crashes/<Target>/; the seed corpus is Fuzz/corpus/<corpus>/ (copied
# to a temporary folder, so runs never change the committed corpus). Extra arguments after the
# run count go to libFuzzer (e.g. -jobs=2, -max_total_time=600).
set -euo pipefail
cd "$(dirname "$0")/.."
. Tests/EndToEnd/lib.sh
TARGET=${1:?target}
RUNS=${2:-10000000}
shift $(($# < 2 ? $# : 2))
OUT=.build-fuzz
mkdir -p "$OUT" "Fuzz/crashes/$TARGET"
FEATURES=(-enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
          -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature NonisolatedNonsendingByDefault)

# The web layer and the demo (with their dependencies), built by SwiftPM with the fuzzer's
# coverage instrumentation and AddressSanitizer; -enable-testing lets targets reach internals.
build_web() {
    swift build -c release --target TodoApp --scratch-path "$OUT/pm" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing >&2
    PM="$OUT/pm/release"
    OBJECTS=()
    for module in "$@"; do
        OBJECTS+=("$PM/$module.build"/*.o)
    done
}
WEB_MODULES=(Signalbox SignalboxHTTP SignalboxWeb HTTPTypes Logging Mustache)
MAX_LEN=512
OPTIONS=()

case "$TARGET" in
    PathCodec)
        swiftc -O -swift-version 6 "${FEATURES[@]}" -sanitize=fuzzer,address -parse-as-library \
            -module-name Signalbox -package-name Signalbox -emit-library -static -o "$OUT/libSignalbox.a" -emit-module -emit-module-path "$OUT/Signalbox.swiftmodule" \
            $(find Sources/Signalbox -name '*.swift') 2>&1 | grep -v "^$" || true
        swiftc -O -swift-version 6 -sanitize=fuzzer,address -parse-as-library -I "$OUT" \
            Fuzz/PathCodec/main.swift "$OUT/libSignalbox.a" -o "$OUT/fuzz-$TARGET"
        CORPUS=Fuzz/corpus/path
        ;;
    Cookie | Form)
        build_web "${WEB_MODULES[@]}"
        swiftc -O -swift-version 6 "${FEATURES[@]}" -sanitize=fuzzer,address -parse-as-library -I "$PM/Modules" \
            "Fuzz/$TARGET/main.swift" "${OBJECTS[@]}" -o "$OUT/fuzz-$TARGET"
        CORPUS=Fuzz/corpus/$(echo "$TARGET" | tr '[:upper:]' '[:lower:]')
        MAX_LEN=1024
        ;;
    JSONRequest)
        build_web "${WEB_MODULES[@]}" TodoApp
        swiftc -O -swift-version 6 "${FEATURES[@]}" -sanitize=fuzzer,address -parse-as-library -I "$PM/Modules" \
            "Fuzz/$TARGET/main.swift" "${OBJECTS[@]}" -o "$OUT/fuzz-$TARGET"
        CORPUS=Fuzz/corpus/json
        MAX_LEN=2048
        # LeakSanitizer cannot see Swift's weak-reference side tables (their address is kept
        # shifted in the object's header), so every tree with a weak parent link "leaks" 32 bytes.
        # Leaks are checked instead by the session-eviction tests and the stress RSS figures.
        # (-detect_leaks=0 stops the per-input check; ASan's own check at exit is switched off
        # below, else the live trees' side tables are reported and the empty input saved as a crash.)
        OPTIONS+=(-detect_leaks=0)
        LEAKS_AT_EXIT=0
        ;;
    *) echo "unknown target $TARGET" >&2; exit 2 ;;
esac
# Allocation stack traces (ASan's malloc_context_size) cost a fifth of a run here, mostly in
# stack unwinding; a crash report still has the crash's own stack. Set ASAN_OPTIONS to override.
export ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=0}${LEAKS_AT_EXIT:+:detect_leaks=$LEAKS_AT_EXIT}"
temp_dir WORK
cp "$CORPUS"/* "$WORK"/ 2>/dev/null || true
"$OUT/fuzz-$TARGET" -runs="$RUNS" -max_len="$MAX_LEN" -artifact_prefix="Fuzz/crashes/$TARGET/" -print_final_stats=1 ${OPTIONS[@]+"${OPTIONS[@]}"} "$@" "$WORK"
