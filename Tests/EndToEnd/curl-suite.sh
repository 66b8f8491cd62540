#!/usr/bin/env bash
# End-to-end checks of the todo demo over real HTTP with curl.
#
#   Tests/EndToEnd/curl-suite.sh <path-to-todo-demo> [output-folder]
#   Tests/EndToEnd/curl-suite.sh --cluster [output-folder]
#   Tests/EndToEnd/curl-suite.sh --base-url URL [output-folder]
#
# With a binary: starts it on a free port (--port 0, reading its "Listening on" line), then drives
# it like a browser would (cookie jar, CSRF tokens scraped from pages and JSON) and prints PASS or
# FAIL per check. Exits non-zero when any check failed. The server's log goes to
# <output-folder>/curl-suite-server.log.
#
# --cluster: the same checks through nginx in front of several instances sharing PostgreSQL, as
# run by `Integrations/Postgres/scripts/cluster.sh --run` (which exports CLUSTER_URL and
# CLUSTER_DIR; run the instances with --dev so that they name themselves in X-Served-By). A
# "restart of the server" restarts every instance through cluster.sh's helpers (kill -9 kills
# them all); the checks that only make sense for one server of its own (its command line, its
# SQLite files) print SKIP with the reason. Adds checks that consecutive requests of the session
# were served by different instances (no sticky routing). The instances' logs are copied to
# <output-folder>/curl-suite-cluster/. The database must be fresh (the demo's seed data only).
#
# --base-url URL: the checks that need no restart against a server someone else runs (fresh
# data); the others print SKIP.
set -euo pipefail

USAGE="usage: curl-suite.sh <path-to-todo-demo> | --cluster | --base-url URL  [output-folder]"
MODE=single
BINARY=""
BASE=""
case "${1:-}" in
    --cluster)
        MODE=cluster
        shift
        BASE=${CLUSTER_URL:?"--cluster needs CLUSTER_URL and CLUSTER_DIR (run it through cluster.sh --run)"}
        CLUSTER_DIR=${CLUSTER_DIR:?"--cluster needs CLUSTER_DIR (run it through cluster.sh --run)"}
        ;;
    --base-url)
        MODE=remote
        BASE=${2:?$USAGE}
        shift 2
        ;;
    "" | -h | --help)
        echo "$USAGE" >&2
        exit 2
        ;;
    *)
        BINARY=$(realpath "$1")
        shift
        ;;
esac
BASE=${BASE%/}
OUTPUT=${1:-test-output}
REPO=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=lib.sh
source "$REPO/Tests/EndToEnd/lib.sh"
mkdir -p "$OUTPUT"
OUTPUT=$(cd "$OUTPUT" && pwd)
cd "$REPO"
temp_dir WORK
SERVER_LOG="$OUTPUT/curl-suite-server.log"
CLUSTER_SH="$REPO/Integrations/Postgres/scripts/cluster.sh"
INSTANCES=0
if [ "$MODE" = cluster ]; then
    INSTANCES=$(wc -l <"$CLUSTER_DIR/instances")
    # The instances' logs and nginx's access log (which instance served what), for reading.
    at_exit 'mkdir -p "$OUTPUT/curl-suite-cluster"; cp "$CLUSTER_DIR"/instance-*.log "$CLUSTER_DIR/access.log" \
        "$CLUSTER_DIR/error.log" "$WORK/served-by" "$OUTPUT/curl-suite-cluster/" 2>/dev/null'
fi
START=$(date +%s)

# ---------------------------------------------------------------- server

DATABASE="$WORK/demo.sqlite"
SERVER_ARGS=(--database "$DATABASE")

# server_up: runs todo-demo on a free port with SERVER_ARGS (by default over $DATABASE, the same
# file every time, so a restart finds what the previous run committed); sets SERVER_PID and BASE.
# In cluster mode: starts every instance again; BASE, the nginx URL, stays.
server_up() {
    if [ "$MODE" = cluster ]; then
        instances start-instance
        return
    fi
    SERVER_STDERR="$SERVER_LOG" start_server main "$WORK/stdout" "$BINARY" --port 0 "${SERVER_ARGS[@]}"
    BASE=$SERVER_URL
}

# server_down SIGNAL: stops the server with SIGNAL and waits for its end. In cluster mode: sends
# SIGNAL to every instance and waits until they are gone; a marker in the X-Served-By log
# separates what was served before from what comes after.
server_down() {
    if [ "$MODE" = cluster ]; then
        echo "--- instances stopped ($1)" >>"$WORK/served-by"
        instances kill-instance "$1"
    else
        stop_server "$SERVER_PID" "$1"
    fi
}

