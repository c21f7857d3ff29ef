#!/bin/sh
# The command line from a checkout, started fast: the same as `java -jar target/lanescope.jar ARGS...`, plus
#   * a class-data-sharing archive (target/lanescope-cli.jsa) made once by a training run on a bundled sample
#     (analyze, advise and a PNG export; a few seconds, the first time or after the jar changed) and mapped by every
#     later start instead of loading and verifying those classes again;
#   * C1 only (-XX:TieredStopAtLevel=1) and no perf-data file: a command's life is too short for C2's peak.
#   scripts/lanescope.sh analyze samples/dell-optiplex-xe3-i7-8700-quadro-p2000
#   scripts/lanescope.sh export fleet/*/ --png pictures/
# LANESCOPE_JAVA_OPTS: extra JVM options. Figures: docs/bench/cli.md (scripts/bench-cli.sh).
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
    # -Xlog:cds=off: the classes CDS cannot keep (old bytecode in picocli and EMF) are skipped without a word
    # shellcheck disable=SC2086
    java ${LANESCOPE_JAVA_OPTS:-} -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xlog:cds=off \
        -XX:ArchiveClassesAtExit="$jsa" -cp "$jar" dev.lanescope.cli.Training "$sample" "$work" >/dev/null 2>&1 \
        || rm -f "$jsa"
    rm -rf "$work"
fi
share=""
[ -f "$jsa" ] && share="-XX:SharedArchiveFile=$jsa -Xshare:auto"
# shellcheck disable=SC2086
exec java ${LANESCOPE_JAVA_OPTS:-} -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xlog:cds=off $share -jar "$jar" "$@"
