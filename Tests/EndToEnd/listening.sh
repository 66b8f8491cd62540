# listening_port FILE: the port of the first "Listening on http://HOST:PORT[/mount]" line in
# FILE (or of a "PORT n" line, as the C comparison server prints), or nothing yet. Sourced by
# Integrations/Postgres/scripts/cluster.sh; every other script sources lib.sh, which has the rest.
listening_port() {
    [ -f "$1" ] || return 0
    sed -n -e 's#^Listening on http://[^ ]*:\([0-9][0-9]*\)\(/[^ ]*\)\{0,1\}$#\1#p' \
        -e 's#^PORT \([0-9][0-9]*\)$#\1#p' "$1" | head -1
}