# instances ACTION [SIGNAL]: cluster.sh ACTION N [SIGNAL] for every instance at once
# (start-instance returns once its instance accepts connections; kill-instance once it is gone);
# sets ESCALATED to the instances that had to be SIGKILLed after the helper's graceful timeout.
# Stops the suite when one fails.
instances() {
    local n pids=() status=0
    for ((n = 1; n <= INSTANCES; n++)); do
        "$CLUSTER_SH" "$1" "$n" ${2:+"$2"} >"$WORK/$1-$n.out" 2>&1 &
        pids+=($!)
    done
    for n in "${!pids[@]}"; do wait "${pids[$n]}" || status=1; done
    ESCALATED=""
    for ((n = 1; n <= INSTANCES; n++)); do
        grep -q 'SIGKILL' "$WORK/$1-$n.out" && ESCALATED+=" $n"
    done
    if [ "$status" -ne 0 ]; then
        echo "FAIL cluster.sh $1 failed:" >&2
        cat "$WORK/$1"-*.out >&2
        exit 1
    fi
}

# needs_restarts NAME…: in --base-url mode (no way to restart the server) prints SKIP for each
# named check and returns 1.
needs_restarts() {
    [ "$MODE" != remote ] && return 0
    local name
    for name in "$@"; do skip "$name" "--base-url: the suite cannot restart that server"; done
    return 1
}

: >"$SERVER_LOG"
: >"$WORK/served-by"
case "$MODE" in
    single)
        server_up
        echo "Server at $BASE (pid $SERVER_PID)"
        check "stdout holds exactly the Listening line" "$(cat "$WORK/stdout")" [ "$(wc -l <"$WORK/stdout")" -eq 1 ]
        # `todo-demo routes`: the route table in the terminal, one line per route under a header.
        ROUTES=$("$BINARY" routes)
        if [ "$(head -1 <<<"$ROUTES" | awk '{ print $1 }')" = PATTERN ] \
            && grep -Eq '^/authenticated/todos/todo/\{Int\} +TodosCoordinator\.todo +push +TodoScreen$' <<<"$ROUTES" \
            && [ "$(wc -l <<<"$ROUTES")" -ge 20 ]; then
            pass "todo-demo routes prints the route table ($(($(wc -l <<<"$ROUTES") - 1)) routes)"
        else
            fail "todo-demo routes prints the route table" "$ROUTES"
        fi
        ;;
    cluster)
        echo "Cluster at $BASE ($INSTANCES instances: $(cut -d' ' -f2 "$CLUSTER_DIR/instances" | tr '\n' ' ')folder $CLUSTER_DIR)"
        check "the cluster has several instances ($INSTANCES)" "$INSTANCES" [ "$INSTANCES" -ge 2 ]
        for ((n = 1; n <= INSTANCES; n++)); do
            check "instance $n's stdout holds exactly the Listening line" "$(cat "$CLUSTER_DIR/instance-$n.out")" \
                [ "$(wc -l <"$CLUSTER_DIR/instance-$n.out")" -eq 1 -a "$(server_url "$CLUSTER_DIR/instance-$n.out")" != "" ]
        done
        ;;
    remote)
        echo "Server at $BASE (run by someone else)"
        if ! curl -sS -o /dev/null --max-time 10 "$BASE/" 2>"$WORK/probe"; then
            echo "FAIL nothing answers at $BASE: $(cat "$WORK/probe")" >&2
            exit 1
        fi
        skip "stdout holds exactly the Listening line" "--base-url: the suite did not start the server"
        ;;
esac

# ---------------------------------------------------------------- helpers

JAR="$WORK/cookies"
BODY="$WORK/body"
ANSWERS=0
mkdir -p "$WORK/answers"
HEADERS="$WORK/headers"
STATUS=""

# request METHOD PATH [curl options…]: fills STATUS, $BODY and $HEADERS; uses the cookie jar;
# with JSON set, asks for JSON. Keeps the answer's CSRF token, if it has one, in CSRF.
request() {
    local method=$1 path=$2
    shift 2
    : >"$HEADERS"
    STATUS=$(curl -sS -o "$BODY" -D "$HEADERS" -w '%{http_code}' -X "$method" -b "$JAR" -c "$JAR" \
        --max-time 10 ${JSON:+-H 'Accept: application/json'} "$@" "$BASE$path") || STATUS="000"
    # Which instance answered (the demo's X-Served-By in developer mode; "-" when absent).
    local served
    served=$(header x-served-by)
    echo "${served:--} $method $path $STATUS" >>"$WORK/served-by"
    # Every answer is kept for the contract check at the end (contract_check.py), with whether
    # the request asked for JSON (its answers, errors included, must be JSON).
    local accept=html
    [ -n "${JSON:-}" ] && accept=json
    ANSWERS=$((ANSWERS + 1))
    cp "$BODY" "$WORK/answers/$ANSWERS.body"
    echo "$ANSWERS $method $path $STATUS $accept $(header content-type)" >>"$WORK/answers/index"
    scrape_csrf
}

get() { request GET "$@"; }
get_json() { JSON=1 request GET "$@"; }
# post PATH field=value… (urlencoded; _csrf added from the last token seen); post_json asks for JSON.
post() {
    local args=(--data-urlencode "_csrf=$CSRF") field
    for field in "${@:2}"; do args+=(--data-urlencode "$field"); done
    request POST "$1" "${args[@]}"
}
post_json() { JSON=1 post "$@"; }

