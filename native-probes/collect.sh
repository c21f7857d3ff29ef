#!/bin/sh
# lanescope collector: saves this machine's PCIe state into one .tar.gz that `lanescope analyze` opens.
#
#   sh collect.sh [-o FILE] [--watch N [--interval S]]
#       FILE defaults to ./lanescope-<host>-<UTC date>.tar.gz; "-o -" writes to stdout
#       --watch N: also sample every GPU/NIC/NVMe link (and the ports above it), the AER counters and nvidia-smi
#       every S seconds (default 1) for N seconds into watch.txt. Run your own job beside it: the collector starts
#       no workload.
#
# Needs only pciutils (lspci), coreutils, tar and gzip. Never uses the network and never changes the system:
# it only runs read-only commands and reads /sys and /proc. Run it as root for the full capture (lspci shows
# the capabilities and the extended config space only to root); without root it still runs and records
# "root: no" so the reader knows why the link registers are missing.
set -u

PROG=collect.sh
VERSION=1
TOOL_TIMEOUT=${LANESCOPE_TOOL_TIMEOUT:-60}
out=""
watch=""
interval=1
SYSFS=${LANESCOPE_SYSFS:-/sys/bus/pci/devices}

usage() {
    echo "usage: $PROG [-o FILE] [--watch N [--interval S]]   (FILE '-' = stdout; default ./lanescope-<host>-<date>.tar.gz)"
}

# the long options, spelled as short ones for getopts
n=$#
while [ "$n" -gt 0 ]; do
    a=$1
    shift
    n=$((n - 1))
    case $a in
        --watch) set -- "$@" -w ;;
        --interval) set -- "$@" -i ;;
        --watch=*) set -- "$@" -w "${a#--watch=}" ;;
        --interval=*) set -- "$@" -i "${a#--interval=}" ;;
        *) set -- "$@" "$a" ;;
    esac
done

while getopts "o:w:i:h" opt; do
    case $opt in
        o) out=$OPTARG ;;
        w) watch=$OPTARG ;;
        i) interval=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -gt 0 ]; then
    usage >&2
    exit 2
fi
case $watch in
    '') ;;
    *[!0-9]*) say_early="--watch takes whole seconds, not '$watch'"; printf '%s: %s\n' "$PROG" "$say_early" >&2; exit 2 ;;
esac
case $interval in
    ''|*[!0-9.]*|.|*.*.*) printf '%s: %s\n' "$PROG" "--interval takes seconds, not '$interval'" >&2; exit 2 ;;
esac

say() {
    printf '%s: %s\n' "$PROG" "$*" >&2
}

host=$(uname -n 2>/dev/null || echo unknown)
safe_host=$(printf '%s' "$host" | tr -c 'A-Za-z0-9._-' '_')
stamp=$(date -u +%Y%m%dT%H%M%SZ)
name="lanescope-$safe_host-$stamp"
[ -n "$out" ] || out="./$name.tar.gz"

