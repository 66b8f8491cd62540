#!/usr/bin/env bash
# A throwaway PostgreSQL cluster in a folder of its own, on a free port of 127.0.0.1, for tests and
# `make cluster`. Sourced (functions below) or run:
#
#   postgres.sh start [DIR]     creates and starts one (DIR: a new temporary folder when omitted);
#                               prints its URL, postgres://postgres@127.0.0.1:PORT/postgres
#   postgres.sh stop DIR        stops it and removes DIR
#   postgres.sh restart DIR     pg_ctl restart -m fast, same port (for outage tests)
#   postgres.sh pause DIR       stops the server but keeps DIR (an outage that lasts); resume starts it again
#   postgres.sh resume DIR
#   postgres.sh url DIR         prints the URL
#
# Sourced: postgres_start DIR sets POSTGRES_DIR, POSTGRES_PORT and POSTGRES_URL (exported); the
# others take DIR. Layout of DIR: data/ (the cluster), postgres.log, port, the Unix socket.
# Trust authentication, user postgres, listening on 127.0.0.1 only: never use it for real data.
# PostgreSQL refuses to run as root, so as root the server and its tools run as the `postgres`
# user (runuser) and DIR belongs to it. PG_BIN picks the binaries (default: the newest
# /usr/lib/postgresql/*/bin); POSTGRES_OPTIONS adds server options (e.g. "-c fsync=off").

# Where PostgreSQL's binaries are: PG_BIN, else the newest Debian install, else pg_config's.
postgres_bin() {
    if [ -n "${PG_BIN:-}" ]; then
        echo "$PG_BIN"
        return
    fi
    local found
    found=$(compgen -G '/usr/lib/postgresql/*/bin/initdb' | sort -V | tail -1 || true)
    if [ -n "$found" ]; then
        dirname "$found"
    elif command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then
        pg_config --bindir
    else
        echo "postgres.sh: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb):" \
            "run .ci/install-deps --cluster, or apt-get install postgresql" >&2
        return 1
    fi
}

# postgres_as_owner DIR COMMAND…: runs COMMAND as the cluster's owner (postgres when we are root),
# from DIR so that the tools do not complain about a working directory they cannot read.
postgres_as_owner() {
    local dir=$1
    shift
    if [ "$(id -u)" -eq 0 ]; then
        (cd "$dir" && runuser -u postgres -- "$@")
    else
        (cd "$dir" && "$@")
    fi
}

# postgres_free_port: a TCP port of 127.0.0.1 that nothing listens on right now. Another process
# may take it before the server binds it: postgres_start retries with a fresh one when that happens.
postgres_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

postgres_url_for_port() {
    echo "postgres://postgres@127.0.0.1:$1/postgres"
}

# postgres_options DIR PORT: the server's command-line options (pg_ctl -o).
postgres_options() {
    echo "-p $2 -k '$1' -c listen_addresses=127.0.0.1 -c max_connections=300 ${POSTGRES_OPTIONS:-}"
}

# postgres_wait_ready DIR PORT: polls pg_isready until the server accepts connections (up to
# POSTGRES_TIMEOUT seconds, default 60).
postgres_wait_ready() {
    local dir=$1 port=$2 bin deadline
    bin=$(postgres_bin) || return 1
    deadline=$((SECONDS + ${POSTGRES_TIMEOUT:-60}))
    until "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -t 1; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            echo "postgres.sh: PostgreSQL on port $port is not ready after ${POSTGRES_TIMEOUT:-60} s; log: $dir/postgres.log" >&2
            tail -n 20 "$dir/postgres.log" >&2 2>/dev/null || true
            return 1
        fi
        sleep 0.1
    done
}

# postgres_launch DIR PORT: starts the server of an initialised DIR on PORT (pg_ctl -w waits for
# it to accept connections or to die); then confirms with pg_isready over TCP.
postgres_launch() {
    local dir=$1 port=$2 bin
    bin=$(postgres_bin) || return 1
    postgres_as_owner "$dir" "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t "${POSTGRES_TIMEOUT:-60}" \
        -o "$(postgres_options "$dir" "$port")" start >/dev/null || return 1
    postgres_wait_ready "$dir" "$port"
}

