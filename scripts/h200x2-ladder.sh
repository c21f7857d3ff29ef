#!/usr/bin/env bash
# h200x2-ladder.sh: the P2P ladder of two NVIDIA GPUs read from our own probes, in one run, with the link state
# and the boot id before and after every measurement.
#
#   bash scripts/h200x2-ladder.sh --pack            here (the workstation): writes .gpujava/x2.tar.xz, what the GPU
#                                                   machine lacks: a jlink'd Java 17 runtime, lanescope.jar, and the
#                                                   Debian packages of lspci (unpacked there, never installed)
#   bash scripts/h200x2-ladder.sh OUTDIR            there, from the repository root: every step below, in order
#   bash scripts/h200x2-ladder.sh --dry-run OUTDIR  prints each step and its command, runs none of them
#
# Steps (each one's outcome is a row of OUTDIR/steps.tsv; a step that fails is said and the next one runs):
#   env            versions: GPUs, driver, nvcc, torch and its NCCL, java, lspci, nccl-tests
#   link-before    boot id, nvidia-smi PCIe gen/width (current, max), nvlink --status, topo -m, sysfs link files
#   build          make -C native-probes p2p CUDA_ARCHS=-arch=sm_90
#   p2p_bw         push, pull, both at once; copy engine and copy kernel; 16M, 256M, 1G (link sampled meanwhile)
#   collective     native-probes/collective_probe.py on the two GPUs (broadcast, all_reduce, barrier; send/recv)
#   nccl-torch     NCCL_DEBUG=INFO log of a torch.distributed all_reduce and send/recv, one process per GPU
#   nccl-tests     all_reduce_perf and sendrecv_perf (nccl-tests) on the two GPUs, where the machine has them
#   collect        native-probes/collect.sh: the PCIe capture bundle
#   link-after     as link-before
#   ladder         lanescope ladder BUNDLE --evidence (every evidence file above); text and JSON
#   scaling        lanescope scaling BUNDLE --allreduce-table, where all_reduce_perf made a table
#   summary        SUMMARY.txt: the figures beside the link state and boot id of before and after
#
# With fewer than two GPUs every two-GPU step says so and is not run; where the step has a one-GPU path, that path
# runs instead, under another file name (*-1gpu*, torch-gloo-2rank.log), so the run rehearses what one card can:
# p2p_bw's one-GPU matrix, the collective probe's refusal, and the torch.distributed program at world size 1 over
# NCCL and at two ranks over gloo on the CPU (its send/recv mechanics).
#
# NVLink multicast stays off whatever the caller set: NCCL_NVLS_ENABLE=0, TORCH_SYMM_MEM_DISABLE_MULTICAST=1,
# NVSHMEM_DISABLE_NVLS=1 (a program using it can put a shared host's GPUs out of service).
#
# Environment: GPUS (the two CUDA indices, default 0,1), GJ (the unpacked pack; default: .gpujava/x2.tar.xz is
# unpacked into /tmp/x2gj), LANESCOPE (the command that runs lanescope; default: the pack's java and jar, else
# target/lanescope.jar), NCCL_TESTS (folder holding all_reduce_perf, or its build/).
# Exit: 0 every step ran and succeeded; 1 a step failed (steps.tsv says which); 2 usage; 3 no step failed but the
# two-GPU steps were not run (fewer than two GPUs).
set -u
export LC_ALL=C

usage() {
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

here=$(cd "$(dirname "$0")/.." && pwd)

# ---------------------------------------------------------------------------------------------------------------
# --pack: on the workstation
# ---------------------------------------------------------------------------------------------------------------
pack() {
    set -e
    cd "$here"
    mvn -q -B package -DskipTests
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # the CLI alone: no JavaFX window runs there, so no fonts or Pango (scripts/gpu-java-bundle.sh carries those)
    jlink --add-modules java.base,java.compiler,java.desktop,java.logging,java.management,java.prefs,java.scripting,java.sql,java.xml,jdk.unsupported,jdk.zipfs,jdk.charsets \
        --strip-debug --no-header-files --no-man-pages --output "$work/rt"
    mkdir -p "$work/app" "$work/debs"
    cp target/lanescope.jar "$work/app/"
    # lspci for collect.sh: the GPU image has none, and without it a capture cannot tell a GPU from other devices
    (cd "$work/debs" && apt-get download pciutils libpci3 pci.ids libkmod2 libudev1)
    mkdir -p .gpujava
    tar -C "$work" -cf - . | xz -6 -T2 >.gpujava/x2.tar.xz
    ls -la .gpujava/x2.tar.xz
    if ! git check-ignore -q .gpujava/x2.tar.xz 2>/dev/null; then
        echo "note: .gpujava/ is not ignored by git here; add '/.gpujava/' to $(git rev-parse --git-common-dir)/info/exclude" \
            "so the device tool carries it (carry: [\".gpujava\"]) instead of sending it as part of the tree"
    fi
}

dry=no
case "${1:-}" in
    --pack) pack; exit $? ;;
    --dry-run) dry=yes; shift ;;
    -h|--help) usage; exit 0 ;;