header() { { grep -i "^$1:" "$HEADERS" || true; } | head -1 | cut -d' ' -f2- | tr -d '\r'; }
session_cookie() { awk '$6 == "signalbox_session" { print $7 }' "$JAR" 2>/dev/null | tail -1; }
# The value of the first <input name=NAME value=…> of the last answer.
form_value() { grep -o "name=\"$1\" value=\"[^\"]*\"" "$BODY" | head -1 | sed 's/.*value="\([^"]*\)"/\1/' || true; }

# The CSRF token of the last HTML page or JSON answer that had one.
CSRF=""
scrape_csrf() {
    local token
    token=$(form_value _csrf)
    [ -z "$token" ] && token=$(grep -o '"csrf":"[^"]*"' "$BODY" | head -1 | sed 's/"csrf":"\([^"]*\)"/\1/' || true)
    [ -n "$token" ] && CSRF=$token
    return 0
}

expect_status() { check "$1 (HTTP $2)" "expected HTTP $2, got $STATUS" [ "$STATUS" = "$2" ]; }
expect_redirect() {
    local location
    location=$(header location)
    check "$1 (303 → $2)" "expected 303 → $2, got $STATUS → ${location:-none}" [ "$STATUS" = 303 -a "$location" = "$2" ]
}
expect_body() { check "$1" "the body lacks: $2" grep -qF -- "$2" "$BODY"; }
expect_no_body() { check "$1" "the body contains: $2" lacks "$2"; }
lacks() { ! grep -qF -- "$1" "$BODY"; }
expect_header() { check "$1" "$2: $(header "$2")" grep -q "$3" <<<"$(header "$2")"; }

# ---------------------------------------------------------------- signed out

get /
expect_redirect "GET / goes to the login page" /unauthenticated

get /unauthenticated
expect_status "GET /unauthenticated shows the login page" 200
expect_body "the login page has the login form" '<form method="post" action="/unauthenticated"'
[ -n "$CSRF" ] && pass "the page carries a CSRF token" || fail "the page carries a CSRF token" "none found"
FIRST_SESSION=$(session_cookie)
[ -n "$FIRST_SESSION" ] && pass "a session cookie was set" || fail "a session cookie was set" "no cookie"

GET_LENGTH=$(header content-length)
HEAD_LENGTH=$(curl -sS -I -b "$JAR" --max-time 10 "$BASE/unauthenticated" | grep -i '^content-length:' | cut -d' ' -f2 | tr -d '\r')
[ -n "$GET_LENGTH" ] && [ "$GET_LENGTH" != 0 ] && [ "$HEAD_LENGTH" = "$GET_LENGTH" ] \
    && pass "HEAD answers the GET's Content-Length" || fail "HEAD answers the GET's Content-Length" "GET $GET_LENGTH, HEAD $HEAD_LENGTH"

get /app.css
expect_status "static files are served" 200
check "static files set no cookie" "$(header set-cookie)" [ -z "$(header set-cookie)" ]
expect_header "app.css is text/css" content-type '^text/css'

post /unauthenticated username=alice password=wrong-password
expect_status "a wrong password is refused" 422
expect_body "the refusal says why" "Wrong username or password."
expect_body "the username is kept" 'value="alice"'
expect_no_body "the password is not echoed" 'wrong-password'
post_json /unauthenticated username=alice password=wrong-password
expect_status "a wrong password is refused in JSON too" 422
expect_no_body "JSON does not echo the password either" 'wrong-password'
expect_body "JSON echoes the username" '"username":"alice"'

post /unauthenticated username=alice password=wonderland
expect_redirect "the right password logs in" /authenticated/home
ROTATED=$(session_cookie)
check "login rotates the session id" "before $FIRST_SESSION, after $ROTATED" [ -n "$ROTATED" -a "$ROTATED" != "$FIRST_SESSION" ]

# The old id no longer works: a request with it gets a fresh, signed-out session.
STATUS=$(curl -sS -o /dev/null -w '%{http_code}' -H "Cookie: signalbox_session=$FIRST_SESSION" "$BASE/authenticated/home")
check "the pre-login session id is dead" "HTTP $STATUS" [ "$STATUS" = 303 ]

# ---------------------------------------------------------------- signed in: tabs, push, modal

get /authenticated/home
expect_status "home shows" 200
expect_body "home greets alice" "Hello, alice"
expect_body "home lists the favourites" "Buy milk"

get /authenticated/todos
expect_status "the Todos tab shows" 200
expect_body "the tab bar marks Todos as current" 'href="/authenticated/todos" aria-current="page"'
expect_body "the list shows the todos" '<span class="list-title">Paint the roses red</span>'

get /authenticated/todos/todo/1
expect_status "a pushed todo shows" 200
expect_body "the todo's heading" '>Buy milk</h1>'
expect_body "the breadcrumb leads back to the list" '<a href="/authenticated/todos">Todos</a>'

