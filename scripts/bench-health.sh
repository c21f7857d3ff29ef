#!/bin/sh
# Link-health benchmark (docs/bench/health.md). Not part of `mvn verify`. Measures, on this machine:
#   1. the watch's cost: the sampler alone over a made-up sysfs tree of 8 GPUs, 8 NICs and 8 NVMe drives with their
#      ports (WatchBench: CPU of the sampling thread per sample); `lanescope watch` CPU time for a long and a
#      one-sample watch on this machine's own sysfs (the difference divided by the extra samples: its lspci read and
#      analysis at the end cancel out); `collect.sh --watch` over the same made-up tree against a plain run;
#   2. `lanescope history` over N capture folders of one host (default 1,000; the Dell OptiPlex XE3 sample with its
#      root port trained low on every 4th boot): wall time and peak memory (GNU time);
#   3. the size of `analyze --format openmetrics` for every bundled sample, the largest named.
# Usage: scripts/bench-health.sh [N]
set -eu
cd "$(dirname "$0")/.."
n=${1:-1000}
mvn -q -B -o test-compile || mvn -q -B test-compile
mvn -q -B -o dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
CP="target/test-classes:target/classes:$(cat target/bench.classpath)"
work=$(mktemp -d "${TMPDIR:-/tmp}/lanescope-health-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
cpu() { # cpu SECONDS INTERVAL: user+system CPU seconds of one watch (the JVM and its lspci read included)
    /usr/bin/time -f "%U %S" -o "$work/t" java -cp "$CP" dev.lanescope.cli.Main watch --seconds "$1" \
        --interval "$2" --out "$work/w$1" >/dev/null 2>&1
    awk '{print $1 + $2}' "$work/t"
}
samples() { cat "$work"/w$1/*/watch.txt | grep -c "^@ "; }
echo "== 1. watch: $(nproc) CPU(s), load $(cut -d' ' -f1 /proc/loadavg)"
java -cp "$CP" dev.lanescope.bench.WatchBench "$work/tree" 8 2000
echo "this machine: $(ls /sys/bus/pci/devices | wc -l) PCI functions"
c0=$(cpu 0 0.1); s0=$(samples 0)
c1=$(cpu 20 0.1); s1=$(samples 20)
echo "lanescope watch: $s0 sample(s) $c0 s CPU; $s1 samples $c1 s CPU"
awk -v a="$c0" -v b="$c1" -v x="$s0" -v y="$s1" 'BEGIN { printf "  %.2f ms CPU per sample\n", (b - a) * 1000 / (y - x) }'
cat "$work"/w20/*/watch.txt | grep -c "^/sys" | awk -v y="$s1" '{ printf "  %.1f readings per sample\n", $1 / y }'
c2=$(LANESCOPE_SYSFS="$work/tree/bus" /usr/bin/time -f "%U %S" sh native-probes/collect.sh -o "$work/plain.tgz" 2>&1 >/dev/null | tail -1 | awk '{print $1 + $2}')
c3=$(LANESCOPE_SYSFS="$work/tree/bus" /usr/bin/time -f "%U %S" sh native-probes/collect.sh -o "$work/watch.tgz" --watch 20 --interval 0.1 2>&1 >/dev/null \
    | tail -1 | awk '{print $1 + $2}')
s3=$(tar xzf "$work/watch.tgz" -O --wildcards '*/watch.txt' | grep -c '^@ ')
echo "collect.sh (the made-up tree): plain $c2 s CPU; --watch 20 --interval 0.1: $s3 samples $c3 s CPU"
awk -v a="$c2" -v b="$c3" -v y="$s3" 'BEGIN { printf "  %.2f ms CPU per sample\n", (b - a) * 1000 / y }'

echo "== 2. history over $n capture folders of one host"
vv=samples/dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt
i=1
while [ "$i" -le "$n" ]; do
    d="$work/host/boot-$i"
    mkdir -p "$d"
    if [ $((i % 4)) -eq 0 ]; then cp "$vv" "$d/vv.txt"; else sed '39s/Speed 2.5GT\/s/Speed 8GT\/s/' "$vv" >"$d/vv.txt"; fi
    echo xe3 >"$d/hostname"
    echo "boot-$i" >"$d/boot_id"
    date -u -d "@$((1780000000 + i * 3600))" +%Y-%m-%dT%H:%M:%SZ >"$d/date"
    i=$((i + 1))
done
echo "folders: $n, $(du -sh "$work/host" | cut -f1)"
/usr/bin/time -f "wall %e s, peak memory %M KiB, CPU %P" -o "$work/t" java -cp "$CP" dev.lanescope.cli.Main history \
    "$work/host" >"$work/history.txt"
head -2 "$work/history.txt"
cat "$work/t"

echo "== 3. openmetrics size per bundled sample"
for s in samples/*/; do
    java -cp "$CP" dev.lanescope.cli.Main analyze --format openmetrics "$s" 2>/dev/null | wc -c | tr '\n' ' '
    echo "$s"
done | sort -n | tail -3
