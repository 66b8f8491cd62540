#!/usr/bin/env bash
# The README's five-minute path, from the README alone: a new folder next to a checkout whose
# folder is *not* called signalbox, the README's Package.swift (its path pointed at that
# checkout), every file the README shows of Examples/Hello, `swift build`, then the server's first
# page and a JSON answer.
#
#   Tests/EndToEnd/readme-path.sh
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
. "$REPO/Tests/EndToEnd/listening.sh"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/readme-path.XXXXXX")
PID=""
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$WORK"' EXIT
CHECKOUT="a-checkout-$$"
ln -s "$REPO" "$WORK/$CHECKOUT"
mkdir "$WORK/hello"

# The README's manifest (the first Swift block with a tools version), pointed at the checkout, and
# every code block marked `<!-- file: Examples/Hello/… -->`, at its path inside the app.
python3 - "$REPO/README.md" "$WORK/hello" "$CHECKOUT" <<'PYEOF'
import os, re, sys
readme, app, checkout = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
blocks = re.findall(r"```swift\n(// swift-tools-version.*?)```", readme, re.S)
manifest = blocks[0].replace('path: "../signalbox"', f'path: "../{checkout}"')
assert f'"../{checkout}"' in manifest, "the README's manifest names no ../signalbox path"
open(os.path.join(app, "Package.swift"), "w").write(manifest)
files = re.findall(r"<!-- file: Examples/Hello/(\S+) -->\n```\w*\n(.*?)```", readme, re.S)
assert files, "the README shows no file of Examples/Hello"
for path, text in files:
    os.makedirs(os.path.join(app, os.path.dirname(path)), exist_ok=True)
    open(os.path.join(app, path), "w").write(text)
print(f"the README's manifest and {len(files)} files of Examples/Hello", file=sys.stderr)
PYEOF

cd "$WORK/hello"
swift build --product hello-app >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; echo "FAIL the README's app builds" >&2; exit 1; }
echo "PASS the README's app builds next to a checkout named $CHECKOUT"
"$WORK/hello/.build/debug/hello-app" --port 0 >"$WORK/stdout" 2>"$WORK/stderr" &
PID=$!
URL=$(listening_url "$WORK/stdout" "$PID") || { cat "$WORK/stderr"; echo "FAIL hello-app prints Listening on" >&2; exit 1; }
status=0
curl -fsS "$URL/" | grep -q '<h1>Hello</h1>' && echo "PASS its first page answers at $URL" \
    || { echo "FAIL its first page answers at $URL" >&2; status=1; }
curl -fsS -H 'Accept: application/json' "$URL/greeting/Ann" | grep -q '"path":"/greeting/Ann"' \
    && echo "PASS the README's curl gets the greeting's JSON state" \
    || { echo "FAIL the README's curl gets the greeting's JSON state" >&2; status=1; }
exit "$status"
