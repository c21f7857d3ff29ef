#!/bin/sh
# A fake pcie_bw for tests: prints recorded probe lines (real lines from docs/bench/receipt-h200.json).
# usage: sh fake_probe.sh LINES_FILE MODE [probe args...]
#   ok     every line, exit 0
#   crash  the first 20 lines, a message on stderr, exit 4 (like a failed runtime call), no end line
#   segv   the first 12 lines, then dies by SIGSEGV (no end line, nothing more on stdout)
#   hang   the first 10 lines, then sleeps far past any test's time limit
#   junk   every line with non-JSON lines mixed in, exit 0
#   nodev  the probe's own "no CUDA device" failure, exit 3
lines=$1
mode=$2
shift 2
echo "fake_probe args: $*" >&2
case "$mode" in
    ok) cat "$lines" ;;
    crash)
        head -n 20 "$lines"
        echo "pcie_bw.cu:212: cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, st) failed: cudaErrorLaunchFailure (unspecified launch failure)" >&2
        exit 4 ;;
    segv) head -n 12 "$lines"; kill -SEGV $$ ;;
    hang) head -n 10 "$lines"; sleep 600 ;;
    junk)
        echo "WARNING: nvidia driver message on stdout"
        head -n 5 "$lines"
        echo "this is not json {"
        echo "[1,2,3]"
        tail -n +6 "$lines" ;;
    nodev)
        echo '{"kind":"end","ok":false,"exitCode":3,"error":"no CUDA device: cudaGetDeviceCount returned cudaErrorNoDevice (no CUDA-capable device is detected), count 0"}'
        echo "pcie_bw: no CUDA device: cudaGetDeviceCount returned cudaErrorNoDevice (no CUDA-capable device is detected), count 0" >&2
        exit 3 ;;
    *) echo "fake_probe: unknown mode $mode" >&2; exit 2 ;;
esac
