#!/usr/bin/env python3
"""PyTorch reference for lanescope's pcie_bw probe.

Measures what a PyTorch user gets for the same transfers, at the same sizes and with
the same iteration rule, and prints the same JSON lines as pcie_bw with "tool":"torch":

  memory=pinned   mode=h2d_async  pinned host tensor .copy_() into a device tensor,
                                  non_blocking=True (the reference the probe is held to)
  memory=pageable mode=h2d_sync   pageable host tensor .copy_(), non_blocking=False
  memory=pinned   mode=d2h        device tensor .copy_() into a pinned host tensor,
                                  non_blocking=True

Each: warm-up, then `repeats` blocks of `iterations` copies between two CUDA events on
the current stream; medianMs is the median block time divided by iterations.

Usage: python3 torch_ref.py [--gpu N] [--sizes LIST] [--quick] [--repeats N]
Exit: 0 ok, 2 usage, 3 no CUDA device (or no torch), 5 data check failed.
"""
import argparse
import json
import os
import socket
import statistics
import sys

KIB, MIB, GIB = 1024, 1024 ** 2, 1024 ** 3
DEFAULT_SIZES = [460800, 2459136, 3 * MIB, 16 * MIB, 64 * MIB, 256 * MIB, 1 * GIB, 2 * GIB]
QUICK_SIZES = [460800, 3 * MIB, 64 * MIB]
VERSION = "1.0.0"


