#!/bin/sh
# Command-line speed benchmark (not a test): whole processes, as a user starts them, alternated in one run so a
# shared machine's load falls on all of them alike.
#   scripts/bench-cli.sh [ROUNDS] [--before OLD.jar]      (default: 5 rounds)
# Each round runs, one after another: analyze and export --png of a sample, the same through scripts/lanescope.sh
# (class-data sharing), and a batch of 1 and of 20 captures into a folder (--png FOLDER/) both ways; with
# --before, analyze and export --png with an older jar too (its javafx/ folder beside it, as the build leaves it).
# Prints every run (wall and CPU seconds), the medians, the ratios the issue asks for (export / analyze, seconds per
# picture after the first = (batch of 20 - batch of 1) / 19) and the load average before and after.
set -eu
cd "$(dirname "$0")/.."
rounds=5
before=""
while [ $# -gt 0 ]; do
    case $1 in
        --before) before=$2; shift 2 ;;
        *) rounds=$1; shift ;;
    esac
done
jar=target/lanescope.jar
[ -f "$jar" ] || { echo "bench-cli: build first: mvn -q package -DskipTests" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench-cli: needs GNU time: sudo apt-get install time" >&2; exit 2; }
sample=$PWD/samples/hp-laptop-coffeelake-gtx1650-titanridge
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/batch"
i=1
while [ "$i" -le 20 ]; do cp -r "$sample" "$work/batch/host$i"; i=$((i + 1)); done
batch20=""
i=1
while [ "$i" -le 20 ]; do batch20="$batch20 $work/batch/host$i"; i=$((i + 1)); done

# one LABEL COMMAND...: runs it once, appends "LABEL wall cpu" to the results
one() {
    label=$1
    shift
    rm -rf "$work/out"
    if ! /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/err"; then
        echo "bench-cli: $label failed: $(head -n 3 "$work/err")" >&2
        exit 1
    fi
    [ -s "$work/err" ] && { echo "bench-cli: $label printed on stderr: $(head -n 2 "$work/err")" >&2; exit 1; }
    set -- $(tail -n 1 "$work/time")
    cpu=$(echo "$2 $3" | awk '{printf "%.2f", $1 + $2}')
    echo "$label $1 $cpu" | tee -a "$work/results"
}

echo "machine: $(nproc) cores, $(uname -r), $(java -version 2>&1 | head -n 1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
sh scripts/lanescope.sh --version >/dev/null # trains the class-data archive when it is missing (not measured)
r=1
while [ "$r" -le "$rounds" ]; do
    echo "round $r (label wall-s cpu-s)"
    one analyze java -jar "$jar" analyze "$sample"
    one export java -jar "$jar" export "$sample" --png "$work/out/x.png"
    one cds-analyze sh scripts/lanescope.sh analyze "$sample"
    one cds-export sh scripts/lanescope.sh export "$sample" --png "$work/out/x.png"
    one batch1 java -jar "$jar" export "$work/batch/host1" --png "$work/out/"
    # shellcheck disable=SC2086
    one batch20 java -jar "$jar" export $batch20 --png "$work/out/"
    one cds-batch1 sh scripts/lanescope.sh export "$work/batch/host1" --png "$work/out/"
    # shellcheck disable=SC2086
    one cds-batch20 sh scripts/lanescope.sh export $batch20 --png "$work/out/"
    if [ -n "$before" ]; then
        one before-analyze java -jar "$before" analyze "$sample"
        one before-export java -jar "$before" export "$sample" --png "$work/out/x.png"
    fi
    r=$((r + 1))
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v rounds="$rounds" '
    { wall[$1] = wall[$1] " " $2; cpu[$1] = cpu[$1] " " $3 }
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END {
        printf "median of %d (wall s / cpu s):\n", rounds
        for (k in wall) { mw[k] = median(wall[k]); mc[k] = median(cpu[k]); printf "  %-15s %6.2f %6.2f\n", k, mw[k], mc[k] }
        printf "export / analyze (java -jar):          wall %.2fx, cpu %.2fx\n", mw["export"] / mw["analyze"], mc["export"] / mc["analyze"]
        printf "export / analyze (scripts/lanescope.sh): wall %.2fx, cpu %.2fx\n", mw["cds-export"] / mw["cds-analyze"], mc["cds-export"] / mc["cds-analyze"]
        if ("before-export" in mw)
            printf "export / analyze (--before jar):        wall %.2fx, cpu %.2fx\n", mw["before-export"] / mw["before-analyze"], mc["before-export"] / mc["before-analyze"]
        printf "per picture after the first (java -jar):          wall %.3f s, cpu %.3f s\n", (mw["batch20"] - mw["batch1"]) / 19, (mc["batch20"] - mc["batch1"]) / 19
        printf "per picture after the first (scripts/lanescope.sh): wall %.3f s, cpu %.3f s\n", (mw["cds-batch20"] - mw["cds-batch1"]) / 19, (mc["cds-batch20"] - mc["cds-batch1"]) / 19
    }' "$work/results"
