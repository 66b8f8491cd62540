#!/usr/bin/env bash
# The steps of `make test` that could fail by timing, run N times alone and N times beside a busy
# loop on every core; prints a table of runs and failures per part and, for each failure, its
# step and message. Not part of `make test` (`make flake-check`, N=10 by default).
#
#   make flake-check N=20 PARTS=browser,cluster
#
# (make passes the cluster's settings, as `make cluster-tests` does: cluster.sh reads them.)
#
# browser: the browser walk (browser_test.py) on the embedded demo. cluster: the cluster test
# (cluster_test.py, every part) and the live pages' walk through it (browser_live.py), each run on
# a cluster of its own. Every run's output is kept in the folder, one log per run.
set -uo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:?usage: flake-check.sh <output-folder>}
N=${N:-10}
PARTS=${PARTS:-browser,cluster}
case ",$PARTS," in *,cluster,*) : "${BINARY:?BINARY and the other cluster settings are unset: run it as make flake-check}" ;; esac
rm -rf "$OUT" && mkdir -p "$OUT"
HOG=()
trap '[ ${#HOG[@]} -gt 0 ] && kill "${HOG[@]}" 2>/dev/null' EXIT

cluster() { "$REPO/Integrations/Postgres/scripts/cluster.sh" --run "$@"; }

# One run of one part: its log in $OUT/PART-LOAD-RUN.log, and a line "PART LOAD RUN STEP" in
# $OUT/failures for each failed step (the FAIL lines; "exit N" when it failed without one).
run() {
    local part=$1 load=$2 number=$3 log status
    log="$OUT/$part-$load-$number.log"
    shift 3
    (cd "$REPO" && "$@") >"$log" 2>&1
    status=$?
    echo "$part $load $number $status" >>"$OUT/runs"
    if [ "$status" -ne 0 ]; then
        grep -E '^FAIL' "$log" | sed "s|^|$part $load $number |" >>"$OUT/failures"
        grep -qE '^FAIL' "$log" || echo "$part $load $number exit $status: $(grep -E '^[A-Za-z_.]+(Error|Exception)' "$log" |
            tail -1)" >>"$OUT/failures"
    fi
    printf '%-14s %-5s run %2d: %s\n' "$part" "$load" "$number" "$([ "$status" -eq 0 ] && echo pass || echo FAIL)"
}

for load in idle hog; do
    if [ "$load" = hog ]; then
        for _ in $(seq "$(nproc)"); do
            sh -c 'while :; do :; done' &
            HOG+=($!)
        done
    fi
    for number in $(seq "$N"); do
        case ",$PARTS," in *,browser,*)
            run browser "$load" "$number" python3 Tests/EndToEnd/browser_test.py .build/debug/todo-demo \
                "$OUT/screenshots-$load-$number" ;;
        esac
        case ",$PARTS," in *,cluster,*)
            run cluster "$load" "$number" cluster python3 Tests/EndToEnd/cluster_test.py
            run cluster-live "$load" "$number" cluster python3 Tests/EndToEnd/browser_live.py \
                "$OUT/screenshots-live-$load-$number" ;;
        esac
    done
    [ ${#HOG[@]} -gt 0 ] && kill "${HOG[@]}" 2>/dev/null
    HOG=()
done

echo
echo "=== flake check: N=$N per load, $(nproc) busy loops for 'hog' ==="
printf '%-14s %12s %12s\n' part "idle failed" "hog failed"
for part in $(awk '{print $1}' "$OUT/runs" | sort -u); do
    count() { awk -v p="$part" -v l="$1" '$1 == p && $2 == l { n++; if ($4 != 0) f++ } END { printf "%d/%d", f, n }' "$OUT/runs"; }
    printf '%-14s %12s %12s\n' "$part" "$(count idle)" "$(count hog)"
done
if [ -s "$OUT/failures" ]; then
    echo
    echo "Failed steps (part, load, run, step):"
    cat "$OUT/failures"
    exit 1
fi
echo "no failures"
