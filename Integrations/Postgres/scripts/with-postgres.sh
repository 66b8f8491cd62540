#!/usr/bin/env bash
# Runs a command with a PostgreSQL server to test against:
#
#   Integrations/Postgres/scripts/with-postgres.sh swift test --package-path Integrations/Postgres
#   Integrations/Postgres/scripts/with-postgres.sh bash -c 'psql "$SIGNALBOX_TEST_POSTGRES_URL" -c "select 1"'
#
# Exports SIGNALBOX_TEST_POSTGRES_URL (postgres://postgres@127.0.0.1:PORT/postgres) for the command.
# When it is already set, uses that server and starts nothing; otherwise starts a throwaway cluster
# in a temporary folder (postgres.sh) and stops and removes it when the command ends, fails or is
# interrupted. Exits with the command's status.
set -euo pipefail
SCRIPTS="$(cd "$(dirname "$0")" && pwd)"
source "$SCRIPTS/postgres.sh"

if [ $# -eq 0 ]; then
    echo "usage: with-postgres.sh COMMAND [ARGUMENTS…]" >&2
    exit 2
fi

if [ -n "${SIGNALBOX_TEST_POSTGRES_URL:-}" ]; then
    exec "$@"
fi

CLUSTER_FOLDER=""
# shellcheck disable=SC2317  # (called by the trap)
cleanup() {
    trap - EXIT INT TERM
    if [ -n "$CLUSTER_FOLDER" ]; then postgres_stop "$CLUSTER_FOLDER"; fi
}
trap cleanup EXIT
# Until the command runs, Ctrl-C or SIGTERM just exits (128+signal), which runs cleanup.
trap 'exit 130' INT
trap 'exit 143' TERM

CLUSTER_FOLDER=$(mktemp -d "${TMPDIR:-/tmp}/signalbox-postgres.XXXXXX")
if ! postgres_start "$CLUSTER_FOLDER"; then
    # Keep the folder: the messages above name its log files.
    postgres_pause "$CLUSTER_FOLDER" >/dev/null 2>&1 || true
    CLUSTER_FOLDER=""
    exit 1
fi
export SIGNALBOX_TEST_POSTGRES_URL="$POSTGRES_URL"
echo "with-postgres.sh: PostgreSQL at $SIGNALBOX_TEST_POSTGRES_URL (folder $CLUSTER_FOLDER)" >&2

# The command runs in the background so that a signal to this script alone is handled at once
# (bash defers traps until a foreground child ends): it is passed on, and the script waits for the
# command to end and exits with its status. The subshell restores SIGINT, which bash ignores in
# background commands, and `<&0` keeps stdin (else /dev/null), so the command behaves as if run
# directly: Ctrl-C in a terminal reaches it too.
( trap - INT QUIT; exec "$@" ) <&0 &
child=$!
trap 'kill -INT "$child" 2>/dev/null || true' INT
trap 'kill -TERM "$child" 2>/dev/null || true' TERM
while :; do
    status=0
    wait "$child" || status=$?
    # wait also returns when a trapped signal arrives: go on until the command has really ended.
    kill -0 "$child" 2>/dev/null || break
done
exit "$status"
