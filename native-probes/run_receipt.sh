#!/bin/sh
# run_receipt.sh: run lanescope's pcie_bw probe on ONE NVIDIA GPU and write ONE receipt
# JSON file holding every result beside the link state it was measured on (seed 001:
# a number without its link state is not a claim). In one go it
#   1. reads sysfs current/max link speed and width of the GPU, of every bridge above it
#      and of its root port (the top-most bridge below the host bridge)   BEFORE,
#   2. runs the probe while nvidia-smi samples pcie.link.gen/width.current every ~0.5 s,
#   3. reads the same link files                                          AFTER,
#   4. records boot id, hostname, dates, kernel, driver and CUDA versions, the GPU's
#      numa_node and the CPU/NUMA placement the probe (and its pinned buffers) ran on,
#   5. writes the receipt (python3 assembles it when present; plain sh otherwise).
# The keys are documented in README.md ("Receipt format").
#
# usage: run_receipt.sh [--gpu N] [--out FILE] [--probe PATH] [--logdir DIR]
#                       [--bdf 0000:19:00.0] [--bind-gpu-numa] [--force] [-- PROBE_ARGS...]
#   --gpu N          CUDA/nvidia-smi index (CUDA_DEVICE_ORDER=PCI_BUS_ID is set, so they agree)
#   --out FILE       receipt path (default ./receipt-<host>-<UTC time>.json)
#   --probe PATH     probe binary (default: build/pcie_bw beside this script)
#   --logdir DIR     keep raw logs here (default: a temporary folder, removed afterwards)
#   --bdf BDF        the GPU's PCI address, if nvidia-smi cannot say
#   --bind-gpu-numa  run the probe under numactl bound to the GPU's NUMA node (if known)
#   --force          run even if processes already use the GPU (default: refuse)
#   -- ARGS          passed to the probe, e.g. -- --quick  or  -- --sizes 3M,1G
# Exit: 0 ok; the probe's exit code if it failed (receipt still written); 2 usage;
#       4 GPU busy (without --force); 6 receipt could not be written.
# POSIX sh; needs nvidia-smi for the under-load samples, python3 optional.

RECEIPT_VERSION=1.0.0
SCHEMA=lanescope-receipt/1

here=$(cd "$(dirname "$0")" && pwd)
gpu=0
out=
probe="$here/build/pcie_bw"
logdir=
bdf=
bind=0
force=0

die() { echo "run_receipt: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --gpu) [ $# -ge 2 ] || die "--gpu needs an index"; gpu=$2; shift 2 ;;
        --out) [ $# -ge 2 ] || die "--out needs a path"; out=$2; shift 2 ;;
        --probe) [ $# -ge 2 ] || die "--probe needs a path"; probe=$2; shift 2 ;;
        --logdir) [ $# -ge 2 ] || die "--logdir needs a folder"; logdir=$2; shift 2 ;;
        --bdf) [ $# -ge 2 ] || die "--bdf needs an address"; bdf=$2; shift 2 ;;
        --bind-gpu-numa) bind=1; shift ;;
        --force) force=1; shift ;;
        --) shift; break ;;
        -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
        *) die "unknown argument '$1' (probe arguments go after --)" ;;
    esac
done
case "$gpu" in ''|*[!0-9]*) die "bad --gpu '$gpu'" ;; esac
[ -x "$probe" ] || die "probe not found or not executable: $probe (build it: make -C $here cuda)"

export CUDA_DEVICE_ORDER=PCI_BUS_ID   # CUDA index N == nvidia-smi index N

keep=1
if [ -z "$logdir" ]; then
    logdir=$(mktemp -d "${TMPDIR:-/tmp}/lanescope-receipt.XXXXXX") || die "mktemp failed"
    keep=0
fi
mkdir -p "$logdir" || die "cannot create $logdir"

have() { command -v "$1" >/dev/null 2>&1; }
now_iso() { date -u +%Y-%m-%dT%H:%M:%SZ; }
rd() { [ -r "$1" ] && head -n 1 "$1" 2>/dev/null | tr -d '\n'; }