get /authenticated/todos/createTodo
expect_status "the create-todo modal shows" 200
expect_body "it is a dialog" '<dialog open'
post /authenticated/todos/createTodo 'title=<script>alert(1)</script>'
expect_redirect "creating a todo closes the modal and shows the todo" /authenticated/todos/todo/5

get /authenticated/todos/todo/5
expect_status "the new todo shows" 200
expect_no_body "a hostile title never appears raw" '<script>alert(1)</script>'
expect_body "a hostile title appears escaped" '&lt;script&gt;alert(1)&lt;/script&gt;'
expect_body "the breadcrumb shows it escaped" 'aria-current="page">&lt;script&gt;alert(1)&lt;/script&gt;</a>'

get /authenticated/todos
expect_body "the list shows it escaped" '<span class="list-title">&lt;script&gt;alert(1)&lt;/script&gt;</span>'

get_json /authenticated/todos/todo/5
expect_status "JSON state answers" 200
expect_header "JSON has its content type" content-type '^application/json'
expect_body "JSON names the path" '"path":"/authenticated/todos/todo/5"'
expect_body "JSON lists routes by name" '"pickProject":"/authenticated/todos/todo/5/pickProject"'
expect_body "JSON gives the pop target" '"pop":"/authenticated/todos"'
expect_no_body "JSON never carries raw markup" '<script>'

# ---------------------------------------------------------------- back, refresh

get /authenticated/todos/todo/1
expect_status "Back: GET of an earlier path reshapes the tree" 200
get_json /authenticated/todos/todo/1
expect_body "the tree is at the earlier path" '"path":"/authenticated/todos/todo/1"'
get /authenticated/todos/todo/1
# (Each page gives its forms a fresh one-time submission id: not part of the comparison.)
sed 's/name="_submission" value="[^"]*"//' "$BODY" >"$WORK/first"
get /authenticated/todos/todo/1
sed 's/name="_submission" value="[^"]*"//' "$BODY" >"$WORK/second"
check "refresh changes nothing" "the page differs" cmp -s "$WORK/second" "$WORK/first"

# ---------------------------------------------------------------- /_nav actions

# Each row: the check, the Location its 303 must name, the action and its fields (in this order:
# each starts where the one before left the session). T: the Todos tab, TB: the testbed.
T=/authenticated/todos TB=/authenticated/testbed
while IFS='|' read -r name location action fields; do
    post "/_nav/$action" $fields
    expect_redirect "$name" "$location"
done <<ROWS
/_nav/route with from presents over that page|$T/todo/1/pickProject|route|to=pickProject from=$T/todo/1
/_nav/dismiss without from closes the top modal|$T/todo/1|dismiss|
/_nav/route without from pushes with an input|$T/todo/1/todo/2|route|to=todo input=2
/_nav/pop without from pops the top page|$T/todo/1|pop|
/_nav/pop with from pops that page|$T|pop|from=$T/todo/3
/_nav/tab switches tabs|/authenticated/projects|tab|to=projects
the other tab kept its stack|$T|tab|to=todos
/_nav/popToRoot pops the top stack|$TB/pushScreen/pushCoordinator|popToRoot|from=$TB/pushScreen/pushCoordinator/pushScreen
re-selecting the testbed tab pops it to its root|$TB|tab|to=testbed
ROWS
post_json /_nav/route to=modalScreen
expect_status "/_nav answers JSON when asked" 200
expect_body "the JSON answer has the new path" '"path":"/authenticated/testbed/modalScreen"'
post /_nav/route to=nowhere
expect_status "/_nav/route to an unknown route" 404
get /_nav/pop
expect_status "/_nav only takes POST" 405

# ---------------------------------------------------------------- forms and results

get /authenticated/todos/todo/4/pickProject
post /authenticated/todos/todo/4/pickProject project=1
expect_redirect "picking a project returns to the todo" /authenticated/todos/todo/4
get /authenticated/todos/todo/4
expect_body "the todo shows the picked project" '/authenticated/projects/project/1">Garden</a>'

post /authenticated/todos/todo/4 action=toggleDone
expect_redirect "toggling done stays on the todo" /authenticated/todos/todo/4
post /authenticated/todos/todo/4 action=delete
expect_redirect "deleting pops back to the list" /authenticated/todos

get /authenticated/home
post /authenticated/home todo=3
expect_redirect "a favourite on home opens it in the Todos tab" /authenticated/todos/todo/3

post /authenticated/todos/createTodo title=
expect_status "an empty title is refused" 422
expect_body "with a message" "This field is required."
LONG=$(printf 'x%.0s' $(seq 1 201))
post /authenticated/todos/createTodo "title=$LONG"
expect_status "a 201-character title is refused" 422
expect_body "the input is kept" "value=\"$LONG\""
post_json /authenticated/todos/createTodo title=
expect_status "a refused form answers 422 in JSON too" 422
expect_body "the JSON error names the form" '"error":"invalidForm"'

# ---------------------------------------------------------------- uploads, downloads, double submit

