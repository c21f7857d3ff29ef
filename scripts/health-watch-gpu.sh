#!/bin/sh
# health-watch-gpu.sh OUTDIR: a real watch on the GPU machine (docs/bench/health.md). Run from the repository root.
# Two bundles from native-probes/collect.sh --watch: one while the GPU sits idle, one while a job of our own (a torch
# host-to-device copy loop, standing in for the user's job) keeps the link busy beside the watch. The collector
# itself starts nothing: the job is this script's, started before the watch and stopped after it.
# Writes into OUTDIR: env.txt, idle.tar.gz, load.tar.gz, job.log, log.txt.
set -u
out=${1:?usage: health-watch-gpu.sh OUTDIR}
mkdir -p "$out"
exec >"$out/log.txt" 2>&1
set -x
{
  date -u; uname -r; cat /proc/sys/kernel/random/boot_id
  nvidia-smi -L
  nvidia-smi --query-gpu=pci.bus_id,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,utilization.gpu --format=csv
  echo "--- replay fields offered by this nvidia-smi:"
  nvidia-smi --help-query-gpu | grep -i -B1 -A2 replay
  echo "--- lspci: $(command -v lspci || echo none)"
  for d in /sys/bus/pci/devices/*; do
    c=$(cat "$d/class" 2>/dev/null)
    case $c in 0x03*|0x12*|0x02*|0x0108*) echo "$d class=$c real=$(readlink -f "$d")"; ls "$d" | grep -E 'aer|link|replay' | tr '\n' ' '; echo ;; esac
  done
} >"$out/env.txt" 2>&1

sh native-probes/collect.sh -o "$out/idle.tar.gz" --watch 10 --interval 1

cat >/tmp/h2d_job.py <<'PY'
import sys, time, torch
secs = float(sys.argv[1])
src = torch.empty(256 << 20, dtype=torch.uint8).pin_memory()
dst = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
end = time.time() + secs
n = 0
t0 = time.time()
while time.time() < end:
    dst.copy_(src, non_blocking=True)
    n += 1
    if n % 50 == 0:
        torch.cuda.synchronize()
torch.cuda.synchronize()
dt = time.time() - t0
print(f"copies {n} of 256 MiB in {dt:.1f} s: {n * 256 / 1024 / dt:.1f} GiB/s", flush=True)
PY
python3 /tmp/h2d_job.py 40 >"$out/job.log" 2>&1 &
job=$!
sleep 3
sh native-probes/collect.sh -o "$out/load.tar.gz" --watch 30 --interval 0.5
wait $job
echo "job exit $?"
