#!/bin/sh
# gpu-evidence.sh OUTDIR: refresh the probe evidence on a machine with one NVIDIA GPU (the device
# machine). Run from the repository root with a Java runtime bundle unpacked at $GJ (default
# /tmp/gj, made by scripts/gpu-java-bundle.sh: rt/ a jlink'd Java 17, libs/ (see below),
# app/lanescope.jar and app/test-classes from `mvn package
# test-compile`). It writes at most eight files into OUTDIR:
#   env.txt               GPU, driver, fonts and libraries JavaFX needs, nvcc
#   receipt.json          run_receipt.sh: the full sweep beside its link state (same boot)
#   p2p.jsonl             p2p_bw --quick (a single GPU has no peers: the matrix says so)
#   quick.jsonl           with SKIP_SWEEP=1 instead of the two above: pcie_bw --quick as built here
#   declined.txt declined.png  the probe window while another process holds the GPU: it must ask and,
#                         declined, not run (no result, no receipt)
#   window.txt window.png the probe window's own Run path (build, nvidia-smi, sweep, receipt) end to end,
#                         with the same process still holding the GPU: asked again and accepted, so it runs
#                         (a quick sweep beside an idle holder: evidence of the path, not a benchmark); an
#                         engine rate typed into its field ($ENGINE) is judged against the wire
#   window-receipt.json   the receipt the window saved
#   log.txt               everything printed
# Nothing here changes the machine beyond the build folder and the user's cache.
set -u
out=${1:?usage: gpu-evidence.sh OUTDIR}
GJ=${GJ:-/tmp/gj}
java="$GJ/rt/bin/java"
# CP_FIRST: classes built here after the bundle was packed (e.g. target/classes), read before the bundle's jar
cp="${CP_FIRST:+$CP_FIRST:}$GJ/app/lanescope.jar:$GJ/app/test-classes"
fx="-Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Dprism.text=t2k -Djava.awt.headless=true"
# JavaFX draws text through FreeType, fontconfig and Pango; a bare GPU image has none of them. The
# bundle (scripts/gpu-java-bundle.sh) carries them unpacked under $GJ/libs: used from there, never
# installed into the system.
if [ -d "$GJ/libs" ]; then
  LD_LIBRARY_PATH="$GJ/libs/usr/lib/x86_64-linux-gnu:$GJ/libs/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  FONTCONFIG_FILE="$GJ/libs/fonts.conf"
  export LD_LIBRARY_PATH FONTCONFIG_FILE
fi
mkdir -p "$out"
exec >"$out/log.txt" 2>&1
set -x
{
  date -u; uname -a; cat /proc/sys/kernel/random/boot_id
  nvidia-smi -L; nvidia-smi --query-gpu=index,pci.bus_id,pcie.link.gen.current,pcie.link.width.current,driver_version --format=csv
  nvcc --version | tail -2
  ldconfig -p | grep -E 'freetype|fontconfig|libX11|libgtk' ; ls /usr/share/fonts 2>&1 | head
  "$java" -version 2>&1
} >"$out/env.txt" 2>&1

make -C native-probes cuda p2p || exit 1
if [ -z "${SKIP_SWEEP:-}" ]; then
  sh native-probes/run_receipt.sh --gpu 0 --out "$out/receipt.json"
  native-probes/build/p2p_bw --quick >"$out/p2p.jsonl"
else
  native-probes/build/pcie_bw --quick >"$out/quick.jsonl"  # this checkout's probe, built here: does it run?
  echo "quick probe exit $?"
fi

# a second process holding the GPU, as a serving process would
python3 -c 'import torch, time; x = torch.zeros(1, device="cuda"); print("holder up", flush=True); time.sleep(600)' &
holder=$!
i=0; until nvidia-smi --query-compute-apps=pid --format=csv,noheader | grep -q "$holder" || [ $i -ge 60 ]; do sleep 1; i=$((i+1)); done
# shellcheck disable=SC2086
rm -rf "$HOME/.cache/lanescope/receipts"
timeout 150 "$java" $fx -cp "$cp" dev.lanescope.gpu.ProbeWindowOnGpu /tmp/declined --quick --decline-if-busy
echo "declined run exit $?"
cp /tmp/declined/window.txt "$out/declined.txt"
cp /tmp/declined/window.png "$out/declined.png"
ls "$HOME/.cache/lanescope/receipts" 2>&1 | sed 's/^/receipts after the declined run: /'

# the holder is still there: this time the question is accepted and the probe runs
# shellcheck disable=SC2086
timeout 300 "$java" $fx -cp "$cp" dev.lanescope.gpu.ProbeWindowOnGpu /tmp/window ${WINDOW_ARGS:---quick} --expect-busy \
  --engine "${ENGINE:-42.6 GB/s at 460800 B}"
echo "window run exit $?"
kill "$holder"; wait "$holder" 2>/dev/null
cp /tmp/window/window.txt /tmp/window/window.png "$out/"
for r in /tmp/window/*.json; do [ -f "$r" ] && cp "$r" "$out/window-receipt.json"; done
ls -la "$out"
