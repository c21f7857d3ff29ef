#!/bin/sh
# Opens the explorer from the packaged jar with a class-data-sharing archive: the fastest start we have.
#   scripts/window.sh [capture paths and window options, as for `mvn -q javafx:run -Dlanescope.args=...`]
# The first run records the classes a launch needs into target/lanescope.jsa when the window is closed;
# later runs map that archive instead of loading and verifying those classes again (docs/bench/ui-bench.md).
set -eu
cd "$(dirname "$0")/.."
jar=target/lanescope.jar
jsa=target/lanescope.jsa
if [ ! -f "$jar" ]; then
    mvn -q -B package -DskipTests
fi
# an archive older than the jar describes other classes: make a new one
if [ -f "$jsa" ] && [ "$jar" -nt "$jsa" ]; then
    rm -f "$jsa"
fi
# C1 only: a desktop session is short, and the largest captures lay out as fast (docs/bench/ui-bench.md)
jit=-XX:TieredStopAtLevel=1
if [ -f "$jsa" ]; then
    exec java $jit -XX:SharedArchiveFile="$jsa" -Xshare:auto -cp "$jar" dev.lanescope.ui.Launcher "$@"
else
    exec java $jit -XX:ArchiveClassesAtExit="$jsa" -cp "$jar" dev.lanescope.ui.Launcher "$@"
fi
