#!/bin/sh
# The cost of many devices: generates lspci -tv captures of 250 / 1,000 / 3,000 GPUs and 10,000 data-centre NICs,
# and a 200-GPU ladder, runs the commands on them in-process and prints a table (seconds, bytes printed) with the
# machine's load before and after. Not part of `mvn verify`: figures go to docs/bench/readers.md.
# Usage: scripts/bench-readers.sh [KIND:COUNT:COMMAND ...]   (default: the set of docs/bench/readers.md)
set -eu
cd "$(dirname "$0")/.."
mvn -q -B test-compile
mvn -q -B dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
CP="target/test-classes:target/classes:$(cat target/bench.classpath)"
[ $# -gt 0 ] || set -- gpu:250:analyze gpu:1000:analyze gpu:1000:analyze-json gpu:3000:analyze nic:10000:analyze \
    gpu:200:ladder
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
java -Xmx3g -cp "$CP" dev.lanescope.bench.ManyDevices "$@"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
