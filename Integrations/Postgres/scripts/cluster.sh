#!/usr/bin/env bash
# Several instances of the todo demo behind nginx, sharing sessions and data through PostgreSQL
# (`make cluster`). Starts PostgreSQL (a throwaway cluster unless POSTGRES_URL is given), N
# instances on free ports of 127.0.0.1 and nginx with plain round-robin (no ip_hash, no sticky
# cookie: any instance must serve any request), prints the URL and stops everything on Ctrl-C or
# SIGTERM.
#
#   cluster.sh [OPTIONS] [-- INSTANCE ARGUMENTS…]   runs until Ctrl-C / SIGTERM
#   cluster.sh [OPTIONS] --run COMMAND [ARGS…]      runs COMMAND against the cluster, then stops it;
#                                                   exits with COMMAND's status
#
#   -n, --instances N     INSTANCES      how many instances (3)
#   -p, --port P          PORT           nginx's port (8080; 0 picks a free one)
#       --host H          HOST           nginx's address (127.0.0.1)
#       --postgres-url U  POSTGRES_URL   use this server (postgres://USER@HOST:PORT/DB) instead of a
#                                        throwaway cluster
#       --binary B        BINARY         the instance program
#                                        (Integrations/Postgres/.build/release/todo-demo-postgres)
#       --arg A           INSTANCE_ARGS  one more argument for every instance (repeatable; the variable
#                                        is split on spaces), e.g. --arg --dev
#       --command "C"     INSTANCE_COMMAND  the whole instance command, split on spaces, with {url},
#                                        {port} (0 at first, the old port on a restart) and {index}
#                                        (1…N) replaced; default: BINARY --postgres {url} --host
#                                        127.0.0.1 --port {port} --behind-proxy
#       --dir D           CLUSTER_DIR    the working folder (kept afterwards, except the throwaway
#                                        database); default: a temporary folder, removed afterwards
#   INSTANCE_TIMEOUT (60 s) bounds each instance's start, SHUTDOWN_TIMEOUT (15 s) its graceful stop
#   (then SIGKILL, named with its log's end, its threads' stacks in DIR/stacks-PID.txt when gdb
#   is there, listed in DIR/sigkilled, which keeps DIR; a stop slower than SLOW_STOP (2 s) is
#   reported);
#   NGINX_WORKERS (auto) sets nginx's worker_processes; NGINX_CONNECTIONS_PER_CLIENT (128),
#   NGINX_REQUESTS_PER_SECOND (200) and NGINX_BURST (1000) its per-client limits (past them 429).
#
# The first line on stdout is "Listening on http://HOST:PORT" (as the demo prints), the second
# "Cluster on …" with the instances' ports and the database URL; progress goes to stderr.
# In CLUSTER_DIR (exported to --run's command, with CLUSTER_URL and CLUSTER_POSTGRES_URL):
#   instances              one line "PID PORT" per instance, line N = instance N
#   instance-N.out/.log    its stdout (the Listening line) and stderr
#   nginx.conf, access.log (with $upstream_addr: which instance served), error.log
#   url, postgres-url, cluster.pid (this script), postgres/ (the throwaway cluster: restart it for
#   outage tests with `postgres.sh restart|pause|resume CLUSTER_DIR/postgres`)
#
# Helpers for tests (CLUSTER_DIR set to the running cluster's folder):
#   cluster.sh kill-instance N [SIGNAL]      SIGNAL (KILL) to instance N; returns once it is gone
#   cluster.sh start-instance N              starts a stopped instance N again (on its old port when
#                                            free, else on a new one and nginx reloads); returns
#                                            once it accepts connections
#   cluster.sh restart-instance N [SIGNAL]   both
# A background job of a script ignores SIGINT: stop such a cluster with SIGTERM.
set -euo pipefail
SCRIPTS="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$SCRIPTS/../../.." && pwd)"
. "$ROOT/Tests/EndToEnd/listening.sh"
source "$SCRIPTS/postgres.sh"

