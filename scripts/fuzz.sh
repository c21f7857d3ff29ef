#!/bin/sh
# fuzz.sh: coverage-guided fuzzing of lanescope's hostile-input entry points with Jazzer (libFuzzer for the JVM).
#
#   scripts/fuzz.sh [SECONDS [JOBS [TARGET...]]]
#
# Fuzzes each target for SECONDS (default 600) with JOBS processes each (default 1), starting from the target's
# seeds (real captures and receipts under src/test/resources/dev/lanescope/*/*FuzzTestInputs/) plus the corpus a
# previous run grew (.fuzz/corpus/<target>/, ignored by git). Logs and a summary (executions, coverage, findings)
# go to .fuzz/out/. Inputs grow up to MAX_LEN bytes (default 1 MiB, so size-driven faults can appear). A finding (an exception or a failed assertion) is written as .fuzz/out/<target>/crash-<sha1>;
# copy it into the target's seed folder so every `mvn verify` replays it, and fix the code.
# Needs `mvn -q test-compile` first (or CP and JAVA set, as on a machine without Maven).
# Run it niced on a shared machine: nice -n 19 scripts/fuzz.sh 3600
set -eu
cd "$(dirname "$0")/.."
secs=${1:-600}
jobs=${2:-1}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
targets=${*:-"capture.LoaderFuzzTest:capture/LoaderFuzzTestInputs/loaderAndAnalysis
parse.TreeParserFuzz:parse/ParserFuzzTestInputs/treeParser
parse.HexDecoderFuzz:parse/ParserFuzzTestInputs/hexDecoder
probe.ReceiptReaderFuzz:probe/ReceiptFuzzTestInputs/receiptReader
probe.CeilingReceiptFuzz:probe/ReceiptFuzzTestInputs/ceilingReceipt
cli.CeilingFuzzTest:-
capture.ReadersFuzzTest\$Evidence:capture/ReadersFuzzTestInputs/evidenceAndLadder
capture.ReadersFuzzTest\$Table:capture/ReadersFuzzTestInputs/allReduceTableAndScaling
capture.ReadersFuzzTest\$Bundle:capture/ReadersFuzzTestInputs/bundleFolderWithManifest"}
JAVA=${JAVA:-java}
max_len=${MAX_LEN:-1048576}
if [ -z "${CP:-}" ]; then
  mvn -q -o dependency:build-classpath -Dmdep.outputFile=target/fuzz-classpath.txt >/dev/null
  CP="target/test-classes:target/classes:$(cat target/fuzz-classpath.txt)"
fi
abs=""
for e in $(echo "$CP" | tr ':' ' '); do
  case "$e" in /*) abs="$abs:$e" ;; *) abs="$abs:$PWD/$e" ;; esac
done
CP=${abs#:}
seeds=$PWD/src/test/resources/dev/lanescope
mkdir -p .fuzz/out
for t in $targets; do
  cls=dev.lanescope.${t%%:*}
  seed=${t#*:}
  name=$(echo "${t%%:*}" | tr '$' '.')
  mkdir -p ".fuzz/corpus/$name" ".fuzz/out/$name"
  set -- "$PWD/.fuzz/corpus/$name"
  [ "$seed" != "-" ] && set -- "$@" "$seeds/$seed"
  (cd ".fuzz/out/$name" && exec "$JAVA" -Xmx1g -cp "$CP" \
      com.code_intelligence.jazzer.Jazzer --target_class="$cls" --instrumentation_includes='dev.lanescope.**' \
      --reproducer_path=. -max_total_time="$secs" -max_len="$max_len" -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
      -jobs="$jobs" -workers="$jobs" "$@" >"../$name.log" 2>&1) &
done
wait
{
  echo "target executions coverage findings"
  for t in $targets; do
    name=$(echo "${t%%:*}" | tr '$' '.')
    # with -jobs each worker writes fuzz-N.log and the main log repeats the workers' lines: count the workers' logs
    # when there are any, else the main log, never both
    logs=".fuzz/out/$name.log"
    ls ".fuzz/out/$name"/fuzz-*.log >/dev/null 2>&1 && logs=$(ls ".fuzz/out/$name"/fuzz-*.log)
    # shellcheck disable=SC2086
    execs=$(cat $logs 2>/dev/null \
      | sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' | awk '{s+=$1} END {print s+0}')
    cov=$(cat ".fuzz/out/$name.log" ".fuzz/out/$name"/fuzz-*.log 2>/dev/null \
      | sed -n 's/^#[0-9]*.*cov: \([0-9]*\).*/\1/p' | sort -n | tail -1)
    crashes=$(ls ".fuzz/out/$name" | grep -c '^crash-' || true)
    echo "$name ${execs:-0} ${cov:-?} $crashes"
  done
} | tee .fuzz/out/summary.txt
