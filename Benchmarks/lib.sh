# Shared helpers for the benchmark scripts (sourced, not run).
# Expects ROOT (the repository) and OUT (a results folder) to be set.

WRK_THREADS=2
WRK_CONNECTIONS=64
DURATION="${DURATION:-15s}"
WARMUP="${WARMUP:-2s}"
RUNS="${RUNS:-3}"

# The shared library: start_server NAME LOG COMMAND... (sets URL_NAME, PORT_NAME, PID_NAME),
# stop_server, stop_servers (also at exit), at_exit, wait_until, check.
. "$(dirname "${BASH_SOURCE[0]}")/../Tests/EndToEnd/lib.sh"

# demo_data NAME [client.py options]: alice's 20 todos and 1 + 64 signed-in sessions on server
# NAME (URL_NAME) through HTTP (Benchmarks/load/client.py demo), the session files in $OUT/NAME.
demo_data() {
    local url="URL_$1"
    mkdir -p "$OUT/$1"
    python3 "$ROOT/Benchmarks/load/client.py" demo "${!url}" "$OUT/$1" "${@:2}" --todos 20 --sessions 64
}

# same_bytes FILE FILE: prints "same" or "different".
same_bytes() { if cmp -s "$1" "$2"; then echo same; else echo different; fi; }

# record_rss NAME...: "NAME RSS_KIB" of each server (PID_NAME) appended to $OUT/rss.txt.
record_rss() {
    local name pid
    for name in "$@"; do
        pid="PID_$name"
        echo "$name $(rss_kib "${!pid}")" >>"$OUT/rss.txt"
    done
}