INSTANCES=${INSTANCES:-3}
PORT=${PORT:-8080}
HOST=${HOST:-127.0.0.1}
POSTGRES_URL=${POSTGRES_URL:-}
BINARY=${BINARY:-$ROOT/Integrations/Postgres/.build/release/todo-demo-postgres}
INSTANCE_COMMAND=${INSTANCE_COMMAND:-}
INSTANCE_TIMEOUT=${INSTANCE_TIMEOUT:-60}
SHUTDOWN_TIMEOUT=${SHUTDOWN_TIMEOUT:-15}
NGINX_WORKERS=${NGINX_WORKERS:-auto}
DIR=${CLUSTER_DIR:-}

die() {
    echo "cluster.sh: $*" >&2
    exit 1
}

say() {
    echo "cluster.sh: $*" >&2
}

# ---------------------------------------------------------------- instances

# instance_alive PID: whether PID is a live instance of this cluster (the marker in its
# environment guards against a recycled pid; a zombie has an empty environment).
instance_alive() {
    [ -n "$1" ] && [ -r "/proc/$1/environ" ] \
        && tr '\0' '\n' 2>/dev/null <"/proc/$1/environ" | grep -xF "SIGNALBOX_CLUSTER_DIR=$DIR" >/dev/null
}

# instance_line N: "PID PORT" of instance N from the instances file (empty when unknown).
instance_line() {
    sed -n "${1}p" "$DIR/instances" 2>/dev/null || true
}

# set_instance N PID PORT: records instance N in the instances file (atomically, under a lock:
# tests may restart several instances at once).
set_instance() {
    local n=$1 pid=$2 port=$3 count i
    (
        flock 9
        count=$(wc -l 2>/dev/null <"$DIR/instances" || echo 0)
        [ "$count" -ge "$n" ] || count=$n
        for ((i = 1; i <= count; i++)); do
            if [ "$i" -eq "$n" ]; then echo "$pid $port"; else instance_line "$i" | grep . || echo "0 0"; fi
        done >"$DIR/instances.new"
        mv "$DIR/instances.new" "$DIR/instances"
    ) 9>"$DIR/instances.lock"
}

