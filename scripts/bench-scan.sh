#!/bin/sh
# Scan benchmark: writes N small collect.sh-like bundles (default 10,000) into a temporary folder and times
# `lanescope scan DIR --csv FILE` over them. Not part of `mvn verify`; the result goes in docs/bench/scan.md.
# Usage: scripts/bench-scan.sh [N]
set -eu
cd "$(dirname "$0")/.."
n=${1:-10000}
mvn -q -B test-compile
mvn -q -B dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
CP="target/test-classes:target/classes:$(cat target/bench.classpath)"
work=$(mktemp -d "${TMPDIR:-/tmp}/lanescope-scan-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
java -cp "$CP" dev.lanescope.bench.ScanBenchData "$work/fleet" "$n"
echo "bundles: $(find "$work/fleet" -name '*.tar.gz' | wc -l), $(du -sh "$work/fleet" | cut -f1)"
start=$(date +%s%N)
java -cp "$CP" dev.lanescope.cli.Main scan "$work/fleet" --csv "$work/fleet.csv" >"$work/table.txt"
end=$(date +%s%N)
head -1 "$work/table.txt"
echo "rows in CSV: $(($(wc -l <"$work/fleet.csv") - 1))"
echo "scan wall time: $(((end - start) / 1000000)) ms (JVM start included), $(nproc) CPU(s)"