get /authenticated/todos/todo/1
printf 'Minutes of the tea party\r\n--not a boundary\n' >"$WORK/minutes.txt"
request POST /authenticated/todos/todo/1 -F "_csrf=$CSRF" -F action=attach -F "file=@$WORK/minutes.txt;type=text/plain"
expect_redirect "a file is attached to a todo (multipart)" /authenticated/todos/todo/1
get /authenticated/todos/todo/1
expect_body "the todo lists the attachment" '" download>minutes.txt</a>'
ATTACHMENT=$(grep -o 'todo/1?download=[0-9]*' "$BODY" | head -1 | cut -d= -f2)
get "/authenticated/todos/todo/1?download=$ATTACHMENT"
expect_status "the attachment downloads" 200
check "the download has the uploaded bytes" "they differ" cmp -s "$BODY" "$WORK/minutes.txt"
expect_header "it is an attachment" content-disposition '^attachment; filename="minutes\.txt"'
expect_header "it is never sniffed" x-content-type-options '^nosniff$'
get "/authenticated/todos/todo/2?download=$ATTACHMENT"
expect_status "another todo's page does not offer it" 404
head -c 11000000 /dev/zero >"$WORK/huge.bin"
request POST /authenticated/todos/todo/1 -F "_csrf=$CSRF" -F action=attach -F "file=@$WORK/huge.bin"
# The embedded server answers this itself, before the app (which names the instance): not one
# of the answers the cluster checks count.
sed -i '$d' "$WORK/served-by"
expect_status "an upload past the server's limit is 413" 413
expect_body "naming the limit" "larger than 10 MiB"
get /authenticated/todos/todo/1
expect_status "the connection and the session go on" 200

get /authenticated/todos/createTodo
SUBMISSION=$(form_value _submission)
check "a form carries a one-time submission id" "none" [ -n "$SUBMISSION" ]
post /authenticated/todos/createTodo "title=Only once" "_submission=$SUBMISSION"
FIRST=$(header location)
expect_status "the first submission is applied" 303
post /authenticated/todos/createTodo "title=Only once" "_submission=$SUBMISSION"
expect_redirect "the same submission again is answered with the same Location" "$FIRST"
get "$FIRST"
expect_body "the page after it says so" 'Todo “Only once” created.'
get "$FIRST"
expect_no_body "the notice is shown once" 'notice-success'
get /authenticated/todos
COUNT=$(grep -o 'class="list-title">Only once<' "$BODY" | wc -l)
check "a double submission made one todo" "$COUNT" [ "$COUNT" = 1 ]

# ---------------------------------------------------------------- bad input

get /authenticated/todos/nope
expect_status "an unknown route is 404" 404
get_json /authenticated/todos/nope
expect_body "JSON errors carry error, message and status" '"status":404'
get /authenticated/todos/todo/abc
expect_status "a non-numeric id is 400" 400
request POST /authenticated/todos/todo/1 --data-urlencode action=toggleDone
expect_status "a form without its CSRF token is 403" 403
request POST /authenticated/todos/todo/1 --data-urlencode action=toggleDone --data-urlencode _csrf=forged
expect_status "a form with a forged CSRF token is 403" 403
head -c 200000 /dev/zero | tr '\0' 'a' >"$WORK/big"
request POST /authenticated/todos/createTodo --data-urlencode "_csrf=$CSRF" --data-urlencode "title@$WORK/big"
expect_status "an oversize body is 413" 413
request POST /authenticated/todos/createTodo -H 'Content-Type: application/json' --data '{"title":"x"}'
expect_status "a JSON body is 415" 415
request DELETE /authenticated/todos/todo/1
expect_status "an unknown method is 405" 405
get /authenticated/home
expect_status "the server still serves after bad input" 200

# ---------------------------------------------------------------- logout, deep link

get /authenticated/profile
BEFORE_LOGOUT=$(session_cookie)
post /authenticated/profile action=logout
expect_redirect "logout returns to the login page" /unauthenticated
check "logout rotates the session id" "unchanged" [ "$(session_cookie)" != "$BEFORE_LOGOUT" ]
get /authenticated/home
expect_redirect "after logout the tabs are locked" /unauthenticated

rm -f "$JAR"
get /authenticated/todos/todo/3
expect_redirect "a deep link while signed out lands on login" /unauthenticated
get /unauthenticated
post /unauthenticated username=alice password=wonderland
expect_redirect "after login the deep link continues" /authenticated/todos/todo/3

# ---------------------------------------------------------------- shutdown

if [ "$MODE" = single ]; then
    kill -TERM "$SERVER_PID"
    if wait_until 10 "the server to stop after SIGTERM" eval '! running "$SERVER_PID"'; then
        server_down TERM
        check "SIGTERM stops the server gracefully (exit 0)" "exit $SERVER_STATUS" [ "$SERVER_STATUS" = 0 ]
    else
        fail "SIGTERM stops the server gracefully" "still running after 10 s"
    fi