# wrk_server NAME FILE [SCRIPT [ARGS...]]: run_wrk against server NAME (its URL_NAME, / without a
# script), recording its CPU (WRK_CPU_PID).
wrk_server() {
    local url="URL_$1" pid="PID_$1" file=$2
    shift 2
    if [ $# -gt 0 ]; then
        WRK_CPU_PID=${!pid} run_wrk "$file" "${!url}" "$@"
    else
        WRK_CPU_PID=${!pid} run_wrk "$file" "${!url}/"
    fi
}

# cluster_up FOLDER CLUSTER.SH-OPTIONS...: Integrations/Postgres/scripts/cluster.sh --dir FOLDER
# in the background (its output in FOLDER.out and FOLDER.log; stopped at exit) until it writes
# FOLDER/url; sets CLUSTER_PID and CLUSTER_URL.
cluster_up() {
    local dir=$1
    shift
    "$ROOT/Integrations/Postgres/scripts/cluster.sh" --dir "$dir" "$@" >"$dir.out" 2>"$dir.log" &
    CLUSTER_PID=$!
    at_exit cluster_down
    wait_until 120 "cluster.sh to write $dir/url" eval '[ -s "$dir/url" ] || ! running "$CLUSTER_PID"' || true
    [ -s "$dir/url" ] || { cat "$dir.log" >&2; echo "cluster.sh failed" >&2; exit 1; }
    CLUSTER_URL=$(cat "$dir/url")
}
cluster_down() {
    [ -n "${CLUSTER_PID:-}" ] || return 0
    kill -TERM "$CLUSTER_PID" 2>/dev/null || true
    wait "$CLUSTER_PID" 2>/dev/null || true
    CLUSTER_PID=""
}

# rss_kib PID: resident set size in KiB (VmRSS).
rss_kib() {
    awk '/^VmRSS:/ {print $2}' "/proc/$1/status"
}

# cpu_ticks PID: the process's user + system CPU time in clock ticks (/proc/PID/stat).
cpu_ticks() {
    awk '{print $14 + $15}' "/proc/$1/stat"
}

# context_switches PID: voluntary + involuntary context switches of all the process's threads.
context_switches() {
    cat /proc/"$1"/task/*/status 2>/dev/null | awk '/^(non)?voluntary_ctxt_switches:/ {n += $2} END {print n + 0}'
}

# run_wrk FILE URL [SCRIPT [SCRIPT ARGS...]]: a warm-up, a pause (so the warm-up's connections
# are gone: the demo allows 64 connections per client address), then the measured run into FILE.
# With WRK_CPU_PID set, FILE.cpu gets that server's CPU ticks during the measured run, CLK_TCK
# and its threads' context switches. With WRK_CPUS set (a taskset list), wrk runs on those CPUs.
run_wrk() {
    local file=$1 url=$2
    shift 2
    local script=()
    if [ $# -gt 0 ]; then
        script=(-s "$1")
        shift
    fi
    local args=("$url")
    [ $# -gt 0 ] && args+=(-- "$@")
    local wrk=(wrk)
    [ -n "${WRK_CPUS:-}" ] && wrk=(taskset -c "$WRK_CPUS" wrk)
    "${wrk[@]}" -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WARMUP" "${script[@]}" "${args[@]}" >/dev/null 2>&1 || true
    sleep 1
    echo "${wrk[*]} -t$WRK_THREADS -c$WRK_CONNECTIONS -d$DURATION --latency ${script[*]} ${args[*]}" >"$file.command"
    local cpu_before="" switches_before=""
    if [ -n "${WRK_CPU_PID:-}" ]; then
        cpu_before=$(cpu_ticks "$WRK_CPU_PID")
        switches_before=$(context_switches "$WRK_CPU_PID")
    fi
    "${wrk[@]}" -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$DURATION" --latency "${script[@]}" "${args[@]}" >"$file" 2>&1
    if [ -n "$cpu_before" ]; then
        echo "$(( $(cpu_ticks "$WRK_CPU_PID") - cpu_before )) $(getconf CLK_TCK) $(( $(context_switches "$WRK_CPU_PID") - switches_before ))" >"$file.cpu"
    fi
    sleep 1
    printf '   %-28s %s req/s\n' "$(basename "$file" .txt)" "$(awk '/Requests\/sec/{print $2}' "$file")"
}

# write_section NAME FILE: replaces <!-- NAME:begin -->…<!-- NAME:end --> in BENCHMARKS.md with
# FILE's contents (which include the markers), or appends it.
write_section() {
    python3 - "$ROOT/BENCHMARKS.md" "$1" "$2" <<'PY'
import os, re, sys
path, name, source = sys.argv[1:]
section = open(source).read().strip()
text = open(path).read() if os.path.exists(path) else "# Benchmarks\n\nAll figures are from one machine in one run; compare ratios, not absolute numbers.\n"
begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
if begin in text:
    text = re.sub(re.escape(begin) + r".*?" + re.escape(end), lambda m: section, text, flags=re.S)
else:
    text = text.rstrip() + "\n\n" + section + "\n"
open(path, "w").write(text)
PY
    echo "   updated BENCHMARKS.md ($1 section)"
}

# per_op BIN NAME LOW HIGH: instructions (callgrind) and heap blocks (DHAT) per operation of
# RenderBenchmarks' benchmark NAME, printed as "INSTRUCTIONS<TAB>BLOCKS": the difference between
# HIGH and LOW operations divided by HIGH - LOW, so start-up does not count. BIN should be a copy
# stripped of debug info (valgrind cannot read Swift's), with deterministic hashing.
per_op() {
    local bin="$1" name="$2" low="$3" high="$4"
    refs() {
        env SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$name" "$1" \
            --templates "$ROOT/Templates" 2>&1 | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
    }
    blocks() {
        env SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=dhat --dhat-out-file=/dev/null "$bin" "$name" "$1" \
            --templates "$ROOT/Templates" 2>&1 | sed -n 's/.*Total: *[0-9,]* bytes in \([0-9,]*\) blocks.*/\1/p' | tr -d ,
    }
    local r_low r_high n_low n_high span=$((high - low))
    r_low=$(refs "$low"); r_high=$(refs "$high"); n_low=$(blocks "$low"); n_high=$(blocks "$high")
    printf '%s\t%s\n' $(((r_high - r_low) / span)) $(((n_high - n_low) / span))
}