# ---- identify the GPU ---------------------------------------------------------------------
nvsmi=0
have nvidia-smi && nvsmi=1
if [ -z "$bdf" ] && [ $nvsmi = 1 ]; then
    bdf=$(nvidia-smi -i "$gpu" --query-gpu=pci.bus_id --format=csv,noheader 2>/dev/null | head -n 1)
fi
# nvidia-smi says 00000000:19:00.0; sysfs says 0000:19:00.0
bdf=$(printf '%s' "$bdf" | tr 'A-F' 'a-f' | sed 's/^[0-9a-f]*\([0-9a-f]\{4\}:[0-9a-f]\{2\}:[0-9a-f]\{2\}\.[0-7]\)$/\1/')
printf '%s\n' "$bdf" > "$logdir/bdf"
gpu_name=
driver=
cuda_drv=
if [ $nvsmi = 1 ]; then
    gpu_name=$(nvidia-smi -i "$gpu" --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)
    driver=$(nvidia-smi -i "$gpu" --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1)
    cuda_drv=$(nvidia-smi 2>/dev/null | sed -n 's/.*CUDA Version: *\([0-9.]*\).*/\1/p' | head -n 1)
fi

# ---- safety: never probe beside a serving process (DOMAIN.md §8) ----------------------------
if [ $nvsmi = 1 ]; then
    nvidia-smi -i "$gpu" --query-compute-apps=pid,process_name,used_memory --format=csv,noheader \
        > "$logdir/gpu_processes.csv" 2>/dev/null
    if [ -s "$logdir/gpu_processes.csv" ] && ! grep -qi "no running" "$logdir/gpu_processes.csv"; then
        echo "run_receipt: GPU $gpu ($bdf) is in use by:" >&2
        sed 's/^/    /' "$logdir/gpu_processes.csv" >&2
        if [ $force = 0 ]; then
            echo "run_receipt: refusing to probe beside them (the probe contends for the link it measures, and a serving process may suffer); stop them or pass --force" >&2
            exit 4
        fi
    fi
fi

# ---- the PCI path: every BDF from the host bridge down to the GPU --------------------------
sysdev=
path_bdfs=
if [ -n "$bdf" ] && [ -e "/sys/bus/pci/devices/$bdf" ]; then
    sysdev=$(readlink -f "/sys/bus/pci/devices/$bdf")
    path_bdfs=$(printf '%s\n' "$sysdev" | tr '/' '\n' | grep -E '^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$')
fi
printf '%s\n' "$sysdev" > "$logdir/sysfs_path"
printf '%s\n' "$path_bdfs" > "$logdir/pci_path"

# One line per hop: bdf current_speed|current_width|max_speed|max_width|class|numa_node
link_snapshot() {
    : > "$logdir/link_$1.txt"
    for b in $path_bdfs; do
        d=/sys/bus/pci/devices/$b
        printf '%s|%s|%s|%s|%s|%s|%s\n' "$b" "$(rd $d/current_link_speed)" "$(rd $d/current_link_width)" \
            "$(rd $d/max_link_speed)" "$(rd $d/max_link_width)" "$(rd $d/class)" "$(rd $d/numa_node)" \
            >> "$logdir/link_$1.txt"
    done
}

NVQ_FULL=pcie.link.gen.current,pcie.link.gen.max,pcie.link.gen.gpumax,pcie.link.gen.hostmax,pcie.link.width.current,pcie.link.width.max
NVQ_MIN=pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max
nvsmi_snapshot() {
    : > "$logdir/nvsmi_$1.csv"
    [ $nvsmi = 1 ] || return 0
    nvidia-smi -i "$gpu" --query-gpu=$NVQ_FULL --format=csv,nounits > "$logdir/nvsmi_$1.csv" 2>/dev/null ||
        nvidia-smi -i "$gpu" --query-gpu=$NVQ_MIN --format=csv,nounits > "$logdir/nvsmi_$1.csv" 2>/dev/null ||
        : > "$logdir/nvsmi_$1.csv"
}