esac
if [ $# -ne 1 ] || [ -z "$1" ] || [ "${1#-}" != "$1" ]; then
    usage >&2
    exit 2
fi
out=$1
cd "$here" || exit 2
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)

export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export CUDA_DEVICE_ORDER=PCI_BUS_ID PYTHONUNBUFFERED=1

GPUS=${GPUS:-0,1}
ga=${GPUS%%,*}
gb=${GPUS#*,}
case "$ga$gb" in
    *[!0-9]*|"") echo "GPUS must be two CUDA indices, e.g. 0,1 (got '$GPUS')" >&2; exit 2 ;;
esac

# every line printed from here on also goes to OUTDIR/run.log
exec > >(tee -a "$out/run.log") 2>&1

# ---------------------------------------------------------------------------------------------------------------
# what this machine has
# ---------------------------------------------------------------------------------------------------------------
ngpu=0
if command -v nvidia-smi >/dev/null 2>&1; then
    ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
fi
pair=no
if [ "$ngpu" -ge 2 ] && [ "$ga" -lt "$ngpu" ] && [ "$gb" -lt "$ngpu" ] && [ "$ga" != "$gb" ]; then pair=yes; fi

# the pack: Java runtime, jar, lspci
if [ -z "${GJ:-}" ] && [ -f .gpujava/x2.tar.xz ]; then
    GJ=/tmp/x2gj
    if [ "$dry" = no ] && [ ! -x "$GJ/rt/bin/java" ]; then
        mkdir -p "$GJ" && xz -dc .gpujava/x2.tar.xz | tar -C "$GJ" -xf - || echo "could not unpack .gpujava/x2.tar.xz"
    fi
