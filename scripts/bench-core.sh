#!/bin/sh
# Runs the JMH core benchmark (read + build + analyse). Not part of `mvn verify`: speed targets live here.
# Usage: scripts/bench-core.sh [JMH options, e.g. -f 1 -wi 2 -i 3]
#        scripts/bench-core.sh --stages [ROUNDS]   where a 10,240-function load's CPU time and bytes go, stage by stage
set -eu
cd "$(dirname "$0")/.."
mvn -q -B test-compile
mvn -q -B dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
CP="target/test-classes:target/classes:$(cat target/bench.classpath)"
if [ "${1:-}" = --stages ]; then
    shift
    exec java -Xmx256m -cp "$CP" dev.lanescope.capture.LoadStages "$@"
fi
exec java -cp "$CP" org.openjdk.jmh.Main 'dev.lanescope.bench.CoreBenchmark' "$@"