# ---- host facts ----------------------------------------------------------------------------
rd /proc/sys/kernel/random/boot_id > "$logdir/boot_id_before"
hostname 2>/dev/null > "$logdir/hostname" || uname -n > "$logdir/hostname"
uname -r > "$logdir/kernel"
now_iso > "$logdir/started_at"
sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | head -n 1 > "$logdir/cpu_model"
gpu_numa=
[ -n "$bdf" ] && gpu_numa=$(rd "/sys/bus/pci/devices/$bdf/numa_node")
printf '%s\n' "$gpu_numa" > "$logdir/gpu_numa"
if have numactl; then numactl --show > "$logdir/numactl_show" 2>&1; else : > "$logdir/numactl_show"; fi
grep -E '^(Cpus_allowed_list|Mems_allowed_list):' /proc/self/status > "$logdir/self_status" 2>/dev/null
# The kernel's own verdict on the path, if this user may read the log (seed 000 §1).
{ journalctl -k -b --no-pager 2>/dev/null || dmesg 2>/dev/null; } | grep "available PCIe bandwidth" \
    > "$logdir/kernel_bw_lines" 2>/dev/null

# ---- BEFORE, DURING, AFTER -------------------------------------------------------------------
link_snapshot before
nvsmi_snapshot before

sampler=
if [ $nvsmi = 1 ]; then
    nvidia-smi -i "$gpu" --query-gpu=timestamp,pcie.link.gen.current,pcie.link.width.current \
        --format=csv,noheader,nounits -lms 500 > "$logdir/nvsmi_samples.csv" 2>/dev/null &
    sampler=$!
    sleep 1   # one idle sample or two before the load
else
    : > "$logdir/nvsmi_samples.csv"
fi

bound=
runner=
if [ $bind = 1 ] && have numactl && [ -n "$gpu_numa" ] && [ "$gpu_numa" -ge 0 ] 2>/dev/null; then
    runner="numactl --cpunodebind=$gpu_numa --membind=$gpu_numa"
    bound=$gpu_numa
fi
printf '%s\n' "$bound" > "$logdir/bound_to"
printf '%s\n' "$probe" > "$logdir/probe_path"
: > "$logdir/probe_args"
for a in --gpu "$gpu" "$@"; do printf '%s\n' "$a" >> "$logdir/probe_args"; done

echo "run_receipt: probing GPU $gpu ($bdf ${gpu_name}) with $probe $*" >&2
$runner "$probe" --gpu "$gpu" "$@" > "$logdir/probe.jsonl" 2> "$logdir/probe.stderr"
rc=$?
echo "$rc" > "$logdir/probe_rc"

if [ -n "$sampler" ]; then
    sleep 1   # a sample or two after the load
    kill "$sampler" 2>/dev/null
    wait "$sampler" 2>/dev/null
fi

link_snapshot after
nvsmi_snapshot after
rd /proc/sys/kernel/random/boot_id > "$logdir/boot_id_after"
now_iso > "$logdir/finished_at"

[ -n "$out" ] || out="./receipt-$(cat "$logdir/hostname")-$(date -u +%Y%m%dT%H%M%SZ).json"
printf '%s\n' "$gpu" > "$logdir/gpu_index"
printf '%s\n' "$gpu_name" > "$logdir/gpu_name"
printf '%s\n' "$driver" > "$logdir/driver"
printf '%s\n' "$cuda_drv" > "$logdir/cuda_driver"