fi
GJ=${GJ:-}
if [ "$dry" = no ] && ! command -v lspci >/dev/null 2>&1 && [ -n "$GJ" ] && [ -d "$GJ/debs" ]; then
    if command -v dpkg-deb >/dev/null 2>&1; then
        mkdir -p "$GJ/pci" "$GJ/bin"
        for d in "$GJ"/debs/*.deb; do dpkg-deb -x "$d" "$GJ/pci" || echo "could not unpack $d"; done
        lib="$GJ/pci/lib/x86_64-linux-gnu:$GJ/pci/usr/lib/x86_64-linux-gnu"
        ids=$(ls "$GJ"/pci/usr/share/misc/pci.ids "$GJ"/pci/usr/share/hwdata/pci.ids 2>/dev/null | head -1)
        # lspci takes --version only as its first argument, so the name database is named after it
        printf '#!/bin/sh\n# lspci from the Debian packages in the pack, unpacked here, not installed\nexport LD_LIBRARY_PATH=%s\n[ "$1" = --version ] && exec %s --version\nexec %s %s "$@"\n' \
            "$lib" "$GJ/pci/usr/bin/lspci" "$GJ/pci/usr/bin/lspci" "${ids:+-i $ids}" >"$GJ/bin/lspci"
        chmod +x "$GJ/bin/lspci"
        if "$GJ/bin/lspci" --version; then
            PATH="$GJ/bin:$PATH"
        else
            echo "the pack's lspci does not run here: the bundle will hold sysfs and nvidia-smi only"
        fi
    else
        echo "lspci is missing and dpkg-deb is not here to unpack the pack's pciutils: the bundle will hold sysfs" \
            "and nvidia-smi only"
    fi
fi
if [ -z "${LANESCOPE:-}" ]; then
    if [ -n "$GJ" ] && { [ -x "$GJ/rt/bin/java" ] || [ "$dry" = yes ]; }; then
        LANESCOPE="$GJ/rt/bin/java -Djava.awt.headless=true -jar $GJ/app/lanescope.jar"
    elif command -v java >/dev/null 2>&1 && [ -f target/lanescope.jar ]; then
        LANESCOPE="java -Djava.awt.headless=true -jar $here/target/lanescope.jar"
    else
        LANESCOPE=""
    fi
fi

nccl_tests=""
for d in "${NCCL_TESTS:-}" "${NCCL_TESTS:-}/build" /opt/nccl-tests/build /usr/local/nccl-tests/build; do
    if [ -n "$d" ] && [ -x "$d/all_reduce_perf" ]; then nccl_tests=$d; break; fi
done
if [ -z "$nccl_tests" ] && command -v all_reduce_perf >/dev/null 2>&1; then
    nccl_tests=$(dirname "$(command -v all_reduce_perf)")
fi

# ---------------------------------------------------------------------------------------------------------------
# the step runner
# ---------------------------------------------------------------------------------------------------------------
printf 'step\toutcome\tseconds\tcommand\n' >"$out/steps.tsv"
failed=0
skipped_pair=0

row() {
    printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$(printf '%s' "$4" | tr '\n\t' '  ')" >>"$out/steps.tsv"
}

# step ID NEED WHAT COMMAND [ONE_GPU_COMMAND]
#   NEED: any (runs anywhere), gpu (needs one GPU), pair (needs the two GPUs of $GPUS; with fewer, ONE_GPU_COMMAND
#   runs instead where given, and its exit status is recorded, not judged)
step() {
    local id=$1 need=$2 what=$3 cmd=$4 alt=${5:-} t0 rc
    echo
    echo "== $id: $what"
    if [ "$need" = pair ] && [ "$pair" = no ]; then
        echo "   needs two GPUs ($GPUS); this machine has $ngpu: the two-GPU command is not run:"
        echo "   \$ $cmd"
        skipped_pair=1
        if [ -z "$alt" ] || [ "$ngpu" -lt 1 ]; then
            row "$id" "not run: needs two GPUs (this machine has $ngpu)" 0 "$cmd"
            return 0
        fi
        echo "   its one-GPU path instead:"
        cmd=$alt
    fi
    echo "   \$ $cmd"
    if [ "$dry" = yes ]; then
        row "$id" "dry run" 0 "$cmd"
        return 0
    fi
    if [ "$need" = gpu ] && [ "$ngpu" -lt 1 ]; then
        echo "   needs a GPU; nvidia-smi sees none here: not run"
        row "$id" "not run: no GPU" 0 "$cmd"
        return 0
    fi
    t0=$(date +%s)
    (eval "$cmd")
    rc=$?
    local secs=$(( $(date +%s) - t0 ))
    if [ "$cmd" = "$alt" ] && [ "$need" = pair ]; then
        echo "   one-GPU path: exit $rc (${secs} s)"
        row "$id" "one-GPU path only: exit $rc" "$secs" "$cmd"
    elif [ $rc -eq 0 ]; then
        echo "   ok (${secs} s)"
        row "$id" ok "$secs" "$cmd"
    else
        echo "   FAILED: exit $rc (${secs} s); going on with the next step"
        row "$id" "failed: exit $rc" "$secs" "$cmd"
        failed=1
    fi
    return 0
}

# link_state FILE: the boot id and every link fact nvidia-smi and sysfs give, at this moment
link_state() {
    {
        echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "boot_id: $(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unreadable)"
        echo "kernel: $(uname -r)"
        if ! command -v nvidia-smi >/dev/null 2>&1; then
            echo "nvidia-smi: not installed"
        else
            echo "--- nvidia-smi --query-gpu (PCIe gen and width, current and max)"
            timeout 60 nvidia-smi --query-gpu=index,pci.bus_id,name,pcie.link.gen.current,pcie.link.gen.max,pcie.link.gen.gpumax,pcie.link.gen.hostmax,pcie.link.width.current,pcie.link.width.max --format=csv 2>&1
            echo "--- nvidia-smi nvlink --status"
            nvl=$(timeout 60 nvidia-smi nvlink --status 2>&1)
            echo "${nvl:-(nvidia-smi printed nothing: no NVLink link reported)} (exit $?)"
            echo "--- nvidia-smi topo -m"
            timeout 60 nvidia-smi topo -m 2>&1
            echo "--- nvidia-smi topo -p2p r"
            timeout 60 nvidia-smi topo -p2p r 2>&1
            echo "--- sysfs"
            for b in $(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader 2>/dev/null); do
                b=$(printf '%s' "$b" | tr 'A-F' 'a-f' | sed 's/^0000\(....:\)/\1/')
                for f in current_link_speed current_link_width max_link_speed max_link_width numa_node; do
                    printf '%s/%s: %s\n' "$b" "$f" "$(cat "/sys/bus/pci/devices/$b/$f" 2>/dev/null || echo unreadable)"
                done
            done
        fi
    } >"$1"
}

echo "h200x2-ladder.sh $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n): $ngpu GPU(s), pair $GPUS $( [ "$pair" = yes ] && echo present || echo 'NOT present: two-GPU steps are not run')$( [ "$dry" = yes ] && echo '; dry run: nothing is run')"
echo "OUTDIR $out"
echo "lanescope: ${LANESCOPE:-not found (set LANESCOPE, or GJ to an unpacked pack)}"
echo "nccl-tests: ${nccl_tests:-not on this machine}"

# ---------------------------------------------------------------------------------------------------------------
# the steps
# ---------------------------------------------------------------------------------------------------------------
step env any "versions and what this machine has" "{
  date -u; uname -a; echo boot_id \$(cat /proc/sys/kernel/random/boot_id)
  nvidia-smi -L; nvidia-smi --query-gpu=index,pci.bus_id,name,driver_version,memory.total --format=csv
  nvcc --version | tail -2
  python3 -c 'import torch; print(\"torch\", torch.__version__, \"cuda\", torch.version.cuda, \"nccl\", torch.cuda.nccl.version(), \"devices\", torch.cuda.device_count())'
  ${LANESCOPE:-echo no lanescope} --version
  command -v lspci && lspci --version
  echo nccl-tests: ${nccl_tests:-none}
  env | grep -E '^(NCCL|TORCH_SYMM|NVSHMEM|CUDA_)' | sort
} >'$out/env.txt' 2>&1"

step link-before any "link state and boot id before" "link_state '$out/link-before.txt'; cat '$out/link-before.txt'"

step build any "build the peer probe for Hopper" "make -C native-probes p2p CUDA_ARCHS=-arch=sm_90 >'$out/build.log' 2>&1; rc=\$?; tail -3 '$out/build.log'; exit \$rc"

sample="nvidia-smi --query-gpu=timestamp,index,pcie.link.gen.current,pcie.link.width.current,pcie.link.gen.max,pcie.link.width.max --format=csv -lms 500"
step p2p_bw pair "peer copies: push, pull, both at once; copy engine and copy kernel (link sampled meanwhile)" \
    "$sample >'$out/link-during-p2p.csv' 2>&1 & s=\$!; timeout 600 native-probes/build/p2p_bw --gpu $ga --gpu $gb >'$out/p2p.jsonl'; rc=\$?; kill \$s; wait \$s 2>/dev/null; tail -1 '$out/p2p.jsonl'; exit \$rc" \
    "$sample >'$out/link-during-p2p.csv' 2>&1 & s=\$!; timeout 120 native-probes/build/p2p_bw --gpu 0 >'$out/p2p-1gpu.jsonl'; rc=\$?; sleep 1; kill \$s; wait \$s 2>/dev/null; cat '$out/p2p-1gpu.jsonl'; exit \$rc"

step collective pair "two-process collective probe (broadcast, all_reduce, barrier; send/recv in a fresh group)" \
    "rm -f '$out/collective.jsonl'; timeout 400 python3 native-probes/collective_probe.py --devices $ga,$gb --out '$out/collective.jsonl' >/dev/null; rc=\$?; cat '$out/collective.jsonl'; exit \$rc" \
    "rm -f '$out/collective-1gpu.jsonl'; timeout 120 python3 native-probes/collective_probe.py --devices 0,1 --out '$out/collective-1gpu.jsonl' >/dev/null; rc=\$?; cat '$out/collective-1gpu.jsonl'; exit \$rc"

# the torch.distributed program whose NCCL_DEBUG=INFO log is the framework rung's evidence; written into OUTDIR so the
# receipt holds the program that made the log
cat >"$out/nccl_ops.py" <<'PY'
"""torch.distributed, one process per GPU: all_reduce (checked, then timed at several sizes) and send/recv both ways
(checked, then timed), each fact one line starting 'torch.distributed ' so the log names the framework. Start N
processes with RANK, LOCAL_RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT set (as h200x2-ladder.sh does), or use
torchrun. NCCL_OPS_BACKEND=gloo runs the same program on the CPU (the mechanics only: no GPU, no NCCL)."""
import datetime
import json
import os
import sys
import time

import torch
import torch.distributed as dist

rank = int(os.environ["RANK"])
world = int(os.environ["WORLD_SIZE"])
local = int(os.environ.get("LOCAL_RANK", rank))
backend = os.environ.get("NCCL_OPS_BACKEND", "nccl")
gpu = backend == "nccl"
ok = True


def say(**fields):
    sys.stdout.write("torch.distributed " + json.dumps(dict(rank=rank, world=world, backend=backend, **fields)) + "\n")
    sys.stdout.flush()


def sync():
    if gpu:
        torch.cuda.synchronize()


def timed(fn, iters):
    """Milliseconds per call: two untimed calls, a barrier, then iters calls (between two CUDA events on a GPU)."""
    for _ in range(2):
        fn()
    sync()
    dist.barrier(device_ids=[local]) if gpu else dist.barrier()
    if not gpu:
        t0 = time.perf_counter()
        for _ in range(iters):
            fn()
        return (time.perf_counter() - t0) * 1e3 / iters
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / iters


if gpu:
    torch.cuda.set_device(local)
    dev = torch.device("cuda", local)
    p = torch.cuda.get_device_properties(local)
    try:
        bus = "%04x:%02x:%02x.0" % (p.pci_domain_id, p.pci_bus_id, p.pci_device_id)
    except AttributeError:
        bus = None
    v = torch.cuda.nccl.version()
    say(event="start", torch=torch.__version__, nccl=".".join(map(str, v)) if isinstance(v, tuple) else str(v),
        device=local, name=p.name, pciBusId=bus, NCCL_NVLS_ENABLE=os.environ.get("NCCL_NVLS_ENABLE"))
else:
    dev = torch.device("cpu")
    say(event="start", torch=torch.__version__, device="cpu")
timeout = datetime.timedelta(seconds=60)
try:
    # device_id binds the group to this GPU and forms NCCL's communicator now (torch 2.3 and later)
    dist.init_process_group(backend, timeout=timeout, device_id=dev if gpu else None)
except TypeError:
    dist.init_process_group(backend, timeout=timeout)

n = 1 << 22
t = torch.full((n,), float(rank + 1), device=dev)
dist.all_reduce(t)
sync()
want = world * (world + 1) / 2
got = [float(t[0].item()), float(t[-1].item())]
ok &= got == [want, want]
say(event="check", op="all_reduce", ok=got == [want, want], got=got, want=want)

if world < 2:
    say(event="skip", op="all_reduce timing", reason="one rank moves no data: a rate would mean nothing")
for nbytes in ((8 << 20, 64 << 20, 256 << 20, 1 << 30) if gpu else (8 << 20,)) if world > 1 else ():
    x = torch.zeros(nbytes // 4, device=dev)
    iters = 20 if gpu else 3
    ms = timed(lambda: dist.all_reduce(x), iters)
    alg = nbytes / ms / 1e6
    say(event="timing", op="all_reduce", bytes=nbytes, iterations=iters, msPerOp=round(ms, 4),
        algbwGBps=round(alg, 2), busbwGBps=round(alg * 2 * (world - 1) / world, 2))

if world != 2:
    say(event="skip", op="send_recv", reason="needs two ranks: world size %d" % world)
else:
    for src in (0, 1):
        dst = 1 - src
        x = torch.full((n,), 5.0 + src, device=dev) if rank == src else torch.zeros((n,), device=dev)
        if rank == src:
            dist.send(x, dst=dst)
        else:
            dist.recv(x, src=src)
        sync()
        if rank == dst:
            got = [float(x[0].item()), float(x[-1].item())]
            ok &= got == [5.0 + src, 5.0 + src]
            say(event="check", op="send_recv_%d_to_%d" % (src, dst), ok=got == [5.0 + src] * 2, got=got)
        nbytes = (256 << 20) if gpu else (8 << 20)
        y = torch.ones(nbytes // 4, device=dev)
        iters = 10 if gpu else 3
        ms = timed(lambda: dist.send(y, dst=dst) if rank == src else dist.recv(y, src=src), iters)
        say(event="timing", op="send_recv_%d_to_%d" % (src, dst), side="send" if rank == src else "recv",
            bytes=nbytes, iterations=iters, msPerOp=round(ms, 4), GBps=round(nbytes / ms / 1e6, 2))

dist.destroy_process_group()
say(event="end", ok=ok)
sys.exit(0 if ok else 1)
PY

# launch N BACKEND LOG: N ranks of nccl_ops.py, one process each (rank r on visible GPU r); each rank prints into a
# file of its own (two processes appending to one file can cut each other's lines), and LOG is rank 0's lines, then
# rank 1's, and so on
launch() {
    local n=$1 be=$2 log=$3 port r pids="" rc=0
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    for r in $(seq 0 $((n - 1))); do
        RANK=$r LOCAL_RANK=$r WORLD_SIZE=$n MASTER_ADDR=127.0.0.1 MASTER_PORT=$port NCCL_OPS_BACKEND=$be \
            timeout 300 python3 "$out/nccl_ops.py" >"$log.rank$r" 2>&1 &
        pids="$pids $!"
    done
    for r in $pids; do wait "$r" || rc=$?; done
    : >"$log"
    for r in $(seq 0 $((n - 1))); do cat "$log.rank$r" >>"$log" && rm -f "$log.rank$r"; done
    return $rc
}

nccl_env="NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,ENV,P2P,SHM,NET,GRAPH"
step nccl-torch pair "NCCL's own log (NCCL_DEBUG=INFO) of a torch.distributed all_reduce and send/recv" \
    "CUDA_VISIBLE_DEVICES=$ga,$gb $nccl_env launch 2 nccl '$out/nccl-torch.log'; rc=\$?; grep -E 'torch.distributed \\{|via |isAllDirectP2p|NCCL version' '$out/nccl-torch.log' | head -40; exit \$rc" \
    "CUDA_VISIBLE_DEVICES=0 $nccl_env launch 1 nccl '$out/nccl-torch-1gpu.log'; rc=\$?; grep -E 'torch.distributed \\{|via |isAllDirectP2p|NCCL version' '$out/nccl-torch-1gpu.log' | head -40; launch 2 gloo '$out/torch-gloo-2rank.log' || rc=\$?; grep 'torch.distributed {' '$out/torch-gloo-2rank.log'; exit \$rc"

if [ -n "$nccl_tests" ]; then
    step nccl-tests pair "nccl-tests all_reduce_perf and sendrecv_perf on the two GPUs ($nccl_tests)" \
        "CUDA_VISIBLE_DEVICES=$ga,$gb $nccl_env timeout 300 '$nccl_tests/all_reduce_perf' -b 8 -e 1G -f 2 -g 2 >'$out/allreduce.txt' 2>&1; rc=\$?; grep -E 'Avg bus bandwidth|via ' '$out/allreduce.txt' | head; if [ -x '$nccl_tests/sendrecv_perf' ]; then CUDA_VISIBLE_DEVICES=$ga,$gb $nccl_env timeout 300 '$nccl_tests/sendrecv_perf' -b 8 -e 1G -f 2 -g 2 >'$out/sendrecv.txt' 2>&1 || rc=\$?; grep 'Avg bus bandwidth' '$out/sendrecv.txt'; fi; exit \$rc"
else
    echo
    echo "== nccl-tests: all_reduce_perf is not on this machine (PATH, \$NCCL_TESTS, /opt/nccl-tests/build): not run;"
    echo "   no all_reduce_perf table, so scaling has none to read"
    row nccl-tests "not run: all_reduce_perf not on this machine" 0 "all_reduce_perf -b 8 -e 1G -f 2 -g 2"
fi

step collect any "the PCIe capture: native-probes/collect.sh" "timeout 300 sh native-probes/collect.sh -o '$out/bundle.tar.gz'; rc=\$?; tar -tzf '$out/bundle.tar.gz' | sed 's|^[^/]*/||' | tr '\n' ' '; echo; exit \$rc"

