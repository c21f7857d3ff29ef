#!/bin/bash
# How a short command's start-up time splits between the JVM's ways of starting (not a test): `analyze` of a sample,
# whole processes, alternated round by round so load falls on all of them alike.
#   scripts/bench-startup.sh [ROUNDS]          (default 7)
# Environment:
#   JAVA      the java to use (default: java on the PATH)
#   JAR       the jar to measure (default: target/lanescope.jar)
#   BEFORE    optional: a jar of lanescope's own classes from an older commit, put before JAR on the class path, so
#             an older build of lanescope runs with the same libraries (the "before" column)
#   CORES     optional: a CPU list for taskset (e.g. 0,1) to hold every run to that many cores
# Ways measured, each a fresh process:
#   plain      java -jar JAR
#   c1         + C1 only, no perf-data file (what scripts/lanescope.sh always adds)
#   dynamic    + the dynamic class-data archive scripts/lanescope.sh trains (-XX:ArchiveClassesAtExit)
#   dyn-fixed  + that archive mapped at its own address (no relocation of its pointers at every start)
#   static     + a static archive dumped from a class list of the same training run (it can hold picocli's
#              classes, which are too old for a dynamic archive on Java 17), at its own address
#   before     BEFORE's classes, the dynamic archive, as scripts/lanescope.sh started them before this change
# Prints each run (wall and CPU seconds) and the medians; figures go to docs/bench/cli.md.
set -eu
cd "$(dirname "$0")/.."
rounds=${1:-7}
java=${JAVA:-java}
jar=${JAR:-target/lanescope.jar}
sample=samples/hp-laptop-coffeelake-gtx1650-titanridge
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin=()
[ -n "${CORES:-}" ] && pin=(taskset -c "$CORES")
c1=(-XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xlog:cds=off)
fixed=(-XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0)

train() { # train ARCHIVE-OPTION CLASSPATH: one training run of the bundled sample (analyze, advise, a PNG if it can)
    mkdir -p "$work/train"
    "$java" "${c1[@]}" "$1" -cp "$2" dev.lanescope.cli.Training "$sample" "$work/train" >"$work/train.log" 2>&1 || true
}
train "-XX:ArchiveClassesAtExit=$work/dyn.jsa" "$jar"
train "-XX:DumpLoadedClassList=$work/classes.lst" "$jar"
"$java" -Xshare:dump -XX:SharedClassListFile="$work/classes.lst" -XX:SharedArchiveFile="$work/static.jsa" \
    -cp "$jar" >"$work/dump.log" 2>&1 || echo "bench-startup: static dump failed: $(tail -n 2 "$work/dump.log")"
[ -n "${BEFORE:-}" ] && train "-XX:ArchiveClassesAtExit=$work/before.jsa" "$BEFORE:$jar"
ls -la "$work"/*.jsa

one() { # one LABEL JAVA-OPTIONS...: a run of analyze, appends "LABEL wall cpu"
    local label=$1
    shift
    local TIMEFORMAT='%R %U %S'
    local t
    t=$( { time "${pin[@]}" "$java" "$@" analyze "$sample" >/dev/null 2>"$work/err"; } 2>&1 ) \
        || { echo "bench-startup: $label failed: $(head -n 3 "$work/err")" >&2; exit 1; }
    echo "$label $(echo "$t" | awk '{printf "%.3f %.3f", $1, $2 + $3}')" | tee -a "$work/results"
}

echo "machine: $(nproc) cores${CORES:+, runs held to cores $CORES}, $(uname -r), $("$java" -version 2>&1 | head -n 1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
    one plain -jar "$jar"
    one c1 "${c1[@]}" -jar "$jar"
    one dynamic "${c1[@]}" -XX:SharedArchiveFile="$work/dyn.jsa" -jar "$jar"
    one dyn-fixed "${c1[@]}" "${fixed[@]}" -XX:SharedArchiveFile="$work/dyn.jsa" -jar "$jar"
    [ -f "$work/static.jsa" ] && one static "${c1[@]}" "${fixed[@]}" -XX:SharedArchiveFile="$work/static.jsa" -jar "$jar"
    [ -n "${BEFORE:-}" ] && one before "${c1[@]}" -XX:SharedArchiveFile="$work/before.jsa" \
        -cp "$BEFORE:$jar" dev.lanescope.cli.Main
    true
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk '
    { wall[$1] = wall[$1] " " $2; cpu[$1] = cpu[$1] " " $3; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
    function median(list,   k, a, i, j, t) {
        k = split(list, a, " ")
        for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
        return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
    }
    END {
        print "medians (wall s / cpu s):"
        for (i = 1; i <= n; i++) printf "  %-10s %6.3f %6.3f\n", order[i], median(wall[order[i]]), median(cpu[order[i]])
    }' "$work/results"