# ---- assemble --------------------------------------------------------------------------------
assemble_python() {
python3 - "$logdir" "$out" "$SCHEMA" "$RECEIPT_VERSION" <<'PYEOF'
import json, sys, os
d, out, schema, version = sys.argv[1:5]
def txt(name, default=None):
    try:
        with open(os.path.join(d, name)) as f:
            s = f.read().strip()
        return s if s != "" else default
    except OSError:
        return default
def lines(name):
    s = txt(name, "")
    return [l for l in s.splitlines() if l.strip()]
def num(s):
    try:
        return int(s)
    except (TypeError, ValueError):
        try:
            return float(s)
        except (TypeError, ValueError):
            return None
def hops(phase):
    res = []
    for l in lines("link_%s.txt" % phase):
        b, cs, cw, ms, mw, cls, numa = (l.split("|") + [""] * 7)[:7]
        res.append({"pciBusId": b, "currentLinkSpeed": cs or None, "currentLinkWidth": num(cw),
                    "maxLinkSpeed": ms or None, "maxLinkWidth": num(mw), "class": cls or None,
                    "numaNode": num(numa)})
    return res
def phase(p):
    h = hops(p)
    gpu = h[-1] if h else None
    root = h[0] if len(h) > 1 else None
    return {"gpu": gpu, "rootPort": root, "path": h}
def nvsmi(p):
    ls = lines("nvsmi_%s.csv" % p)
    if len(ls) < 2:
        return None
    keys = [k.strip() for k in ls[0].split(",")]
    vals = [v.strip() for v in ls[1].split(",")]
    return {k: (num(v) if num(v) is not None else v) for k, v in zip(keys, vals)}
samples = []
for l in lines("nvsmi_samples.csv"):
    f = [x.strip() for x in l.split(",")]
    if len(f) >= 3:
        samples.append({"t": f[0], "gen": num(f[1]), "width": num(f[2])})
gens = [s["gen"] for s in samples if isinstance(s["gen"], int)]
wids = [s["width"] for s in samples if isinstance(s["width"], int)]
probe_lines, bad = [], []
for l in lines("probe.jsonl"):
    try:
        probe_lines.append(json.loads(l))
    except ValueError:
        bad.append(l)
start = next((o for o in probe_lines if o.get("kind") == "start"), None)
end = next((o for o in probe_lines if o.get("kind") == "end"), None)
results = [o for o in probe_lines if o.get("kind") == "result"]
other = [o for o in probe_lines if o.get("kind") not in ("start", "end", "result", "progress")]
rc = num(txt("probe_rc"))
before, after = phase("before"), phase("after")
nb, na = nvsmi("before"), nvsmi("after")
def same(a, b, keys):
    if not a or not b:
        return None
    return all(a.get(k) == b.get(k) for k in keys)
lk = ("currentLinkSpeed", "currentLinkWidth")
gen_max = (nb or {}).get("pcie.link.gen.max")
if gen_max is None:
    gen_max = (nb or {}).get("pcie.link.gen.gpumax")
width_max = (nb or {}).get("pcie.link.width.max")
checks = {
    "probeOk": rc == 0 and bool(end and end.get("ok")),
    "sameBoot": txt("boot_id_before") is not None and txt("boot_id_before") == txt("boot_id_after"),
    "linkReadBeforeAndAfter": bool(before["gpu"] and before["gpu"]["currentLinkSpeed"] and
                                   after["gpu"] and after["gpu"]["currentLinkSpeed"]),
    "gpuLinkUnchanged": same(before["gpu"], after["gpu"], lk),
    "rootPortLinkUnchanged": same(before["rootPort"], after["rootPort"], lk),
    "underLoadSamples": len(samples),
    "underLoadReachedMaxGen": (max(gens) >= gen_max) if gens and isinstance(gen_max, int) else None,
    "underLoadFullWidth": (min(wids) >= width_max) if wids and isinstance(width_max, int) else None,
}
checks["claimable"] = bool(checks["probeOk"] and checks["sameBoot"] and
                           (checks["linkReadBeforeAndAfter"] or len(samples) > 0))
cpus = sorted({o.get("cpu") for o in results if isinstance(o.get("cpu"), int)})
nodes = sorted({o.get("hostNumaNode") for o in results if isinstance(o.get("hostNumaNode"), int)})
status = dict(l.split(":", 1) for l in lines("self_status") if ":" in l)
stderr = txt("probe.stderr", "")
receipt = {
    "schema": schema,
    "createdBy": "run_receipt.sh " + version,
    "assembledWith": "python3",
    "startedAt": txt("started_at"),
    "finishedAt": txt("finished_at"),
    "host": {"hostname": txt("hostname"), "bootId": txt("boot_id_before"), "bootIdAfter": txt("boot_id_after"),
             "kernel": txt("kernel"), "cpuModel": txt("cpu_model")},
    "versions": {"nvidiaDriver": txt("driver"), "cudaDriver": txt("cuda_driver"),
                 "cudaRuntime": (start or {}).get("cudaRuntimeVersion"),
                 "cudaDriverApi": (start or {}).get("cudaDriverVersion"),
                 "probe": (start or {}).get("probeVersion")},
    "gpu": {"index": num(txt("gpu_index")), "pciBusId": txt("bdf"), "name": txt("gpu_name"),
            "numaNode": num(txt("gpu_numa")), "sysfsPath": txt("sysfs_path")},
    "rootPort": (before["rootPort"] or {}).get("pciBusId"),
    "pciPath": lines("pci_path"),
    "link": {"before": before, "after": after},
    "nvidiaSmiLink": {"before": nb, "after": na},
    "linkDuringLoad": {"intervalMs": 500, "count": len(samples),
                       "genMin": min(gens) if gens else None, "genMax": max(gens) if gens else None,
                       "widthMin": min(wids) if wids else None, "widthMax": max(wids) if wids else None,
                       "samples": samples},
    "numa": {"gpuNumaNode": num(txt("gpu_numa")), "boundTo": num(txt("bound_to")),
             "numactlShow": txt("numactl_show"),
             "cpusAllowedList": status.get("Cpus_allowed_list", "").strip() or None,
             "memsAllowedList": status.get("Mems_allowed_list", "").strip() or None,
             "probeCpus": cpus, "hostBufferNumaNodes": nodes},
    "kernelLog": lines("kernel_bw_lines"),
    "gpuProcessesBefore": lines("gpu_processes.csv"),
    "probe": {"path": txt("probe_path"), "args": lines("probe_args"), "exitCode": rc,
              "start": start, "end": end, "stderr": stderr[-4000:] if stderr else None,
              "unparsedLines": bad},
    "results": results,
    "otherLines": other,
    "checks": checks,
}
with open(out, "w") as f:
    json.dump(receipt, f, indent=1)
    f.write("\n")
PYEOF
}