umask 077
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lanescope-collect.XXXXXX") || { say "cannot make a temporary folder"; exit 1; }
cleanup() {
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT TERM
dir="$tmp/$name"
mkdir "$dir" || exit 1
manifest="$dir/MANIFEST"
printf '# lanescope collect.sh %s\n# file<TAB>exit status<TAB>what made it\n' "$VERSION" >"$manifest"

if command -v timeout >/dev/null 2>&1; then HAVE_TIMEOUT=yes; else HAVE_TIMEOUT=no; fi

# run FILE COMMAND [ARG...]: stdout to FILE, stderr to FILE.err (kept only when not empty), status in MANIFEST
run() {
    file=$1
    shift
    if [ "$HAVE_TIMEOUT" = yes ]; then
        timeout "$TOOL_TIMEOUT" "$@" >"$dir/$file" 2>"$dir/$file.err" </dev/null
    else
        "$@" >"$dir/$file" 2>"$dir/$file.err" </dev/null
    fi
    status=$?
    [ -s "$dir/$file.err" ] || rm -f "$dir/$file.err"
    printf '%s\t%s\t%s\n' "$file" "$status" "$*" >>"$manifest"
    return $status
}

# note FILE STATUS WHAT: a MANIFEST line for a file this script wrote itself
note() {
    printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$manifest"
}

# --- lspci ---------------------------------------------------------------------------------------------
if command -v lspci >/dev/null 2>&1; then
    run lspci-version.txt lspci --version
    run lspci-tv.txt lspci -tv
    run lspci-tvnn.txt lspci -tvnn
    run lspci-vv.txt lspci -vv
    run lspci-vvv-nn-D-k.txt lspci -vvv -nn -D -k
    run lspci-xxxx.txt lspci -D -xxxx
else
    say "lspci not found (install pciutils); the bundle will hold sysfs facts only"
    note lspci-version.txt 127 "lspci not found"
fi

# --- sysfs: link files and NUMA node of every function, as grep -H prints them ------------------------------
sysfs=$dir/sysfs-links.txt
: >"$sysfs"
count=0
for d in /sys/bus/pci/devices/*; do
    [ -d "$d" ] || continue
    for attr in current_link_speed current_link_width max_link_speed max_link_width numa_node; do
        [ -r "$d/$attr" ] || continue
        if value=$(cat "$d/$attr" 2>/dev/null); then
            printf '%s/%s:%s\n' "$d" "$attr" "$value" >>"$sysfs"
            count=$((count + 1))
        fi
    done
done
note sysfs-links.txt 0 "read /sys/bus/pci/devices/*/{current,max}_link_{speed,width} and numa_node ($count values)"

# --- sysfs: what peer-to-peer needs: each function's DMA mask and IOMMU group ---------------------------------
p2p=$dir/sysfs-p2p.txt
: >"$p2p"
count=0
for d in /sys/bus/pci/devices/*; do
    [ -d "$d" ] || continue
    if [ -r "$d/dma_mask_bits" ] && value=$(cat "$d/dma_mask_bits" 2>/dev/null); then
        printf '%s/dma_mask_bits:%s\n' "$d" "$value" >>"$p2p"
        count=$((count + 1))
    fi
    if [ -L "$d/iommu_group" ]; then
        group=$(readlink "$d/iommu_group" 2>/dev/null)
        printf '%s/iommu_group:%s\n' "$d" "${group##*/}" >>"$p2p"
    fi
done
note sysfs-p2p.txt 0 "read /sys/bus/pci/devices/*/dma_mask_bits and the iommu_group links ($count masks)"

# --- sysfs: the error counters of every function (AER, amdgpu's replay counter), as grep -H prints them --------
# aer_lines DIR: each line of the counter files of one function, prefixed with its path
aer_lines() {
    for attr in aer_dev_correctable aer_dev_nonfatal aer_dev_fatal aer_rootport_total_err_cor \
        aer_rootport_total_err_nonfatal aer_rootport_total_err_fatal pcie_replay_count; do
        [ -r "$1/$attr" ] || continue
        while IFS= read -r line; do
            case $attr in
                aer_dev_*) case $line in TOTAL_ERR_*) ;; *) [ -n "${ONLY_TOTALS:-}" ] && continue ;; esac ;;
            esac
            printf '%s/%s:%s\n' "$1" "$attr" "$line"
        done <"$1/$attr" 2>/dev/null
    done
}
aer=$dir/sysfs-aer.txt
: >"$aer"
for d in "$SYSFS"/*; do
    [ -d "$d" ] || continue
    aer_lines "$d" >>"$aer"
done
# nvidia-smi's replay counter, when this nvidia-smi offers the field
replay_field=""
if command -v nvidia-smi >/dev/null 2>&1; then
    replay_field=$(nvidia-smi --help-query-gpu 2>/dev/null | grep -o '"[a-z_.]*replay[a-z_.]*"' | grep -v rollover \
        | head -n 1 | tr -d '"')
    if [ -n "$replay_field" ]; then
        nvidia-smi --query-gpu=pci.bus_id,"$replay_field" --format=csv,noheader,nounits 2>/dev/null \
            | while IFS=', ' read -r bus count; do
                case $count in [0-9]*) printf 'nvidia-smi/%s/replay_count:%s\n' "$bus" "$count" ;; esac
            done >>"$aer"
    fi
fi
note sysfs-aer.txt 0 "read $SYSFS/*/aer_dev_*, aer_rootport_total_err_* and pcie_replay_count ($(wc -l <"$aer" | tr -d ' ') lines)${replay_field:+; nvidia-smi $replay_field}"

