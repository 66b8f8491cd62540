# The scripts' shell helpers for a server's "Listening on" line (Python: signalbox_http.py),
# sourced by Tests/EndToEnd, Benchmarks/lib.sh and the cluster script.
#
# listening_port FILE: the port of the first "Listening on http://HOST:PORT[/mount]" line in
# FILE (or of a "PORT n" line, as the C comparison server prints), or nothing yet.
listening_port() {
    [ -f "$1" ] || return 0
    sed -n -e 's#^Listening on http://[^ ]*:\([0-9][0-9]*\)\(/[^ ]*\)\{0,1\}$#\1#p' \
        -e 's#^PORT \([0-9][0-9]*\)$#\1#p' "$1" | head -1
}

#
# listening_url STDOUT PID: waits (up to 20 s) for the server with PID to print its
# "Listening on http://HOST:PORT" line to the file STDOUT and prints the URL; fails (status 1)
# when the server exits first or never prints it.
listening_url() {
    local stdout=$1 pid=$2 line
    for _ in $(seq 1 200); do
        if line=$(grep -m1 '^Listening on http://' "$stdout" 2>/dev/null); then
            echo "${line#Listening on }"
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}
