#!/usr/bin/env bash
# The README's five-minute path, from the README alone: a new folder next to a checkout whose
# folder is *not* called signalbox, the README's Package.swift (its path pointed at that
# checkout), every file the README shows of Examples/Hello, `swift build`, then the server's first
# page and a JSON answer.
#
#   Tests/EndToEnd/readme-path.sh
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
. "$REPO/Tests/EndToEnd/lib.sh"
temp_dir WORK "${TMPDIR:-/tmp}/readme-path.XXXXXX"
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
pass "the README's app builds next to a checkout named $CHECKOUT"
SERVER_STDERR="$WORK/stderr" start_server hello "$WORK/stdout" "$WORK/hello/.build/debug/hello-app" --port 0
URL=$SERVER_URL
check "its first page answers at $URL" "no <h1>Hello</h1>" eval 'curl -fsS "$URL/" | grep "<h1>Hello</h1>" >/dev/null'
check "the README's curl gets the greeting's JSON state" "no \"path\":\"/greeting/Ann\"" \
    eval 'curl -fsS -H "Accept: application/json" "$URL/greeting/Ann" | grep "\"path\":\"/greeting/Ann\"" >/dev/null'
checks_done "README path"