# JSON string from stdin-free sh: escapes \ " tab and joins lines with \n.
jstr() {
    printf '%s' "$1" | awk 'BEGIN { ORS = ""; printf "\"" }
        { gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); gsub(/\t/, "\\t"); if (NR > 1) print "\\n"; print }
        END { printf "\"" }'
}
jstr_or_null() { if [ -n "$1" ]; then jstr "$1"; else printf 'null'; fi; }
jnum_or_null() {  # integers only (sysfs numa_node may be -1)
    case "${1#-}" in ''|*[!0-9]*) printf 'null' ;; *) printf '%s' "$1" ;; esac
}
hops_json() {
    printf '['
    sep=
    while IFS='|' read -r b cs cw ms mw cls numa; do
        [ -n "$b" ] || continue
        printf '%s{"pciBusId":%s,"currentLinkSpeed":%s,"currentLinkWidth":%s,"maxLinkSpeed":%s,"maxLinkWidth":%s,"class":%s,"numaNode":%s}' \
            "$sep" "$(jstr "$b")" "$(jstr_or_null "$cs")" "$(jnum_or_null "$cw")" "$(jstr_or_null "$ms")" \
            "$(jnum_or_null "$mw")" "$(jstr_or_null "$cls")" "$(jnum_or_null "$numa")"
        sep=,
    done < "$logdir/link_$1.txt"
    printf ']'
}
hop_or_null() {  # one-hop file -> object or null
    if [ -s "$logdir/link_$1.txt" ]; then hops_json "$1" | sed 's/^\[//; s/\]$//'; else printf 'null'; fi
}
lines_json() {  # file -> JSON array of strings
    printf '['
    sep=
    while IFS= read -r l; do
        [ -n "$l" ] || continue
        printf '%s%s' "$sep" "$(jstr "$l")"
        sep=,
    done < "$1"
    printf ']'
}
assemble_sh() {
    {
        printf '{"schema":%s,"createdBy":%s,"assembledWith":"sh",' "$(jstr "$SCHEMA")" "$(jstr "run_receipt.sh $RECEIPT_VERSION")"
        printf '"startedAt":%s,"finishedAt":%s,' "$(jstr "$(cat "$logdir/started_at")")" "$(jstr "$(cat "$logdir/finished_at")")"
        printf '"host":{"hostname":%s,"bootId":%s,"bootIdAfter":%s,"kernel":%s,"cpuModel":%s},' \
            "$(jstr "$(cat "$logdir/hostname")")" "$(jstr_or_null "$(cat "$logdir/boot_id_before")")" \
            "$(jstr_or_null "$(cat "$logdir/boot_id_after")")" "$(jstr "$(cat "$logdir/kernel")")" \
            "$(jstr_or_null "$(cat "$logdir/cpu_model")")"
        printf '"versions":{"nvidiaDriver":%s,"cudaDriver":%s},' "$(jstr_or_null "$driver")" "$(jstr_or_null "$cuda_drv")"
        printf '"gpu":{"index":%s,"pciBusId":%s,"name":%s,"numaNode":%s,"sysfsPath":%s},' \
            "$gpu" "$(jstr_or_null "$bdf")" "$(jstr_or_null "$gpu_name")" "$(jnum_or_null "$gpu_numa")" "$(jstr_or_null "$sysdev")"
        root=$(head -n 1 "$logdir/pci_path")
        [ "$(grep -c . "$logdir/pci_path")" -gt 1 ] || root=
        printf '"rootPort":%s,"pciPath":%s,' "$(jstr_or_null "$root")" "$(lines_json "$logdir/pci_path")"
        for ph in before after; do
            n=$(grep -c . "$logdir/link_$ph.txt")
            tail -n 1 "$logdir/link_$ph.txt" > "$logdir/link_${ph}_gpu.txt"
            if [ "$n" -gt 1 ]; then head -n 1 "$logdir/link_$ph.txt"; fi > "$logdir/link_${ph}_root.txt"
        done
        printf '"link":{"before":{"gpu":%s,"rootPort":%s,"path":%s},"after":{"gpu":%s,"rootPort":%s,"path":%s}},' \
            "$(hop_or_null before_gpu)" "$(hop_or_null before_root)" "$(hops_json before)" \
            "$(hop_or_null after_gpu)" "$(hop_or_null after_root)" "$(hops_json after)"
        printf '"nvidiaSmiLink":{"before":%s,"after":%s},' "$(lines_json "$logdir/nvsmi_before.csv")" "$(lines_json "$logdir/nvsmi_after.csv")"
        printf '"linkDuringLoad":{"intervalMs":500,"samples":%s},' "$(lines_json "$logdir/nvsmi_samples.csv")"
        printf '"numa":{"gpuNumaNode":%s,"boundTo":%s,"numactlShow":%s,"selfStatus":%s},' \
            "$(jnum_or_null "$gpu_numa")" "$(jnum_or_null "$bound")" "$(jstr_or_null "$(cat "$logdir/numactl_show")")" \
            "$(lines_json "$logdir/self_status")"
        printf '"kernelLog":%s,' "$(lines_json "$logdir/kernel_bw_lines")"
        [ -f "$logdir/gpu_processes.csv" ] || : > "$logdir/gpu_processes.csv"
        printf '"gpuProcessesBefore":%s,' "$(lines_json "$logdir/gpu_processes.csv")"
        printf '"probe":{"path":%s,"args":%s,"exitCode":%s,"stderr":%s},' "$(jstr "$probe")" \
            "$(lines_json "$logdir/probe_args")" "$rc" "$(jstr_or_null "$(tail -c 4000 "$logdir/probe.stderr")")"
        printf '"results":['
        grep '"kind":"result"' "$logdir/probe.jsonl" | awk 'BEGIN { ORS = "" } { if (NR > 1) print ","; print }'
        printf '],"otherLines":['
        grep -v -e '"kind":"result"' -e '"kind":"progress"' "$logdir/probe.jsonl" | grep '^{' |
            awk 'BEGIN { ORS = "" } { if (NR > 1) print ","; print }'
        printf '],"checks":null}\n'
    } > "$out"
}

if have python3 && [ -z "$LANESCOPE_RECEIPT_SH" ]; then
    assemble_python || assemble_sh
else
    assemble_sh
fi
if [ ! -s "$out" ]; then
    echo "run_receipt: could not write $out (raw logs in $logdir)" >&2
    exit 6
fi
echo "run_receipt: wrote $out (probe exit $rc)" >&2
[ $keep = 1 ] || rm -rf "$logdir"
exit "$rc"