# stripped_render_binary: a copy of RenderBenchmarks without debug info, for valgrind, in $OUT.
stripped_render_binary() {
    cp "$BIN_RENDER" "$OUT/RenderBenchmarks.nodebug"
    strip -g "$OUT/RenderBenchmarks.nodebug"
    echo "$OUT/RenderBenchmarks.nodebug"
}

machine_line() {
    local swift_version
    swift_version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p')
    echo "$(date -u +%Y-%m-%d) on $(nproc) cores ($(uname -m), $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), Swift $swift_version, release builds, wrk $(wrk --version 2>&1 | head -1 | awk '{print $2}'), libmicrohttpd $(pkg-config --modversion libmicrohttpd)"
}

# The binaries Benchmarks/run.sh builds (release).
BIN_DEMO="$ROOT/Benchmarks/.build/root/release/todo-demo"
BIN_HELLO_C="$ROOT/Benchmarks/.build/hello-c"
BIN_HELLO_SWIFT="$ROOT/Benchmarks/.build/mhd-hello/release/SignalboxHello"
BIN_HUMMINGBIRD="$ROOT/Benchmarks/peers/hummingbird-todo/.build/release/HummingbirdTodo"
BIN_RENDER="$ROOT/Benchmarks/render/.build/release/RenderBenchmarks"
BIN_DEMO_HUMMINGBIRD="$ROOT/Benchmarks/.build/hummingbird/release/todo-hummingbird"
BIN_DEMO_VAPOR="$ROOT/Benchmarks/.build/vapor/release/todo-vapor"

# create_sessions LABEL PORT PID COUNT PATH INFO: logs COUNT sessions in (create-sessions.lua: a
# cookieless GET of PATH, then the login form) on the server at PORT, stopping wrk once every
# session is in $OUT/cookies-LABEL/; writes $OUT/create-LABEL.{txt,err}, $OUT/cookies-LABEL.txt,
# and INFO (created, failed, seconds, RSS of PID before and after); prints one summary line.
create_sessions() {
    local label=$1 port=$2 pid=$3 count=$4 path=$5 info=$6
    local before after start end made failed created wrk_pid
    before=$(rss_kib "$pid")
    mkdir -p "$OUT/cookies-$label"
    start=$(date +%s.%N)
    wrk -t2 -c32 -d1200s -s "$ROOT/Benchmarks/load/create-sessions.lua" "http://127.0.0.1:$port" -- "$count" 2 \
        "$OUT/cookies-$label" "$path" >"$OUT/create-$label.txt" 2>"$OUT/create-$label.err" &
    wrk_pid=$!
    # wrk runs until its -d; stop it once every session is in the cookie files.
    while kill -0 "$wrk_pid" 2>/dev/null; do
        made=$( (cat "$OUT/cookies-$label"/cookies-*.txt 2>/dev/null || true) | wc -l)
        failed=$(grep -c "unexpected" "$OUT/create-$label.err" || true)
        [ $((made + failed)) -ge "$count" ] && break
        sleep 0.2
    done
    end=$(date +%s.%N)
    kill -INT "$wrk_pid" 2>/dev/null || true
    wait "$wrk_pid" 2>/dev/null || true
    sleep 2
    after=$(rss_kib "$pid")
    cat "$OUT/cookies-$label"/cookies-*.txt >"$OUT/cookies-$label.txt"
    created=$(wc -l <"$OUT/cookies-$label.txt")
    failed=$(grep -c "unexpected" "$OUT/create-$label.err" || true)
    {
        echo "created $created"
        echo "failed $failed"
        echo "seconds $(echo "$end - $start" | bc)"
        echo "rss_before_kib $before"
        echo "rss_after_kib $after"
    } >"$info"
    printf '   %s: created %s sessions in %.1f s, RSS %s → %s KiB\n' "$label" "$created" "$(echo "$end - $start" | bc)" "$before" "$after"
}