elif [ "$MODE" = cluster ]; then
    # cluster.sh's helper waits for the end (SIGKILL after SHUTDOWN_TIMEOUT, which it reports);
    # a graceful stop logs "stopped" last.
    for ((n = 1; n <= INSTANCES; n++)); do cp "$CLUSTER_DIR/instance-$n.log" "$WORK/before-stop-$n.log"; done
    server_down TERM
    # (grep without -q reads to the end: under pipefail, tail killed by SIGPIPE once grep -q had
    # its line, and writing on, made a line that was there count as missing.)
    logged_stop() {
        tail -n +"$(($(wc -l <"$WORK/before-stop-$1.log") + 1))" "$CLUSTER_DIR/instance-$1.log" | grep '\] stopped$' >/dev/null
    }
    NOT_GRACEFUL=""
    for ((n = 1; n <= INSTANCES; n++)); do
        wait_until 10 "instance $n's 'stopped' line" logged_stop "$n" || NOT_GRACEFUL+=" $n"
    done
    check "SIGTERM stops every instance gracefully (each logged 'stopped')" \
        "SIGKILLed after the timeout:${ESCALATED:- none}; no 'stopped' line:${NOT_GRACEFUL:- none}" [ -z "$ESCALATED$NOT_GRACEFUL" ]
else
    skip "SIGTERM stops the server gracefully" "--base-url: the suite did not start the server"
fi

# ---------------------------------------------------------------- durable: restart, kill -9

if needs_restarts "after a restart the same cookie shows the same page" "a todo created before the restart is still there" \
    "a modal opened before a restart is still open after the next restart" "the pending result is delivered after the restart" \
    "kill -9 loses no acknowledged create"; then
server_up
get /authenticated/todos/todo/3
expect_status "after a restart the same cookie shows the same page" 200
expect_body "the page is the todo it showed" 'Send the invitations'
get /authenticated/todos/todo/5
expect_status "a todo created before the restart is still there" 200
expect_body "with its title" '&lt;script&gt;alert(1)&lt;/script&gt;'
get /authenticated/todos/todo/3/pickProject
expect_body "a modal opened before a restart…" '<dialog open'
server_down TERM
server_up
get /
expect_redirect "…is still open after the next restart" /authenticated/todos/todo/3/pickProject
get /authenticated/todos/todo/3/pickProject
post /authenticated/todos/todo/3/pickProject project=1
expect_redirect "the pending result is delivered after the restart" /authenticated/todos/todo/3
get /authenticated/todos/todo/3
expect_body "the todo got the picked project" '/authenticated/projects/project/1">Garden</a>'

# A burst of creates, then kill -9 (of every instance, in cluster mode): every create that got its
# 303 is there after the restart.
ACKED=()
for n in $(seq 1 40); do
    post /authenticated/todos/createTodo "title=burst $n"
    [ "$STATUS" = "303" ] && ACKED+=("burst $n")
    if [ "$n" = 25 ]; then
        server_down KILL
    fi
    [ "$n" -ge 25 ] && break
    get /authenticated/todos/createTodo
done
server_up
get /authenticated/todos
MISSING=0
for title in "${ACKED[@]}"; do
    grep -q ">$title<" "$BODY" || MISSING=$((MISSING + 1))
done
check "kill -9 loses no acknowledged create (${#ACKED[@]} of them)" "${#ACKED[@]} acknowledged, $MISSING missing" \
    [ "${#ACKED[@]}" -ge 20 -a "$MISSING" = 0 ]
[ "$MODE" = single ] && server_down TERM
fi

if [ "$MODE" = single ]; then
# --in-memory --sessions FILE: the sessions survive a restart, the data does not.
SERVER_ARGS=(--in-memory --sessions "$WORK/only.sessions.sqlite")
rm -f "$JAR"
server_up
get /unauthenticated
post /unauthenticated username=alice password=wonderland
get /authenticated/todos/createTodo
post /authenticated/todos/createTodo "title=only in this run"
expect_status "with --in-memory --sessions a todo is created" 303
server_down TERM
server_up
get /authenticated/todos
expect_status "after a restart the session in --sessions is still signed in" 200
expect_no_body "the in-memory data did not survive it" 'class="list-title">only in this run<'
# The session did, with the notice its last answer left: the first page after the restart shows it.
expect_body "the notice left before the restart is shown after it" 'Todo “only in this run” created.'
server_down TERM
check "the sessions are in the file --sessions names" "$(ls "$WORK")" [ -s "$WORK/only.sessions.sqlite" ]

# --metrics-address: /metrics only there, not on the app's port (issue 34).
SERVER_ARGS=(--in-memory --metrics-address 127.0.0.1:0)
server_up
wait_until 5 "the 'Metrics on' line" grep -q '^Metrics on http://' "$WORK/stdout" || true
METRICS_URL=$(sed -n 's/^Metrics on //p' "$WORK/stdout")
get /metrics
expect_status "with --metrics-address the app's port has no /metrics" 404
if [ -n "$METRICS_URL" ] && curl -s "$METRICS_URL" | grep '^signalbox_http_requests_total' >/dev/null; then
    pass "with --metrics-address /metrics answers at the address printed ($METRICS_URL)"
else
    fail "with --metrics-address /metrics answers at the address printed" "${METRICS_URL:-no 'Metrics on' line}"
