#!/bin/sh
# Builds target/lanescope.jar (and JavaFX's jars under target/javafx) when they are missing or older than the
# sources; otherwise does nothing. Called by scripts/window.sh and scripts/lanescope.sh; says in one line what is
# missing or what failed.
set -eu
cd "$(dirname "$0")/.."

say() { echo "lanescope: $*" >&2; }
jar=target/lanescope.jar
fx=target/javafx
stale=""
if [ -f "$jar" ] && [ -d "$fx" ]; then
    stale=$(find src/main fxml css native-probes pom.xml -newer "$jar" -type f 2>/dev/null | head -n 1)
fi
if [ ! -f "$jar" ] || [ ! -d "$fx" ] || [ -n "$stale" ]; then
    if ! command -v mvn >/dev/null 2>&1; then
        say "Maven builds lanescope the first time and is not installed: sudo apt-get install maven"
        exit 1
    fi
    say "building target/lanescope.jar once (about a minute; later starts skip this)"
    log=target/build.log
    mkdir -p target
    if ! mvn -q -B package -DskipTests >"$log" 2>&1; then
        say "the build failed; its first errors (whole log: $log):"
        grep -m 5 'ERROR' "$log" >&2 || tail -n 5 "$log" >&2
        exit 1
    fi
fi
