#!/bin/sh
# The command line from a checkout, started fast: the same as `java -jar target/lanescope.jar ARGS...`, plus
#   * a class-data-sharing archive (target/lanescope-cli.jsa) made once from a training run on a bundled sample
#     (analyze, advise and a PNG export; the list of classes it loaded is dumped into a static archive: about half a
#     minute, the first time or after the jar changed) and mapped by every later start instead of loading, verifying
#     and linking those classes again. A static archive rather than the dynamic one (-XX:ArchiveClassesAtExit): on
#     Java 17 only a static one can hold picocli's classes (their bytecode is too old for the dynamic kind) and the
#     method-handle forms the JDK would otherwise spin at every start;
#   * that archive mapped at the address it was made for (-XX:ArchiveRelocationMode=0) instead of a random one, which
#     costs a pass over every pointer in it at every start;
#   * C1 only (-XX:TieredStopAtLevel=1) with one compiler thread, and no perf-data file: a command's life is too short
#     for C2's peak, and on two cores a second compiler thread competes with the command itself (analyze 0.45 s
#     against 0.54 s, export --png unchanged: docs/bench/cli.md);
#   * transparent huge pages for the heap where the kernel offers them (about a tenth off analyze and export).
#   scripts/lanescope.sh analyze samples/dell-optiplex-xe3-i7-8700-quadro-p2000
#   scripts/lanescope.sh export fleet/*/ --png pictures/
# LANESCOPE_JAVA_OPTS: extra JVM options. Figures: docs/bench/cli.md (scripts/bench-cli.sh, scripts/bench-startup.sh).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
jar=$root/target/lanescope.jar
jsa=$root/target/lanescope-cli.jsa
sample=$root/samples/hp-laptop-coffeelake-gtx1650-titanridge

if ! command -v java >/dev/null 2>&1; then
    echo "lanescope: Java 17 or newer is not installed: sudo apt-get install openjdk-17-jdk maven" >&2
    exit 1
fi
# builds target/lanescope.jar the first time, or again after the sources changed (about a minute)
"$root/scripts/build-jar.sh"
# an archive older than the jar describes other classes: train a new one
if [ -f "$jsa" ] && [ "$jar" -nt "$jsa" ]; then
    rm -f "$jsa"
fi
if [ ! -f "$jsa" ] && [ -d "$sample" ]; then
    work=$(mktemp -d)
    # -Xlog:cds=off: the few classes an archive cannot keep (JFR's event classes) are skipped without a word
    # shellcheck disable=SC2086
    if java ${LANESCOPE_JAVA_OPTS:-} -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xlog:cds=off \
            -XX:DumpLoadedClassList="$work/classes.lst" -cp "$jar" dev.lanescope.cli.Training "$sample" "$work" \
            >/dev/null 2>&1 \
        && java -Xshare:dump -Xlog:cds=off -XX:SharedClassListFile="$work/classes.lst" \
            -XX:SharedArchiveFile="$work/cli.jsa" -cp "$jar" >"$work/dump.log" 2>&1; then
        mv -f "$work/cli.jsa" "$jsa"
    fi
    rm -rf "$work"
fi
opts=""
# transparent huge pages where the kernel offers them to programs that ask: fewer page faults as the heap and the
# picture's pixel buffers are first touched (asked for only then: elsewhere the JVM would print a warning)
case $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null) in
    *"[always]"* | *"[madvise]"*) opts="-XX:+UseTransparentHugePages" ;;
esac
[ -f "$jsa" ] && opts="$opts -XX:SharedArchiveFile=$jsa -Xshare:auto -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0"
# shellcheck disable=SC2086
exec java ${LANESCOPE_JAVA_OPTS:-} -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:-UsePerfData -Xlog:cds=off $opts \
    -jar "$jar" "$@"
