#!/usr/bin/env bash
# Property-based tests of the todo demo's JSON API with schemathesis, against its published
# OpenAPI document (Public/openapi.json), signed in as alice.
#
#   Tests/EndToEnd/api-fuzz.sh <path-to-todo-demo> [output-folder]
#
# Starts the demo on a free port with its data in memory, checks that the published document is
# the one the binary generates (`todo-demo openapi`), that the server serves it at /openapi.json
# and that it is valid OpenAPI 3.1, logs in, then runs every
# schemathesis phase (examples, coverage, fuzzing, stateful) with EXAMPLES examples per operation
# (default 50) and SEED (default 1: the same run every time; SEED=random picks one) under every
# check but positive_data_acceptance: a navigation API refuses valid requests by state (a pop at
# the root is a 409), which no schema can say. Fails on any check failure, a 5xx, or a server that
# did not survive. Reports (JUnit, the server's log) go to <output-folder>/schemathesis/.
set -euo pipefail

BINARY=${1:?usage: api-fuzz.sh <path-to-todo-demo> [output-folder]}
OUTPUT=${2:-test-output}
EXAMPLES=${EXAMPLES:-50}
SEED=${SEED:-1}
REPO=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=listening.sh
source "$REPO/Tests/EndToEnd/listening.sh"
case "$BINARY" in /*) ;; *) BINARY="$PWD/$BINARY" ;; esac
mkdir -p "$OUTPUT/schemathesis"
OUTPUT=$(cd "$OUTPUT/schemathesis" && pwd)
WORK=$(mktemp -d)
SERVER_PID=""

cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

(cd "$REPO" && exec "$BINARY" --port 0 --in-memory >"$WORK/stdout" 2>"$OUTPUT/server.log") &
SERVER_PID=$!
BASE=$(listening_url "$WORK/stdout" "$SERVER_PID") ||
    { echo "FAIL the demo did not start; log:" >&2; cat "$OUTPUT/server.log" >&2; exit 1; }
echo "Demo at $BASE"

# The published document is the one this binary generates, and the server serves it.
"$BINARY" openapi >"$WORK/generated.json"
cmp -s "$WORK/generated.json" "$REPO/Public/openapi.json" ||
    { echo "FAIL Public/openapi.json is not what \`todo-demo openapi\` prints (RECORD=1 swift test --filter OpenAPIDocumentTests)" >&2; exit 1; }
curl -fsS "$BASE/openapi.json" -o "$WORK/served.json"
cmp -s "$WORK/served.json" "$REPO/Public/openapi.json" || { echo "FAIL /openapi.json is not Public/openapi.json" >&2; exit 1; }
python3 - "$REPO/Public/openapi.json" <<'EOF'
import json, sys
from openapi_spec_validator import validate
document = json.load(open(sys.argv[1]))
validate(document)
print(f"PASS the published document is valid OpenAPI {document['openapi']} ({len(document['paths'])} paths)")
EOF

# Log in like a JSON client: the first GET sets the session cookie, its state carries the token.
JAR="$WORK/cookies"
curl -fsS -c "$JAR" -b "$JAR" -H 'Accept: application/json' "$BASE/unauthenticated" -o "$WORK/login.json"
TOKEN=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["csrf"])' "$WORK/login.json")
curl -fsS -c "$JAR" -b "$JAR" -H 'Accept: application/json' -H "X-CSRF-Token: $TOKEN" \
    --data 'username=alice&password=wonderland' "$BASE/unauthenticated" -o "$WORK/home.json"
SIGNALBOX_CSRF=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["path"] == "/authenticated/home", d["path"]; print(d["csrf"])' "$WORK/home.json")
SIGNALBOX_SESSION=$(awk '$6 == "signalbox_session" { print $7 }' "$JAR")
[ -n "$SIGNALBOX_SESSION" ] && [ -n "$SIGNALBOX_CSRF" ] ||
    { echo "FAIL no session cookie or CSRF token after logging in" >&2; exit 1; }
export SIGNALBOX_CSRF SIGNALBOX_SESSION
echo "PASS signed in as alice"

SEED_ARGS=()
[ "$SEED" != random ] && SEED_ARGS=(--seed "$SEED")
status=0
# In the temporary folder: schemathesis keeps its cache (.schemathesis/) where it runs.
(cd "$WORK" && exec schemathesis --config-file "$REPO/Tests/EndToEnd/schemathesis.toml" run "$REPO/Public/openapi.json" \
    --url "$BASE" --max-examples "$EXAMPLES" ${SEED_ARGS[@]+"${SEED_ARGS[@]}"} \
    --checks all --exclude-checks positive_data_acceptance \
    --report junit --report-dir "$OUTPUT" --no-color) >"$OUTPUT/schemathesis.txt" 2>&1 || status=$?
sed -n '/^=* SUMMARY =*$/,$p' "$OUTPUT/schemathesis.txt"
if [ "$status" -ne 0 ]; then
    echo "FAIL schemathesis found problems (exit $status); the whole report is $OUTPUT/schemathesis.txt:" >&2
    sed -n '/FAILURES/,/SUMMARY/p' "$OUTPUT/schemathesis.txt" | head -200 >&2
    exit 1
fi
kill -0 "$SERVER_PID" 2>/dev/null || { echo "FAIL the demo did not survive the run" >&2; exit 1; }
kill -TERM "$SERVER_PID"
wait "$SERVER_PID" && echo "PASS the demo survived and stopped cleanly" || { echo "FAIL the demo exited with $?" >&2; exit 1; }
SERVER_PID=""