# launch_instance N PORT: starts instance N (the saved command, {port} = PORT) in the background
# and sets LAUNCHED_PID. Its stdout (where the Listening line appears) and stderr go to files.
launch_instance() {
    local n=$1 port=$2 word words=() template=()
    mapfile -d '' template <"$DIR/instance-command"
    for word in "${template[@]}"; do
        word=${word//\{url\}/$(cat "$DIR/postgres-url")}
        word=${word//\{port\}/$port}
        word=${word//\{index\}/$n}
        words+=("$word")
    done
    : >"$DIR/instance-$n.out"
    echo "--- $(date -u '+%Y-%m-%d %H:%M:%S') started: ${words[*]}" >>"$DIR/instance-$n.log"
    # From the repository (the demo finds Templates/ and Public/ there); the marker variable lets
    # instance_alive tell our instances from recycled pids.
    (cd "$ROOT" && SIGNALBOX_CLUSTER_DIR="$DIR" exec "${words[@]}") \
        </dev/null >"$DIR/instance-$n.out" 2>>"$DIR/instance-$n.log" &
    LAUNCHED_PID=$!
    # Out of the job table: bash would print "Killed" when a test kill -9s it (it still reaps it).
    disown "$LAUNCHED_PID"
}

# await_instance N PID: waits for instance N's Listening line and sets AWAITED_PORT; fails (with
# the log's tail) when the instance exits first or INSTANCE_TIMEOUT passes.
await_instance() {
    local n=$1 pid=$2 deadline port=""
    deadline=$((SECONDS + INSTANCE_TIMEOUT))
    while [ "$SECONDS" -lt "$deadline" ]; do
        port=$(listening_port "$DIR/instance-$n.out")
        [ -n "$port" ] && break
        # kill -0, not instance_alive: until the subshell execs the instance, its environment
        # lacks the marker, and a just-launched instance looked dead (seen once).
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
    done
    if [ -z "$port" ]; then
        if kill -0 "$pid" 2>/dev/null; then
            say "instance $n did not print its Listening line within $INSTANCE_TIMEOUT s; log: $DIR/instance-$n.log"
        else
            say "instance $n exited before it listened; log: $DIR/instance-$n.log"
        fi
        tail -n 20 "$DIR/instance-$n.log" >&2 || true
        return 1
    fi
    AWAITED_PORT=$port
}

# describe_pid PID: sets DESCRIBED to "instance N (pid PID, port P)" from the instances file (else
# "pid PID") and DESCRIBED_LOG to the instance's log (empty when unknown).
DESCRIBED="" DESCRIBED_LOG=""
describe_pid() {
    local pid=$1 n=0 line_pid port
    DESCRIBED="pid $pid" DESCRIBED_LOG=""
    [ -f "$DIR/instances" ] || return 0
    while read -r line_pid port; do
        n=$((n + 1))
        if [ "$line_pid" = "$pid" ]; then
            DESCRIBED="instance $n (pid $pid, port $port)" DESCRIBED_LOG="$DIR/instance-$n.log"
            return 0
        fi
    done <"$DIR/instances"
}

# dump_threads PID: every thread's stack of a process that does not stop, in DIR/stacks-PID.txt
# (with gdb, when installed; bounded): whether it is stuck in exit() or idle with a task waiting.
dump_threads() {
    local gdb
    gdb=$(command -v gdb) || return 0
    timeout 60 "$gdb" -p "$1" -batch -nx -ex 'thread apply all bt 16' >"$DIR/stacks-$1.txt" 2>&1 </dev/null || true
    say "its threads' stacks: $DIR/stacks-$1.txt"
}

# milliseconds_since START: milliseconds since START (an $EPOCHREALTIME: seconds, the locale's
# decimal separator, six digits of microseconds).
milliseconds_since() {
    local now=$EPOCHREALTIME
    echo $(((10#${now//[.,]/} - 10#${1//[.,]/}) / 1000))
}

# stop_pids SIGNAL TIMEOUT PID…: sends SIGNAL to the live instances among PIDs and waits until
# they are gone; SIGKILL for those still there after TIMEOUT seconds, each named with the end of
# its log (and listed in DIR/sigkilled). A graceful stop that took over SLOW_STOP (2) seconds is
# reported too, with its time.
stop_pids() {
    local signal=$1 timeout=$2 pid deadline left started=$EPOCHREALTIME gone=() ms what
    shift 2
    for pid in "$@"; do
        if instance_alive "$pid"; then kill -s "$signal" "$pid" 2>/dev/null || true; fi
    done
    deadline=$((SECONDS + timeout))
    while :; do
        left=()
        for pid in "$@"; do
            if instance_alive "$pid"; then
                left+=("$pid")
            elif [ "$signal" != KILL ] && [[ " ${gone[*]} " != *" $pid "* ]]; then
                gone+=("$pid")
                ms=$(milliseconds_since "$started")
                if [ "$ms" -gt $((${SLOW_STOP:-2} * 1000)) ]; then
                    describe_pid "$pid"
                    say "$DESCRIBED took $((ms / 1000)).$(printf '%03d' $((ms % 1000))) s to stop after SIG$signal"
                fi
            fi
        done
        [ "${#left[@]}" -eq 0 ] && return 0
        if [ "$SECONDS" -ge "$deadline" ]; then
            for pid in "${left[@]}"; do
                describe_pid "$pid"
                what=$DESCRIBED
                if [ "$signal" != KILL ]; then
                    say "$what still running $timeout s after SIG$signal: SIGKILL; the end of its log${DESCRIBED_LOG:+ ($DESCRIBED_LOG)}:"
                    [ -n "$DESCRIBED_LOG" ] && tail -n 12 "$DESCRIBED_LOG" | cut -c1-300 | sed 's/^/    /' >&2
                    echo "$what: still running $timeout s after SIG$signal" >>"$DIR/sigkilled"
                    dump_threads "$pid"
                else
                    say "$what still running $timeout s after SIGKILL"
                fi
                kill -KILL "$pid" 2>/dev/null || true
            done
            signal=KILL
            deadline=$((SECONDS + 5))
            timeout=5
        fi
        sleep 0.05
    done
}

# ---------------------------------------------------------------- nginx

nginx_binary() {
    command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } \
        || die "nginx is not installed: run .ci/install-deps --cluster (or apt-get install nginx)"
}

# url_host H: H as it goes in a URL or a listen directive (IPv6 in brackets).
url_host() {
    case "$1" in *:*) echo "[$1]" ;; *) echo "$1" ;; esac
}

# probe_host: where to connect to reach nginx (a wildcard address is reached through loopback).
probe_host() {
    case "$HOST" in 0.0.0.0) echo 127.0.0.1 ;; :: | "[::]") echo ::1 ;; *) echo "$HOST" ;; esac
}