fi
server_down TERM

# A file that is not SQLite stops start-up with a message naming it.
echo "not a database" >"$WORK/notes.sqlite"
if ("$BINARY" --port 0 --database "$WORK/notes.sqlite" >/dev/null 2>"$WORK/bad.log"); then
    fail "a data file that is not SQLite stops start-up" "it started"
else
    grep -q "notes.sqlite" "$WORK/bad.log" && grep -qi "not a database" "$WORK/bad.log" \
        && pass "a data file that is not SQLite stops start-up naming the file and the problem" \
        || fail "a data file that is not SQLite stops start-up naming the file" "$(tail -2 "$WORK/bad.log")"
fi
else
    WHY="the server's own command line and SQLite files: a single-server check"
    [ "$MODE" = cluster ] && WHY="$WHY (the cluster's instances share PostgreSQL)"
    skip "with --in-memory --sessions FILE the sessions survive a restart, the data does not" "$WHY"
    skip "a data file that is not SQLite stops start-up naming the file and the problem" "$WHY"
fi

# ---------------------------------------------------------------- cluster: which instance served

# Every request of the suite went through nginx with one session (one cookie jar at a time); the
# instances name themselves in X-Served-By ("127.0.0.1:PORT pid N"). The log holds one line per
# request ("VALUE METHOD PATH STATUS"), and a "---" line where every instance was stopped.
if [ "$MODE" = cluster ]; then
    SERVED="$WORK/served-by"
    # named_answers: the lines of answers that carry X-Served-By.
    named_answers() { grep -v '^---' "$SERVED" | { grep -v '^- ' || true; }; }
    TOTAL=$(grep -vc '^---' "$SERVED" || true)
    UNNAMED=$(grep -v '^---' "$SERVED" | grep -c '^- ' || true)
    check "every answer names the instance that served it (X-Served-By on all $TOTAL)" \
        "$UNNAMED of $TOTAL answers lack X-Served-By (run the instances with --dev), e.g. $(grep -m1 '^- ' "$SERVED")" \
        [ "$UNNAMED" = 0 ]
    # Consecutive requests (not across a stop of the instances, where the set changes).
    read -r PAIRS SAME EXAMPLE < <(awk '
        /^---/ || $1 == "-" { previous = ""; next }
        { value = $1 " " $3
          if (previous != "") { pairs++; if (value == previous) { same++; if (example == "") example = $4 "_" $5 } }
          previous = value }
        END { print pairs + 0, same + 0, (example == "" ? "-" : example) }' "$SERVED")
    check "consecutive requests of one session were served by different instances ($PAIRS pairs, none on the same instance)" \
        "$SAME of $PAIRS consecutive pairs on the same instance (first: $EXAMPLE); see $OUTPUT/curl-suite-cluster/served-by" \
        [ "$PAIRS" -ge 50 -a "$SAME" = 0 ]
    DISTINCT=$(named_answers | awk '{ print $1 " " $3 }' | sort -u | wc -l)
    PORTS=$(named_answers | awk '{ print $1 }' | sort -u | wc -l)
    check "the session was served by $DISTINCT distinct instance processes on $PORTS ports (at least 3)" \
        "$DISTINCT distinct X-Served-By values, $PORTS ports" [ "$DISTINCT" -ge 3 -a "$PORTS" -ge "$INSTANCES" ]
    # No stickiness: every instance served its share of the session's requests (round-robin gives
    # each 1/N), and nginx's configuration has no affinity directive.
    SHARES=$(named_answers | awk '{ print $1 }' | sort | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')
    LEAST=$(named_answers | awk '{ print $1 }' | sort | uniq -c | sort -n | awk 'NR == 1 { print $1 }')
    check "no sticky routing: each instance served at least half its round-robin share (${SHARES% })" \
        "requests per instance: ${SHARES% } of $TOTAL" [ -n "$LEAST" -a "$PORTS" -ge "$INSTANCES" -a $((LEAST * INSTANCES * 2)) -ge "$TOTAL" ]
    AFFINITY=$(grep -E '^[[:space:]]*(ip_hash|hash|sticky|least_conn|random)\b' "$CLUSTER_DIR/nginx.conf" || true)
    check "nginx balances by plain round-robin (no ip_hash, hash or sticky in nginx.conf)" "$AFFINITY" [ -z "$AFFINITY" ]
fi

# ---------------------------------------------------------------- the development loop

# `todo-demo --dev` over a copy of the templates: an edited template shows on a later request
# without a restart, a broken one is shown in the browser with file:line:column, fixing it brings
# the page back, and every request is one log line. (Templates are looked at at most every
# 250 ms, so each check polls for up to 5 s.)
if [ "$MODE" = single ]; then
    DEV_TEMPLATES="$WORK/dev-templates"
    cp -R "$REPO/Templates" "$DEV_TEMPLATES"
    DEV_LOG="$OUTPUT/curl-suite-dev-server.log"
    : >"$DEV_LOG"
    if SERVER_STDERR="$DEV_LOG" start_server dev "$WORK/dev-stdout" "$BINARY" --port 0 --in-memory --dev \
        --templates "$DEV_TEMPLATES"; then
        DEV=$SERVER_URL
        # poll_dev WHAT STATUS TEXT: GETs /unauthenticated until it answers STATUS with TEXT.
        poll_dev() {
            local deadline=$((SECONDS + 5)) status
            while [ "$SECONDS" -le "$deadline" ]; do
                status=$(curl -sS -o "$WORK/dev-body" -w '%{http_code}' "$DEV/unauthenticated") || status=000
                [ "$status" = "$2" ] && grep -qF -- "$3" "$WORK/dev-body" && { pass "$1"; return; }
                sleep 0.1
            done
            fail "$1" "last answer $status: $(head -c 300 "$WORK/dev-body")"
        }
        poll_dev "developer mode serves the copied templates" 200 "Sign in to see your todos."
        perl -pi -e 's/Sign in to see your todos\./Sign in — edited while running./' "$DEV_TEMPLATES/auth/login.mustache"
        poll_dev "an edited template shows without a restart" 200 "Sign in — edited while running."
        printf '{{#broken}}\n' >>"$DEV_TEMPLATES/auth/login.mustache"
        poll_dev "a broken template is shown in the browser" 500 "<h1>Template error</h1>"
        check "the template error page names file:line:column and quotes the line" "$(head -c 600 "$WORK/dev-body")" \
            eval 'grep -Eq "$DEV_TEMPLATES/auth/login\.mustache:[0-9]+:[0-9]+<" "$WORK/dev-body" \
                && grep -qF "<pre class=\"template-error-source\">" "$WORK/dev-body"'
        perl -ni -e 'print unless eof' "$DEV_TEMPLATES/auth/login.mustache"
        poll_dev "a fixed template brings the page back" 200 "Sign in — edited while running."
        check "developer mode logs a line per request (method, path, status, duration, session)" "$(tail -5 "$DEV_LOG")" \
            grep -Eq 'GET /unauthenticated 500 [0-9.]+ ms (session-[0-9a-f]{8}|no session)' "$DEV_LOG"
        curl -sS "$DEV/_dev/routes" -H 'Accept: application/json' -o "$WORK/dev-routes" || true
        check "/_dev/routes lists the patterns" "$(head -c 300 "$WORK/dev-routes")" \
            grep -qF '"pattern":"/authenticated/todos/todo/{Int}"' "$WORK/dev-routes"
    else
        fail "todo-demo --dev starts" "$(cat "$DEV_LOG")"
    fi
    stop_servers
else
    skip "the development loop" "it starts a todo-demo --dev of its own (single mode only)"
fi

# ---------------------------------------------------------------- the contract

# Every answer the checks above received from the app, against the published OpenAPI document:
# a documented status and content type, JSON for a request that asked for it, and JSON that
# matches its schema (static files and the operations endpoints are not the app's).
if python3 "$REPO/Tests/EndToEnd/contract_check.py" "$REPO/Public/openapi.json" "$WORK/answers" \
    --static "$REPO/Public" --skip /healthz --skip /readyz --skip /metrics >"$WORK/contract" 2>&1; then
    pass "every answer matches Public/openapi.json ($(tail -1 "$WORK/contract" | sed 's/^contract check: //'))"
else
    fail "every answer matches Public/openapi.json" "$(cat "$WORK/contract")"
fi
# …and the check itself catches drift: plain text to a JSON client, a page the document does not
# have, an error code it does not list.
mkdir -p "$WORK/drift"
printf '400 Bad Request: backslash\n' >"$WORK/drift/1.body"
printf '<p>hi</p>' >"$WORK/drift/2.body"
printf '{"error":"oops","message":"m","status":404}' >"$WORK/drift/3.body"
printf '%s\n' '1 GET /authenticated/todos/todo/x 400 json text/plain; charset=utf-8' \
    '2 GET /elsewhere 200 html text/html; charset=utf-8' '3 GET /authenticated/nope 404 json application/json' \
    >"$WORK/drift/index"
if python3 "$REPO/Tests/EndToEnd/contract_check.py" "$REPO/Public/openapi.json" "$WORK/drift" >"$WORK/drift.out" 2>&1; then
    fail "the contract check catches drift" "it passed: $(cat "$WORK/drift.out")"
elif grep -q 'asked for JSON, got text/plain' "$WORK/drift.out" && grep -q 'no documented path answers 200' "$WORK/drift.out" \
    && grep -q "'oops' is not one of" "$WORK/drift.out"; then
    pass "the contract check catches drift (plain text to JSON, an undocumented page, an unknown error code)"
else
    fail "the contract check catches drift" "$(cat "$WORK/drift.out")"
fi

echo
case "$MODE" in
    single) WHERE="server log: $SERVER_LOG" ;;
    cluster) WHERE="instance logs: $OUTPUT/curl-suite-cluster" ;;
    remote) WHERE="server at $BASE" ;;
esac
checks_done "curl suite" " in $(($(date +%s) - START)) s ($WHERE)"
