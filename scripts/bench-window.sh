#!/bin/sh
# Start-up benchmark (not a test): Enter to painted for the README's first command, scripts/window.sh.
#   scripts/bench-window.sh [RUNS] [-- COMMAND...]     (default: 5 runs of scripts/window.sh)
# "Painted" is the window's own line "lanescope timing: painted" (printed after the first layout pulse that shows
# the capture); "Enter" is this script starting the command. One unmeasured run first builds the jar if needed and
# records the class-data-sharing archive ("from the second run on"). Needs a display: without DISPLAY it starts
# Xvfb on :77. Prints every run, the median, and the load average before and after (the machine may be shared).
set -eu
cd "$(dirname "$0")/.."
runs=5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then runs=$1; shift; fi
[ "${1:-}" = "--" ] && shift
[ $# -eq 0 ] && set -- sh scripts/window.sh
xvfb=""
if [ -z "${DISPLAY:-}" ]; then
    command -v Xvfb >/dev/null || { echo "bench-window: no DISPLAY and no Xvfb (apt-get install xvfb)" >&2; exit 2; }
    Xvfb :77 -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb=$!
    trap 'kill $xvfb 2>/dev/null' EXIT
    export DISPLAY=:77
    sleep 1
fi
export LANESCOPE_JAVA_OPTS="-Dlanescope.timing=true -Dlanescope.exitAfterPaint=true"
one() {
    start=$(date +%s%N)
    painted=$(timeout 120 "$@" 2>&1 | while IFS= read -r line; do
        case $line in *"lanescope timing: painted"*) date +%s%N ;; esac
    done)
    [ -n "$painted" ] || { echo "bench-window: no painted line from: $*" >&2; return 1; }
    echo $(( (painted - start) / 1000000 ))
}
echo "machine: $(nproc) cores, $(uname -r), $(java -version 2>&1 | head -n 1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "warm-up (build if needed, class-data archive): $(one "$@") ms"
all=""
i=1
while [ "$i" -le "$runs" ]; do
    ms=$(one "$@")
    echo "run $i: $ms ms"
    all="$all $ms"
    i=$((i + 1))
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "median of $runs: $(echo "$all" | tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') ms (Enter to painted: $*)"