# listening PORT: whether something accepts connections on PORT.
listening() {
    (exec 3<>"/dev/tcp/$(probe_host)/$1") 2>/dev/null
}

# our_nginx_answers: whether this run's nginx runs. It answers on a probe socket of its own (a
# Unix socket in DIR, never on the public port) with a token made for this run; nginx binds every
# listener, the public port included, before it serves any, so an answer there means the port is
# this nginx's and not some other program's.
PROBE_TOKEN=$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
our_nginx_answers() {
    local reply
    reply=$(curl -s -m 2 -D - -o /dev/null --unix-socket "$DIR/nginx-probe.sock" http://probe/ 2>/dev/null) || return 1
    [[ "$reply" == *"X-Cluster-Token: $PROBE_TOKEN"$'\r'* ]]
}

# write_nginx_config PORT: nginx.conf from the instances file.
write_nginx_config() {
    local port=$1 pid instance_port servers="" user=""
    while read -r pid instance_port; do
        [ "$instance_port" != 0 ] && servers+="        server 127.0.0.1:$instance_port max_fails=0;"$'\n'
    done <"$DIR/instances"
    # As root, the master would hand the workers to `nobody`; keep them as root so they can use the
    # temporary folders under DIR. (As another user the directive is ignored, with a warning.)
    [ "$(id -u)" -eq 0 ] && user="user root;"
    mkdir -p "$DIR/nginx-temp"
    cat >"$DIR/nginx.conf.new" <<EOF
# Written by cluster.sh for this run.
$user
worker_processes $NGINX_WORKERS;
daemon off;
pid $DIR/nginx.pid;
error_log $DIR/error.log warn;

events {
    worker_connections 1024;
}

http {
    # Which instance served each request (\$upstream_addr, several when nginx retried).
    log_format cluster '\$remote_addr [\$time_local] "\$request" \$status \$body_bytes_sent '
                       'upstream=\$upstream_addr upstream_status=\$upstream_status '
                       'time=\$request_time upstream_time=\$upstream_response_time id=\$request_id';
    access_log $DIR/access.log cluster;
    server_tokens off;
    # Uploads up to the app's own body limit (20 MiB) reach the instances, which answer past it.
    client_max_body_size 21m;
    # Debian's nginx keeps these under /var/lib/nginx, which only root may write.
    client_body_temp_path $DIR/nginx-temp/body;
    proxy_temp_path $DIR/nginx-temp/proxy;
    fastcgi_temp_path $DIR/nginx-temp/fastcgi;
    uwsgi_temp_path $DIR/nginx-temp/uwsgi;
    scgi_temp_path $DIR/nginx-temp/scgi;

    # Plain round-robin: no ip_hash, no hash, no sticky cookie. The zone shares the rotation among
    # the workers, so consecutive requests go to different instances. max_fails=0: a dead instance
    # is never taken out of rotation (a refused connection on loopback is retried at once on the
    # next), and 503s during a database outage do not end in nginx's own "no live upstreams" 502.
    # Per client address: at most NGINX_CONNECTIONS_PER_CLIENT connections and
    # NGINX_REQUESTS_PER_SECOND requests a second (bursts of NGINX_BURST served at once), past
    # which 429; a client trickling its head or body is cut after 30 s. Behind this proxy the
    # instances see one address; they limit clients by the forwarded one (--behind-proxy).
    limit_conn_zone \$binary_remote_addr zone=per_client:10m;
    limit_req_zone \$binary_remote_addr zone=per_client_rate:10m rate=${NGINX_REQUESTS_PER_SECOND:-200}r/s;
    limit_conn_status 429;
    limit_req_status 429;
    client_header_timeout 30s;
    client_body_timeout 30s;

    upstream signalbox {
        zone signalbox 64k;
$servers        keepalive 16;
    }

    server {
        listen $(url_host "$HOST"):$port;
        limit_conn per_client ${NGINX_CONNECTIONS_PER_CLIENT:-128};
        limit_req zone=per_client_rate burst=${NGINX_BURST:-1000} nodelay;

        # Every location below proxies the same way (they inherit these).
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        # The client's Host, port included: the app compares Origin with it.
        proxy_set_header Host \$http_host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto \$scheme;
        proxy_set_header X-Request-Id \$request_id;
        # Retries a request on the next instance when this one is down or overloaded; never a
        # POST (no non_idempotent), which may already have acted.
        proxy_next_upstream error timeout http_502 http_503;
        proxy_connect_timeout 2s;

        location / {
            proxy_pass http://signalbox;
        }

        # Live pages' event streams: passed on as they come (the instances also say so with
        # X-Accel-Buffering: no) and kept open by their 25 s heartbeats, under the 60 s
        # proxy_read_timeout. An instance that stops ends its streams cleanly: browsers reconnect
        # through here to another.
        location ~ /_live\$ {
            proxy_pass http://signalbox;
            proxy_buffering off;
            proxy_cache off;
            proxy_read_timeout 60s;
        }
    }

    # Answers cluster.sh's readiness probe, on a socket only this run knows.
    server {
        listen unix:$DIR/nginx-probe.sock;
        access_log off;
        location / {
            add_header X-Cluster-Token "$PROBE_TOKEN" always;
            return 204;
        }
    }
}
EOF
    mv "$DIR/nginx.conf.new" "$DIR/nginx.conf"
}

# start_nginx: writes the config and starts nginx in the foreground (daemon off) as a child; sets
# NGINX_PID and NGINX_PORT once it accepts connections. With PORT=0 it picks a free port and
# retries with another when someone takes it first.
start_nginx() {
    local nginx port deadline
    nginx=$(nginx_binary) || return 1
    for _ in 1 2 3 4 5; do
        port=$PORT
        if [ "$port" = 0 ]; then
            port=$(postgres_free_port)
        elif listening "$port"; then
            say "port $port is in use by another program: choose another with PORT=… (0 picks a free one)"
            return 1
        fi
        write_nginx_config "$port"
        : >"$DIR/error.log"
        "$nginx" -p "$DIR/" -c "$DIR/nginx.conf" -e "$DIR/error.log" </dev/null >>"$DIR/nginx.out" 2>&1 &
        NGINX_PID=$!
        echo "$NGINX_PID" >"$DIR/nginx.master"
        deadline=$((SECONDS + 30))
        while [ "$SECONDS" -lt "$deadline" ] && kill -0 "$NGINX_PID" 2>/dev/null; do
            if our_nginx_answers; then
                NGINX_PORT=$port
                return 0
            fi
            sleep 0.05
        done
        if kill -0 "$NGINX_PID" 2>/dev/null; then
            say "nginx does not accept connections on port $port after 30 s; log: $DIR/error.log"
            return 1
        fi
        wait "$NGINX_PID" 2>/dev/null || true
        NGINX_PID=""
        if [ "$PORT" = 0 ] && grep -q 'Address already in use' "$DIR/error.log" "$DIR/nginx.out" 2>/dev/null; then
            continue
        fi
        break
    done
    say "nginx did not start on $(url_host "$HOST"):$port; log: $DIR/error.log"
    cat "$DIR/error.log" "$DIR/nginx.out" >&2 2>/dev/null || true
    return 1
}

# reload_nginx: rewrites the config from the instances file, and returns once nginx runs it (its
# old workers are gone).
reload_nginx() {
    local master old pid deadline
    master=$(cat "$DIR/nginx.pid" 2>/dev/null) || die "nginx is not running (no $DIR/nginx.pid)"
    write_nginx_config "$(cat "$DIR/nginx-port")"
    mapfile -t old < <(pgrep -P "$master" || true)
    kill -HUP "$master"
    deadline=$((SECONDS + 30))
    for pid in "${old[@]}"; do
        while kill -0 "$pid" 2>/dev/null; do
            [ "$SECONDS" -lt "$deadline" ] || die "nginx did not reload within 30 s; log: $DIR/error.log"
            sleep 0.05
        done
    done
    if grep -q '\[emerg\]' "$DIR/error.log"; then
        die "nginx refused the new configuration; log: $DIR/error.log"
    fi
}

# ---------------------------------------------------------------- test helpers

cluster_folder_for_helpers() {
    [ -n "$DIR" ] || die "set CLUSTER_DIR to the running cluster's folder"
    if [ ! -f "$DIR/cluster.pid" ] || [ ! -f "$DIR/instances" ]; then
        die "$DIR holds no running cluster (no cluster.pid)"
    fi
    DIR=$(cd "$DIR" && pwd)
}

kill_instance() {
    local n=$1 signal=${2:-KILL} pid port
    read -r pid port <<<"$(instance_line "$n")" || true
    [ -n "${port:-}" ] || die "there is no instance $n"
    if ! instance_alive "$pid"; then
        say "instance $n (pid $pid) is not running"
        return 0
    fi
    stop_pids "$signal" "$SHUTDOWN_TIMEOUT" "$pid"
}

start_instance() {
    local n=$1 pid port
    read -r pid port <<<"$(instance_line "$n")" || true
    [ -n "${port:-}" ] || die "there is no instance $n"
    instance_alive "$pid" && die "instance $n is running (pid $pid)"
    # Its old port first, so that nginx's configuration stays as it is.
    launch_instance "$n" "$port"
    if ! await_instance "$n" "$LAUNCHED_PID" 2>/dev/null; then
        stop_pids TERM 5 "$LAUNCHED_PID"
        say "instance $n could not take port $port again; starting it on a new port"
        launch_instance "$n" 0
        await_instance "$n" "$LAUNCHED_PID" || exit 1
    fi
    set_instance "$n" "$LAUNCHED_PID" "$AWAITED_PORT"
    if [ "$AWAITED_PORT" != "$port" ]; then
        reload_nginx
    fi
    echo "instance $n: pid $LAUNCHED_PID, port $AWAITED_PORT"
}

case "${1:-}" in
    kill-instance | start-instance | restart-instance)
        helper=$1
        [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || die "usage: cluster.sh $helper N${helper/start-instance/}"
        cluster_folder_for_helpers
        case "$helper" in
            kill-instance) kill_instance "$2" "${3:-KILL}" ;;
            start-instance) start_instance "$2" ;;
            restart-instance)
                kill_instance "$2" "${3:-KILL}"
                start_instance "$2"
                ;;
        esac
        exit 0
        ;;