# --- kernel: the PCIe bandwidth lines of this boot (and the kernel's version line) -------------------------
klog=$dir/kernel-pcie.txt
: >"$klog"
# p2p_lines RAW: the GPU drivers' peer-to-peer, VRAM/BAR and P2PDMA lines of that log into kernel-p2p.txt
p2p_lines() {
    [ -s "$dir/kernel-p2p.txt" ] && return 0
    grep -i -e 'Detected VRAM' -e 'P2P access' -e 'p2pdma' -e 'peer-to-peer' -e 'P2PDMA whitelist' \
        -e 'disable_acs_redir' "$dir/$1" >"$dir/kernel-p2p.txt" 2>/dev/null
    note kernel-p2p.txt 0 "grep of $1 for the GPU drivers' peer-to-peer lines ($(wc -l <"$dir/kernel-p2p.txt" | tr -d ' ') lines)"
}
if command -v journalctl >/dev/null 2>&1; then
    run kernel-journal.raw journalctl -k -b --no-pager
    grep -e 'PCIe bandwidth' -e 'Linux version' "$dir/kernel-journal.raw" >"$klog" 2>/dev/null
    p2p_lines kernel-journal.raw
    rm -f "$dir/kernel-journal.raw"
    note kernel-pcie.txt 0 "grep 'PCIe bandwidth' of journalctl -k -b ($(wc -l <"$klog" | tr -d ' ') lines)"
fi
if [ ! -s "$klog" ] && command -v dmesg >/dev/null 2>&1; then
    run kernel-dmesg.raw dmesg
    grep -e 'PCIe bandwidth' -e 'Linux version' "$dir/kernel-dmesg.raw" >"$klog" 2>/dev/null
    p2p_lines kernel-dmesg.raw
    rm -f "$dir/kernel-dmesg.raw"
    note kernel-pcie.txt 0 "grep 'PCIe bandwidth' of dmesg ($(wc -l <"$klog" | tr -d ' ') lines)"
fi

# --- GPU tools, when present -------------------------------------------------------------------------------
if command -v nvidia-smi >/dev/null 2>&1; then
    run nvidia-smi-pcie.csv nvidia-smi \
        --query-gpu=index,pci.bus_id,name,pcie.link.gen.current,pcie.link.gen.max,pcie.link.gen.gpumax,pcie.link.gen.hostmax,pcie.link.width.current,pcie.link.width.max \
        --format=csv
    run nvidia-smi-topo.txt nvidia-smi topo -m
    run nvidia-smi-topo-p2p.txt nvidia-smi topo -p2p r
fi
if command -v rocm-smi >/dev/null 2>&1; then
    run rocm-smi-bus.txt rocm-smi --showbus
    run rocm-smi-topo.txt rocm-smi --showtopo
    run rocm-smi-topoaccess.txt rocm-smi --showtopoaccess
fi
if command -v lscpu >/dev/null 2>&1; then
    run lscpu.txt lscpu
fi

# --- where and when ----------------------------------------------------------------------------------------
printf '%s\n' "$host" >"$dir/hostname"
note hostname 0 "uname -n"
if [ -r /proc/sys/kernel/random/boot_id ]; then
    cat /proc/sys/kernel/random/boot_id >"$dir/boot_id"
    note boot_id $? "cat /proc/sys/kernel/random/boot_id"
fi
run kernel uname -r
if [ -r /proc/uptime ]; then
    cut -d' ' -f1 /proc/uptime >"$dir/uptime"
    note uptime $? "cut -d' ' -f1 /proc/uptime (seconds since boot)"