# postgres_start [DIR]: creates a cluster in DIR (created if missing; must not hold one already)
# and starts it on a free port. Sets and exports POSTGRES_DIR, POSTGRES_PORT, POSTGRES_URL.
postgres_start() {
    local dir=${1:-} bin port log_lines
    bin=$(postgres_bin) || return 1
    if [ -z "$dir" ]; then
        dir=$(mktemp -d "${TMPDIR:-/tmp}/signalbox-postgres.XXXXXX") || return 1
    fi
    mkdir -p "$dir" || return 1
    dir=$(cd "$dir" && pwd) || return 1
    if [ -e "$dir/data" ]; then
        echo "postgres.sh: $dir already holds a cluster (data/): stop it with postgres.sh stop $dir" >&2
        return 1
    fi
    # The socket path (DIR/.s.PGSQL.PORT) must fit in 107 bytes.
    if [ "${#dir}" -gt 80 ]; then
        echo "postgres.sh: $dir is too long a path for PostgreSQL's Unix socket (80 characters at most)" >&2
        return 1
    fi
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres:postgres "$dir" || return 1
        chmod 0700 "$dir"
        # The server reaches DIR through its parents: they must let the postgres user through.
        if ! runuser -u postgres -- test -w "$dir"; then
            echo "postgres.sh: the postgres user cannot reach $dir (a parent folder is closed to it);" \
                "use a folder under /tmp" >&2
            return 1
        fi
    fi
    # --no-sync: a throwaway cluster does not need initdb's fsyncs (the server itself still syncs).
    if ! postgres_as_owner "$dir" "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C \
        --no-sync --no-instructions >"$dir/initdb.log" 2>&1; then
        echo "postgres.sh: initdb failed; log: $dir/initdb.log" >&2
        tail -n 20 "$dir/initdb.log" >&2
        return 1
    fi
    for _ in 1 2 3 4 5; do
        port=$(postgres_free_port) || return 1
        log_lines=$(wc -l 2>/dev/null <"$dir/postgres.log" || echo 0)
        if postgres_launch "$dir" "$port" 2>>"$dir/pg_ctl.log"; then
            echo "$port" >"$dir/port"
            export POSTGRES_DIR=$dir POSTGRES_PORT=$port
            POSTGRES_URL=$(postgres_url_for_port "$port")
            export POSTGRES_URL
            return 0
        fi
        # Someone took the port between our probe and the server's bind: try another one.
        if tail -n +"$((log_lines + 1))" "$dir/postgres.log" 2>/dev/null | grep 'could not bind\|could not create any TCP/IP sockets' >/dev/null; then
            postgres_as_owner "$dir" "$bin/pg_ctl" -D "$dir/data" stop -m immediate >/dev/null 2>&1 || true
            continue
        fi
        break
    done
    echo "postgres.sh: PostgreSQL did not start; log: $dir/postgres.log" >&2
    tail -n 20 "$dir/postgres.log" "$dir/pg_ctl.log" >&2 2>/dev/null || true
    return 1
}

postgres_port() {
    local dir=$1
    if [ ! -s "$dir/port" ]; then
        echo "postgres.sh: $dir holds no cluster started by postgres.sh (no port file)" >&2
        return 1
    fi
    cat "$dir/port"
}

# postgres_url DIR: prints the cluster's URL.
postgres_url() {
    local port
    port=$(postgres_port "$1") || return 1
    postgres_url_for_port "$port"
}

# postgres_pause DIR: stops the server (fast: open transactions are rolled back), keeps the data.
postgres_pause() {
    local dir=$1 bin
    bin=$(postgres_bin) || return 1
    postgres_as_owner "$dir" "$bin/pg_ctl" -D "$dir/data" -w -t "${POSTGRES_TIMEOUT:-60}" stop -m fast >/dev/null
}

# postgres_resume DIR: starts a paused server again on its port.
postgres_resume() {
    local dir=$1 port
    port=$(postgres_port "$dir") || return 1
    if ! postgres_launch "$dir" "$port"; then
        echo "postgres.sh: PostgreSQL did not start again on port $port; log: $dir/postgres.log" >&2
        return 1
    fi
}

# postgres_restart DIR: pg_ctl restart -m fast on the same port (every connection is dropped).
postgres_restart() {
    local dir=$1 port bin
    bin=$(postgres_bin) || return 1
    port=$(postgres_port "$dir") || return 1
    if ! postgres_as_owner "$dir" "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t "${POSTGRES_TIMEOUT:-60}" \
        -o "$(postgres_options "$dir" "$port")" restart -m fast >/dev/null; then
        echo "postgres.sh: PostgreSQL did not restart; log: $dir/postgres.log" >&2
        return 1
    fi
    postgres_wait_ready "$dir" "$port"
}

# postgres_stop DIR: stops the server (if running) and removes DIR.
postgres_stop() {
    local dir=$1 bin
    [ -d "$dir" ] || return 0
    bin=$(postgres_bin) || return 1
    if [ -f "$dir/data/postmaster.pid" ]; then
        if ! postgres_as_owner "$dir" "$bin/pg_ctl" -D "$dir/data" -w -t "${POSTGRES_TIMEOUT:-60}" stop -m fast >/dev/null 2>&1; then
            # A server that does not stop in time must not outlive its folder.
            postgres_as_owner "$dir" "$bin/pg_ctl" -D "$dir/data" stop -m immediate >/dev/null 2>&1 || true
        fi
    fi
    rm -rf "$dir"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    usage="usage: postgres.sh start [DIR] | stop DIR | restart DIR | pause DIR | resume DIR | url DIR"
    command=${1:-}
    case "$command" in
        start)
            postgres_start "${2:-}"
            echo "$POSTGRES_URL"
            ;;
        stop | restart | pause | resume | url)
            [ -n "${2:-}" ] || { echo "$usage" >&2; exit 2; }
            "postgres_$command" "$2"
            ;;
        *)
            echo "$usage" >&2
            exit 2
            ;;
    esac
fi