def emit(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def fail(code, msg):
    sys.stderr.write("torch_ref: %s\n" % msg)
    emit({"kind": "end", "ok": False, "exitCode": code, "error": msg})
    sys.exit(code)


def parse_size(tok):
    t = tok.strip().upper()
    for suf, mul in (("GIB", GIB), ("MIB", MIB), ("KIB", KIB), ("G", GIB), ("M", MIB), ("K", KIB), ("B", 1)):
        if t.endswith(suf):
            return int(t[: -len(suf)]) * mul
    return int(t)


def iterations_for(nbytes, quick):
    """Same rule as probe_common.h: about 2 GiB per block (256 MiB quick), clamped."""
    target = 256 * MIB if quick else 2 * GIB
    lo, hi = (2, 200) if quick else (5, 1000)
    it = (target + nbytes // 2) // nbytes
    return max(lo, min(hi, it))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gpu", type=int, default=0)
    ap.add_argument("--sizes", default=None, help="comma-separated bytes; K/M/G = KiB/MiB/GiB")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeats", type=int, default=None)
    try:
        a = ap.parse_args()
    except SystemExit as e:
        if e.code == 0:
            raise
        fail(2, "bad arguments")
    try:
        sizes = [parse_size(t) for t in a.sizes.split(",") if t.strip()] if a.sizes else (
            QUICK_SIZES if a.quick else DEFAULT_SIZES)
    except ValueError:
        fail(2, "bad --sizes list '%s'" % a.sizes)
    repeats = a.repeats or (3 if a.quick else 7)

    try:
        import torch
    except ImportError as e:
        fail(3, "PyTorch not importable: %s" % e)
    if not torch.cuda.is_available() or torch.cuda.device_count() == 0:
        fail(3, "no CUDA device visible to PyTorch")
    if a.gpu >= torch.cuda.device_count():
        fail(3, "no CUDA device %d: only %d present" % (a.gpu, torch.cuda.device_count()))

    dev = torch.device("cuda", a.gpu)
    torch.cuda.set_device(dev)
    props = torch.cuda.get_device_properties(dev)
    bus = None
    if hasattr(props, "pci_bus_id"):
        bus = "%04x:%02x:%02x.0" % (getattr(props, "pci_domain_id", 0), props.pci_bus_id,
                                    getattr(props, "pci_device_id", 0))
    emit({"kind": "start", "tool": "torch", "probeVersion": VERSION, "torchVersion": torch.__version__,
          "cudaRuntimeVersion": torch.version.cuda, "device": a.gpu, "name": props.name, "pciBusId": bus,
          "sizes": sizes, "memories": ["pinned", "pageable"], "modes": ["h2d_async", "h2d_sync", "d2h"],
          "repeats": repeats, "quick": a.quick, "hostname": socket.gethostname(), "pid": os.getpid()})

    stream = torch.cuda.current_stream(dev)
    # warm-up: context, caching allocator, pinned allocator
    w = torch.empty(8 * MIB, dtype=torch.uint8, pin_memory=True)
    wd = torch.empty(8 * MIB, dtype=torch.uint8, device=dev)
    for _ in range(4):
        wd.copy_(w, non_blocking=True)
        w.copy_(wd, non_blocking=True)
    torch.cuda.synchronize(dev)
    del w, wd

    cases = [("pinned", "h2d_async"), ("pageable", "h2d_sync"), ("pinned", "d2h")]
    total, done, nres, nskip = len(sizes) * len(cases), 0, 0, 0
    for nbytes in sizes:
        free, _ = torch.cuda.mem_get_info(dev)
        if nbytes + 256 * MIB > free:
            emit({"kind": "skip", "tool": "torch", "device": a.gpu, "bytes": nbytes,
                  "reason": "not enough free device memory", "deviceFreeBytes": free})
            nskip += 1
            done += len(cases)
            continue
        gen = torch.Generator().manual_seed(nbytes)
        chunk = torch.randint(0, 256, (min(nbytes, 4 * MIB),), dtype=torch.uint8, generator=gen)
        src = chunk.repeat((nbytes + chunk.numel() - 1) // chunk.numel())[:nbytes].contiguous()  # never zeros
        pinned = src.pin_memory()
        pageable = src.clone()
        d = torch.empty(nbytes, dtype=torch.uint8, device=dev)
        iters = iterations_for(nbytes, a.quick)
        for memory, mode in cases:
            host = pinned if memory == "pinned" else pageable
            nb = memory == "pinned"

            def block(n):
                torch.cuda.synchronize(dev)
                e0 = torch.cuda.Event(enable_timing=True)
                e1 = torch.cuda.Event(enable_timing=True)
                e0.record(stream)
                if mode == "d2h":
                    for _ in range(n):
                        host.copy_(d, non_blocking=nb)
                else:
                    for _ in range(n):
                        d.copy_(host, non_blocking=nb)
                e1.record(stream)
                e1.synchronize()
                return e0.elapsed_time(e1)

            block(2)  # warm-up
            per = [block(iters) / iters for _ in range(repeats)]
            med, mn, mx = statistics.median(per), min(per), max(per)
            emit({"kind": "result", "tool": "torch", "device": a.gpu, "pciBusId": bus, "name": props.name,
                  "memory": memory, "mode": mode, "direction": "d2h" if mode == "d2h" else "h2d",
                  "api": "Tensor.copy_(non_blocking=%s)" % nb, "bytes": nbytes, "iterations": iters,
                  "repeats": repeats, "medianMs": round(med, 6), "minMs": round(mn, 6), "maxMs": round(mx, 6),
                  "gbPerS": round(nbytes / 1e9 / (med / 1e3), 3), "gbPerSMax": round(nbytes / 1e9 / (mn / 1e3), 3)})
            nres += 1
            done += 1
            emit({"kind": "progress", "tool": "torch", "done": done, "total": total})
        # data check: what arrived on the device is what was sent
        d.copy_(pinned)
        ok = bool(torch.equal(d.cpu(), src))
        emit({"kind": "verify", "tool": "torch", "device": a.gpu, "bytes": nbytes, "ok": ok})
        if not ok:
            fail(5, "%d bytes: data read back differs" % nbytes)
        del src, pinned, pageable, d
        torch.cuda.empty_cache()
    emit({"kind": "end", "tool": "torch", "ok": True, "results": nres, "skipped": nskip})


if __name__ == "__main__":
    main()
