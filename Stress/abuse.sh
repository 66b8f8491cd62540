#!/usr/bin/env bash
# Re-runs issue 34's four abuse findings (RELIABILITY.md, "Abuse") against one or more builds of
# todo-demo, side by side in one run, each part on a fresh server (SQLite data and sessions in a
# temporary folder):
#
#   Stress/abuse.sh OUT BINARY...        e.g. Stress/abuse.sh /tmp/abuse old/todo-demo .build/release/todo-demo
#   PARTS="m1 m3" Stress/abuse.sh …      a subset (default: m1 m2 m3 m4)
#
# OUT/<part>-<n>.json holds what Stress/client.py abuse measured with the n-th binary.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/Tests/EndToEnd/lib.sh"
OUT=${1:?usage: abuse.sh OUT BINARY...}
shift
[ "$#" -ge 1 ] || { echo "usage: abuse.sh OUT BINARY..." >&2; exit 2; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cd "$REPO"
temp_dir WORK

for part in ${PARTS:-m1 m2 m3 m4}; do
    args=()
    [ "$part" = m1 ] && args=(--max-sessions 5)
    n=0
    for binary in "$@"; do
        n=$((n + 1))
        rm -rf "$WORK/data" && mkdir -p "$WORK/data"
        start_server demo "$WORK/data/log" "$binary" --port 0 --database "$WORK/data/demo.sqlite" ${args[@]+"${args[@]}"}
        echo "--- $part, $binary" >&2
        python3 Stress/client.py abuse "$SERVER_URL" "$part" "$OUT/$part-$n.json"
        stop_server "$SERVER_PID"
    done
done
