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

BINARY=$(realpath "${1:?usage: api-fuzz.sh <path-to-todo-demo> [output-folder]}")
OUTPUT=${2:-test-output}
EXAMPLES=${EXAMPLES:-50}
SEED=${SEED:-1}
REPO=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=lib.sh
source "$REPO/Tests/EndToEnd/lib.sh"
mkdir -p "$OUTPUT/schemathesis"
OUTPUT=$(cd "$OUTPUT/schemathesis" && pwd)
cd "$REPO"
temp_dir WORK

: >"$OUTPUT/server.log"
SERVER_STDERR="$OUTPUT/server.log" start_server demo "$WORK/stdout" "$BINARY" --port 0 --in-memory
BASE=$SERVER_URL
echo "Demo at $BASE"

# The published document is the one this binary generates, and the server serves it.
"$BINARY" openapi >"$WORK/generated.json"
cmp -s "$WORK/generated.json" Public/openapi.json ||
    { echo "FAIL Public/openapi.json is not what \`todo-demo openapi\` prints (RECORD=1 swift test --filter OpenAPIDocumentTests)" >&2; exit 1; }
curl -fsS "$BASE/openapi.json" -o "$WORK/served.json"
cmp -s "$WORK/served.json" Public/openapi.json || { echo "FAIL /openapi.json is not Public/openapi.json" >&2; exit 1; }
python3 - Public/openapi.json <<'EOF_PY'
import json, sys
from openapi_spec_validator import validate
document = json.load(open(sys.argv[1]))
validate(document)
print(f"PASS the published document is valid OpenAPI {document['openapi']} ({len(document['paths'])} paths)")
EOF_PY

# Log in like a JSON client (signalbox_http.py): its session cookie and CSRF token go to schemathesis.
read -r SIGNALBOX_SESSION SIGNALBOX_CSRF LANDED < <(python3 Tests/EndToEnd/signalbox_http.py login "$BASE" alice wonderland)
[ -n "$SIGNALBOX_SESSION" ] && [ -n "$SIGNALBOX_CSRF" ] && [ "$LANDED" = /authenticated/home ] ||
    { echo "FAIL no session cookie or CSRF token after logging in (landed on ${LANDED:-nothing})" >&2; exit 1; }
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
running "$PID_demo" || { echo "FAIL the demo did not survive the run" >&2; exit 1; }
stop_server "$PID_demo"
[ "$SERVER_STATUS" = 0 ] && echo "PASS the demo survived and stopped cleanly" || { echo "FAIL the demo exited with $SERVER_STATUS" >&2; exit 1; }
