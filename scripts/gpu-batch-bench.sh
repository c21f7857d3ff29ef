#!/bin/sh
# gpu-batch-bench.sh OUTDIR: on a machine with one NVIDIA GPU (the device machine), pcie_bw's batched
# modes against its one-by-one copies and against PyTorch's copy_, alternating, three rounds, with the
# link state read before, sampled during and read after; then one full receipt (run_receipt.sh).
# Writes into OUTDIR (at most eight files):
#   env.txt          GPU, driver, CUDA, boot id
#   links.txt        sysfs link speed/width and nvidia-smi gen/width before and after the rounds
#   alt-probe.jsonl  three rounds of `pcie_bw --memory pinned --repeats 9` (a {"kind":"round"} line first)
#   alt-torch.jsonl  three rounds of `torch_ref.py --repeats 9`, run right after each probe round
#   rounds-nvsmi.csv nvidia-smi link samples every 0.5 s during the rounds
#   receipt.json     run_receipt.sh: the full sweep (both memory kinds, batched modes too)
#   log.txt          everything printed
# Nothing here changes the machine beyond the build folder.
set -u
out=${1:?usage: gpu-batch-bench.sh OUTDIR}
sizes=${SIZES:-460800,2459136,3M,16M,64M,256M,1G}
mkdir -p "$out"
exec >"$out/log.txt" 2>&1
set -x
bdf=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader -i 0 | tr 'A-F' 'a-f' | sed 's/^0000\(....:\)/\1/')
links() {
  echo "== $1 $(date -u +%FT%TZ)"
  for f in current_link_speed current_link_width max_link_speed max_link_width; do
    printf '%s %s\n' "$f" "$(cat "/sys/bus/pci/devices/$bdf/$f" 2>&1)"
  done
  nvidia-smi --query-gpu=pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max --format=csv
}
{
  date -u; uname -a; cat /proc/sys/kernel/random/boot_id
  nvidia-smi -L; nvidia-smi --query-gpu=index,pci.bus_id,driver_version --format=csv
  nvcc --version | tail -2
  python3 -c 'import torch; print("torch", torch.__version__, torch.version.cuda)'
  echo "gpu sysfs $bdf"
} >"$out/env.txt" 2>&1

make -C native-probes cuda || exit 1
links before >"$out/links.txt"
nvidia-smi --query-gpu=timestamp,pcie.link.gen.current,pcie.link.width.current --format=csv,noheader -lms 500 \
  >"$out/rounds-nvsmi.csv" &
sampler=$!
: >"$out/alt-probe.jsonl"; : >"$out/alt-torch.jsonl"
for r in 1 2 3; do
  echo "{\"kind\":\"round\",\"round\":$r}" >>"$out/alt-probe.jsonl"
  native-probes/build/pcie_bw --memory pinned --sizes "$sizes" --repeats 9 >>"$out/alt-probe.jsonl"
  echo "probe round $r exit $?"
  echo "{\"kind\":\"round\",\"round\":$r}" >>"$out/alt-torch.jsonl"
  python3 native-probes/torch_ref.py --sizes "$sizes" --repeats 9 >>"$out/alt-torch.jsonl"
  echo "torch round $r exit $?"
done
kill "$sampler"
links after >>"$out/links.txt"
[ -n "${SKIP_RECEIPT:-}" ] || sh native-probes/run_receipt.sh --gpu 0 --out "$out/receipt.json"
echo "receipt exit $?"
ls -la "$out"
