# server_url FILE: the URL of FILE's first "Listening on http://HOST:PORT[/mount]" line (for a
# "PORT n" line, as the C comparison server prints: http://127.0.0.1:n), or nothing yet.
# listening_port FILE: that URL's port, or nothing yet. Sourced by lib.sh, which has the rest,
# and by Integrations/Postgres/scripts/cluster.sh.
server_url() {
    [ -f "$1" ] || return 0
    sed -n -e 's#^Listening on \(http://[^ ]*\)$#\1#p' -e 's#^PORT \([0-9][0-9]*\)$#http://127.0.0.1:\1#p' "$1" | head -1
}
listening_port() {
    local url
    url=$(server_url "$1")
    url=${url#http://}
    url=${url%%/*}
    if [ -n "$url" ]; then echo "${url##*:}"; fi
}
