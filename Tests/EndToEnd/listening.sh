# Sourced by the end-to-end scripts.
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