step link-after any "link state and boot id after" "link_state '$out/link-after.txt'; diff '$out/link-before.txt' '$out/link-after.txt' | grep -v -E '^[<>] date:|^---\$|^[0-9,]+c[0-9,]+\$' ; true"

evidence=""
for f in p2p.jsonl collective.jsonl nccl-torch.log allreduce.txt sendrecv.txt \
         p2p-1gpu.jsonl collective-1gpu.jsonl nccl-torch-1gpu.log; do
    if [ "$dry" = yes ]; then
        case $f in *-1gpu*) [ "$pair" = no ] || continue ;; *) [ "$pair" = yes ] || continue ;; esac
        case $f in allreduce.txt|sendrecv.txt) [ -n "$nccl_tests" ] || continue ;; esac
        evidence="$evidence '$out/$f'"
    elif [ -s "$out/$f" ]; then
        evidence="$evidence '$out/$f'"
    fi
done
if [ -n "$LANESCOPE" ]; then
    step ladder any "lanescope ladder on the bundle and every evidence file" \
        "timeout 180 $LANESCOPE ladder '$out/bundle.tar.gz'${evidence:+ --evidence$evidence} >'$out/ladder.txt' 2>'$out/ladder.err'; rc=\$?; cat '$out/ladder.txt' '$out/ladder.err'; timeout 180 $LANESCOPE ladder '$out/bundle.tar.gz'${evidence:+ --evidence$evidence} --json >'$out/ladder.json' 2>/dev/null || rc=\$?; exit \$rc"
    if [ -s "$out/allreduce.txt" ] || { [ "$dry" = yes ] && [ -n "$nccl_tests" ]; }; then
        step scaling pair "lanescope scaling with the measured all_reduce table" \
            "timeout 180 $LANESCOPE scaling '$out/bundle.tar.gz' --allreduce-table '$out/allreduce.txt' >'$out/scaling.txt' 2>&1; rc=\$?; cat '$out/scaling.txt'; exit \$rc"
    else
        echo
        echo "== scaling: no all_reduce_perf table from this run: not run"
        row scaling "not run: no all_reduce_perf table" 0 "lanescope scaling BUNDLE --allreduce-table allreduce.txt"
    fi