esac

# ---------------------------------------------------------------- options

usage() {
    sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
}

extra=()
[ -n "${INSTANCE_ARGS:-}" ] && read -ra extra <<<"$INSTANCE_ARGS"
run=()
while [ $# -gt 0 ]; do
    case "$1" in
        -n | --instances | -p | --port | --host | --postgres-url | --binary | --arg | --command | --dir)
            [ $# -ge 2 ] || die "$1 needs a value"
            case "$1" in
                -n | --instances) INSTANCES=$2 ;;
                -p | --port) PORT=$2 ;;
                --host) HOST=$2 ;;
                --postgres-url) POSTGRES_URL=$2 ;;
                --binary) BINARY=$2 ;;
                --arg) extra+=("$2") ;;
                --command) INSTANCE_COMMAND=$2 ;;
                --dir) DIR=$2 ;;
            esac
            shift 2
            ;;
        --run)
            shift
            [ $# -gt 0 ] || die "--run needs a command"
            run=("$@")
            break
            ;;
        --)
            shift
            extra+=("$@")
            break
            ;;
        -h | --help)
            usage
            exit 0
            ;;
        *) die "unknown option $1 (instance arguments go after --; see --help)" ;;
    esac
done
[[ "$INSTANCES" =~ ^[1-9][0-9]*$ ]] || die "INSTANCES must be a positive number, not '$INSTANCES'"
[[ "$PORT" =~ ^[0-9]+$ ]] || die "PORT must be a number (0 picks a free one), not '$PORT'"