fi
date -u +%Y-%m-%dT%H:%M:%SZ >"$dir/date"
note date $? "date -u +%Y-%m-%dT%H:%M:%SZ"
if [ "$(id -u)" -eq 0 ]; then echo yes >"$dir/root"; else echo no >"$dir/root"; fi
note root 0 "id -u (yes = root: full config space; no = capabilities hidden from lspci)"

# --- the watch: links, counters and nvidia-smi every $interval s for $watch s (read-only) --------------------
if [ -n "$watch" ]; then
    w=$dir/watch.txt
    say "watching for $watch s (every $interval s): run your job now; nothing is started here"
    {
        echo "# lanescope watch 1"
        echo "# host: $host"
        [ -r /proc/sys/kernel/random/boot_id ] && echo "# boot_id: $(cat /proc/sys/kernel/random/boot_id)"
        echo "# interval_s: $interval"
    } >"$w"
    watched=""
    for d in "$SYSFS"/*; do
        [ -r "$d/class" ] || continue
        case $(cat "$d/class" 2>/dev/null) in
            0x03*|0x12*|0x02*|0x0108*) ;;
            *) continue ;;
        esac
        real=$(readlink -f "$d" 2>/dev/null || echo "$d")
        path=""
        for part in $(printf '%s' "$real" | tr '/' ' '); do
            case $part in
                [0-9a-f][0-9a-f][0-9a-f][0-9a-f]*:[0-9a-f][0-9a-f]:[0-9a-f][0-9a-f].[0-7])
                    path=${path:+$path/}$part
                    case " $watched " in *" $part "*) ;; *) watched="$watched $part" ;; esac ;;
            esac
        done
        [ -n "$path" ] || continue
        echo "# device: ${d##*/} class=$(cat "$d/class") path=$path" >>"$w"
    done
    fields=pci.bus_id,pcie.link.gen.current,pcie.link.width.current,utilization.gpu${replay_field:+,$replay_field}
    end=$(( $(date +%s) + watch ))
    i=0
    while :; do
        i=$((i + 1))
        {
        echo "@ $i $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        for b in $watched; do
            d=$SYSFS/$b
            attrs="current_link_speed current_link_width"
            [ $i -eq 1 ] && attrs="$attrs max_link_speed max_link_width"
            for attr in $attrs; do
                # read, a builtin: no process per value, so a sample of many functions stays cheap
                [ -r "$d/$attr" ] && read -r v <"$d/$attr" 2>/dev/null && printf '%s/%s:%s\n' "$d" "$attr" "$v"
            done
            ONLY_TOTALS=yes aer_lines "$d"
        done
        } >>"$w"
        if command -v nvidia-smi >/dev/null 2>&1; then
            nvidia-smi --query-gpu="$fields" --format=csv,noheader,nounits 2>/dev/null \
                | while IFS=', ' read -r bus gen width util replay; do
                    for kv in "gen:$gen" "width:$width" "utilization:$util" "replay_count:${replay:-}"; do
                        case ${kv#*:} in [0-9]*) printf 'nvidia-smi/%s/%s\n' "$bus" "$kv" ;; esac
                    done
                done >>"$w"
        fi
        [ "$(date +%s)" -lt "$end" ] || break
        sleep "$interval"
    done
    echo "# ended: $(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$w"
    note watch.txt 0 "sampled $i time(s) every $interval s for $watch s (links, AER counters, nvidia-smi)"
fi

# --- pack ----------------------------------------------------------------------------------------------------
if [ "$out" = "-" ]; then
    tar -C "$tmp" -czf - "$name"
    status=$?
else
    tar -C "$tmp" -czf "$out.part" "$name" && mv -f "$out.part" "$out"
    status=$?
    [ $status -eq 0 ] || rm -f "$out.part"
fi
if [ $status -ne 0 ]; then
    say "could not write the bundle ($status)"
    exit 1
fi
[ "$out" = "-" ] || say "wrote $out"
exit 0