else
    echo
    echo "== ladder, scaling: no lanescope here (set LANESCOPE, or GJ to an unpacked pack): not run"
    row ladder "not run: no lanescope" 0 "lanescope ladder BUNDLE --evidence ..."
    row scaling "not run: no lanescope" 0 "lanescope scaling BUNDLE --allreduce-table ..."
    failed=1
fi

# ---------------------------------------------------------------------------------------------------------------
# summary: the figures beside the link state and boot id
# ---------------------------------------------------------------------------------------------------------------
summarize() {
    python3 - "$out" <<'PY'
import json, os, re, sys

out = sys.argv[1]


def read(name):
    try:
        with open(os.path.join(out, name), encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def jsonl(name):
    text = read(name)
    rows = []
    for line in (text or "").splitlines():
        try:
            rows.append(json.loads(line))
        except ValueError:
            pass
    return rows


def section(text, title):
    m = re.search(r"^--- " + re.escape(title) + r".*?\n(.*?)(?=^--- |\Z)", text or "", re.S | re.M)
    return m.group(1).rstrip() if m else "(not recorded)"


lines = []
say = lines.append
before, after = read("link-before.txt"), read("link-after.txt")
bid = lambda t: (re.search(r"^boot_id: (.*)$", t or "", re.M) or [None, "not recorded"])[1]
when = lambda t: (re.search(r"^date: (.*)$", t or "", re.M) or [None, "not recorded"])[1]
say("h200x2-ladder.sh summary")
say("")
say("Boot id before: %s (%s)" % (bid(before), when(before)))
say("Boot id after:  %s (%s)" % (bid(after), when(after)))
say("Same boot: %s" % ("yes" if before and after and bid(before) == bid(after) else "NO or not recorded"))
for title, text in (("before", before), ("after", after)):
    say("")
    say("Link state %s: nvidia-smi PCIe (gen and width, current and max)" % title)
    say(section(text, "nvidia-smi --query-gpu"))
    say("NVLink (nvidia-smi nvlink --status):")
    say(section(text, "nvidia-smi nvlink --status"))
    say("Peer path (nvidia-smi topo -m):")
    say(section(text, "nvidia-smi topo -m"))
pcie = lambda t: section(t, "nvidia-smi --query-gpu") + section(t, "nvidia-smi nvlink --status") + section(t, "sysfs")
say("")
if "(not recorded)" in pcie(before) or "(not recorded)" in pcie(after):
    say("Link state unchanged from before to after: not recorded (no nvidia-smi)")
else:
    say("Link state unchanged from before to after: %s" % ("yes" if pcie(before) == pcie(after) else "NO (see link-before.txt and link-after.txt)"))
during = read("link-during-p2p.csv")
if during:
    rows = [r.split(",") for r in during.splitlines()[1:] if r.count(",") >= 5]
    gens = sorted({r[2].strip() for r in rows})
    widths = sorted({r[3].strip() for r in rows})
    say("PCIe sampled every 500 ms during p2p_bw: %d samples, gen %s, width %s" % (len(rows), "/".join(gens), "/".join(widths)))

def runs(names, what):
    """The JSON lines of each of these files that exists, after a heading naming it."""
    for name in names:
        rows = jsonl(name)
        if rows:
            say("")
            say("%s (%s):" % (name, what))
            yield rows


for rows in runs(("p2p.jsonl", "p2p-1gpu.jsonl"), "p2p_bw, GB/s, median of the timed blocks; bidi is both directions"
                 " together"):
    for r in rows:
        if r.get("kind") == "peer_access":
            say("  canAccessPeer %s -> %s: %s (performanceRank %s, nativeAtomics %s)" % (
                r.get("from"), r.get("to"), r.get("canAccessPeer"), r.get("performanceRank"), r.get("nativeAtomics")))
    sizes = sorted({r["bytes"] for r in rows if r.get("kind") == "result"})
    for r in rows:
        if r.get("kind") == "result" and sizes and r["bytes"] == sizes[-1]:
            say("  %-17s %s -> %s  %8.2f GB/s at %d B (fastest block %.2f)" % (
                r["mode"], r["from"], r["to"], r["gbPerS"], r["bytes"], r.get("gbPerSMax", float("nan"))))
        if r.get("kind") in ("verify", "skip"):
            say("  %s: %s" % (r["kind"], json.dumps(r)))
        if r.get("kind") == "end":
            say("  end: %s" % json.dumps(r))

for rows in runs(("collective.jsonl", "collective-1gpu.jsonl"), "collective_probe.py"):
    for r in rows:
        if r.get("kind") == "start":
            say("  torch %s, NCCL %s, devices %s" % (r.get("torch"), r.get("ncclVersion"),
                                                    [d.get("pciBusId") for d in r.get("devices", [])]))
        if r.get("kind") == "op":
            say("  %-11s %-17s rank %2s  %-7s %.3f s%s" % (r["phase"], r["op"], r["rank"], r["status"],
                                                          r.get("seconds", 0), "  " + r["error"] if r.get("error") else ""))
        if r.get("kind") == "end":
            say("  end: %s" % json.dumps(r))

for name in ("nccl-torch.log", "nccl-torch-1gpu.log", "torch-gloo-2rank.log"):
    text = read(name)
    if text is None:
        continue
    say("")
    say("%s (nccl_ops.py: torch.distributed, %s):" % (name, "gloo on the CPU" if "gloo" in name else "NCCL with NCCL_DEBUG=INFO"))
    v = re.search(r"NCCL version (\S+)", text)
    say("  NCCL version: %s" % (v.group(1) if v else "not in the log"))
    for line in text.splitlines():
        if line.startswith("torch.distributed {"):
            say("  " + line[len("torch.distributed "):])
    via = {}
    for m in re.finditer(r"NCCL INFO (?:Channel|Ring) \d+(?:/\d+)? : \d+\[\w+\] -> \d+\[\w+\]\s*(?:\[\w+\]\s*)?via (\S+)", text):
        via[m.group(1)] = via.get(m.group(1), 0) + 1
    say("  channel transports: %s" % (", ".join("%s x%d" % kv for kv in sorted(via.items())) or "none in the log"))
    for line in text.splitlines():
        if "isAllDirectP2p" in line or "NVLS" in line and "NCCL INFO" in line:
            say("  " + line.strip()[:200])

for name in ("allreduce.txt", "sendrecv.txt"):
    text = read(name)
    if text:
        m = re.search(r"#\s*Avg bus bandwidth\s*:\s*(\S+)", text)
        say("")
        say("%s (nccl-tests): average bus bandwidth %s GB/s" % (name, m.group(1) if m else "not found"))

ladder = read("ladder.txt")
if ladder is not None:
    say("")
    say("lanescope ladder (ladder.txt):")
    for line in ladder.splitlines():
        if re.match(r"^(\d+\. |P2P ladder|No pair|Direct P2P)", line):
            say("  " + line)

steps = read("steps.tsv") or ""
say("")
say("Steps (steps.tsv):")
for line in steps.splitlines()[1:]:
    parts = line.split("\t")
    say("  %-12s %s (%s s)" % (parts[0], parts[1], parts[2]))
with open(os.path.join(out, "SUMMARY.txt"), "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
}

echo
echo "== summary: SUMMARY.txt"
if [ "$dry" = yes ]; then
    echo "   (dry run: not written)"
elif command -v python3 >/dev/null 2>&1; then
    summarize || { echo "   the summary failed; steps.tsv and the files above are the record"; failed=1; }
else
    echo "   python3 is not here: no SUMMARY.txt; steps.tsv and link-before/after.txt are the record"
fi

echo
if [ "$dry" = yes ]; then
    echo "h200x2-ladder.sh: dry run: nothing was run (steps.tsv lists each command): exit 0"
    exit 0
fi
if [ "$failed" -ne 0 ]; then
    echo "h200x2-ladder.sh: a step failed (steps.tsv): exit 1"
    exit 1
fi
if [ "$skipped_pair" -ne 0 ]; then
    echo "h200x2-ladder.sh: every step that could run here ran; the two-GPU steps were not run (this machine has $ngpu GPU(s)): exit 3"
    exit 3
fi
echo "h200x2-ladder.sh: every step ran: exit 0"
exit 0