if [ -n "$INSTANCE_COMMAND" ]; then
    read -ra template <<<"$INSTANCE_COMMAND"
    [ "${#template[@]}" -gt 0 ] || die "INSTANCE_COMMAND is empty"
else
    case "$BINARY" in /*) ;; *) BINARY="$PWD/$BINARY" ;; esac
    [ -x "$BINARY" ] || die "no instance program at $BINARY: build it with" \
        "swift build -c release --package-path Integrations/Postgres --product todo-demo-postgres (or run make cluster)"
    template=("$BINARY" --postgres "{url}" --host 127.0.0.1 --port "{port}" --behind-proxy)
fi
template+=("${extra[@]}")
nginx_binary >/dev/null
command -v python3 >/dev/null || die "python3 is required (it picks free ports)"
if [ "$PORT" != 0 ] && listening "$PORT"; then
    die "port $PORT is in use by another program: choose another with PORT=… (0 picks a free one)"
fi

# ---------------------------------------------------------------- start

KEEP_DIR=""
if [ -n "$DIR" ]; then
    mkdir -p "$DIR"
    DIR=$(cd "$DIR" && pwd)
    if [ -f "$DIR/cluster.pid" ] && kill -0 "$(cat "$DIR/cluster.pid")" 2>/dev/null; then
        die "a cluster runs in $DIR already (pid $(cat "$DIR/cluster.pid")): use another folder"
    fi
    # The previous run's files (kept for reading) make way.
    rm -rf "$DIR"/instance-* "$DIR"/instances* "$DIR"/nginx* "$DIR"/*.log "$DIR"/url "$DIR"/postgres-url "$DIR"/cluster.pid "$DIR"/sigkilled "$DIR"/stacks-*
    KEEP_DIR=1
else
    DIR=$(mktemp -d "${TMPDIR:-/tmp}/signalbox-cluster.XXXXXX")
fi
export CLUSTER_DIR=$DIR
# As root, the throwaway PostgreSQL (postgres user) must get through to DIR/postgres.
[ "$(id -u)" -eq 0 ] && chmod 0711 "$DIR"

PG_FOLDER=""
NGINX_PID=""
STARTED=()

cleanup() {
    local status=$? pids=() pid port line sigkilled=""
    trap - EXIT INT TERM
    set +e
    # nginx first (no new requests), then the instances (they may still write to the database),
    # then the database.
    if [ -n "$NGINX_PID" ] && kill -0 "$NGINX_PID" 2>/dev/null; then
        kill -TERM "$NGINX_PID" 2>/dev/null
        wait "$NGINX_PID" 2>/dev/null
    fi
    # Those in the instances file (tests may have restarted some) and those this script started,
    # each once (a second SIGTERM could cut a graceful stop short).
    if [ -f "$DIR/instances" ]; then
        while read -r pid port; do pids+=("$pid"); done <"$DIR/instances"
    fi
    mapfile -t pids < <(printf '%s\n' "${pids[@]}" "${STARTED[@]}" | grep -v '^0*$' | sort -u)
    stop_pids TERM "$SHUTDOWN_TIMEOUT" "${pids[@]}"
    # Slowness alone does not fail the run, but it shows: a graceful stop is expected to end.
    if [ -s "$DIR/sigkilled" ]; then
        while read -r line; do say "NOTE needed SIGKILL: $line"; done <"$DIR/sigkilled"
        sigkilled=1
    fi
    [ -n "$PG_FOLDER" ] && postgres_stop "$PG_FOLDER"
    # A failure, or an instance that needed SIGKILL, keeps the logs (the messages name them); an
    # interrupted or successful run does not.
    if [ -n "$KEEP_DIR" ] || [ -n "$sigkilled" ] \
        || { [ "$status" -ne 0 ] && [ "$status" -ne 130 ] && [ "$status" -ne 143 ]; }; then
        rm -rf "$DIR/nginx-temp"
        rm -f "$DIR/cluster.pid" "$DIR/instances.lock"
        say "stopped; logs in $DIR"
    else
        rm -rf "$DIR"
        say "stopped"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo $$ >"$DIR/cluster.pid"
if [ -n "$POSTGRES_URL" ]; then
    DB_URL=$POSTGRES_URL
else
    say "starting a throwaway PostgreSQL in $DIR/postgres"
    PG_FOLDER="$DIR/postgres"
    postgres_start "$PG_FOLDER" || die "PostgreSQL did not start (see above)"
    DB_URL=$POSTGRES_URL
fi
echo "$DB_URL" >"$DIR/postgres-url"
printf '%s\0' "${template[@]}" >"$DIR/instance-command"

# The first instance alone (it creates or migrates the schema), then the others together.
say "starting $INSTANCES instance(s): ${template[*]}"
ports=()
pids=()
for ((n = 1; n <= INSTANCES; n++)); do
    launch_instance "$n" 0
    STARTED+=("$LAUNCHED_PID")
    pids[n]=$LAUNCHED_PID
    if [ "$n" -eq 1 ]; then
        await_instance 1 "${pids[1]}" || die "instance 1 did not start"
        ports[1]=$AWAITED_PORT
    fi
done
for ((n = 2; n <= INSTANCES; n++)); do
    await_instance "$n" "${pids[n]}" || die "instance $n did not start"
    ports[n]=$AWAITED_PORT
done
for ((n = 1; n <= INSTANCES; n++)); do echo "${pids[n]} ${ports[n]}"; done >"$DIR/instances"

start_nginx || die "nginx did not start"
echo "$NGINX_PORT" >"$DIR/nginx-port"
URL="http://$(url_host "$HOST"):$NGINX_PORT"
echo "$URL" >"$DIR/url"
echo "Listening on $URL"
port_list=$(printf ', %s' "${ports[@]}")
if [ "$INSTANCES" -eq 1 ]; then what="1 instance on port"; else what="$INSTANCES instances on ports"; fi
echo "Cluster on $URL ($what ${port_list:2}; PostgreSQL $DB_URL)"

if [ "${#run[@]}" -gt 0 ]; then
    export CLUSTER_URL=$URL CLUSTER_POSTGRES_URL=$DB_URL
    # As in with-postgres.sh: in the background so that a signal is handled (and passed on) at once;
    # SIGINT restored and stdin kept so the command behaves as if run directly.
    (trap - INT QUIT; exec "${run[@]}") <&0 &
    child=$!
    trap 'kill -INT "$child" 2>/dev/null || true' INT
    trap 'kill -TERM "$child" 2>/dev/null || true' TERM
    while :; do
        status=0
        wait "$child" || status=$?
        kill -0 "$child" 2>/dev/null || break
    done
    exit "$status"
fi

say "folder $DIR; Ctrl-C stops everything"
# Until a signal (its trap exits, which runs cleanup) or nginx's end.
while :; do
    wait "$NGINX_PID" || true
    if ! kill -0 "$NGINX_PID" 2>/dev/null; then
        say "nginx exited; log: $DIR/error.log"
        exit 1
    fi
done
