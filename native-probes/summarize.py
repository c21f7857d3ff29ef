#!/usr/bin/env python3
"""Print a Markdown table from a lanescope receipt and torch_ref.py output.

usage: summarize.py RECEIPT.json [TORCH.jsonl] [--extra PROBE_OR_TORCH.jsonl ...]

Columns per size: probe pinned h2d_async, probe pinned h2d_sync, probe pageable h2d_async,
probe pageable h2d_sync, probe pinned d2h, probe pageable d2h, probe pinned single,
torch pinned h2d_async, ratio probe/torch (pinned h2d_async). GB/s = bytes/1e9/s.
Extra files (a second probe or torch run) add columns so run-to-run spread is visible.
"""
import json
import sys


def load_lines(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
    return out


def index(results):
    return {(r["memory"], r["mode"], r["bytes"]): r["gbPerS"] for r in results if r.get("kind") == "result"}


def size_label(b):
    if b % (1 << 30) == 0:
        return "%d GiB" % (b >> 30)
    if b % (1 << 20) == 0:
        return "%d MiB" % (b >> 20)
    return "%d B" % b


def main(argv):
    args, extras = [], []
    it = iter(argv)
    for a in it:
        if a == "--extra":
            extras.append(next(it))
        else:
            args.append(a)
    if not args:
        print(__doc__)
        return 2
    receipt = json.load(open(args[0]))
    probe = index(receipt["results"])
    torch = index(load_lines(args[1])) if len(args) > 1 else {}
    extra = [(p, index(load_lines(p))) for p in extras]
    sizes = sorted({k[2] for k in probe})
    g = lambda d, k: ("%.2f" % d[k]) if k in d else "-"
    hdr = ["size", "probe pinned h2d_async", "probe pinned h2d_sync", "probe pageable h2d_async",
           "probe pageable h2d_sync", "probe pinned d2h", "probe pageable d2h", "probe pinned single",
           "torch pinned h2d_async", "ratio probe/torch"]
    for p, _ in extra:
        hdr.append("rerun %s" % p.rsplit("/", 1)[-1])
    print("| " + " | ".join(hdr) + " |")
    print("|" + "---|" * len(hdr))
    for b in sizes:
        k = ("pinned", "h2d_async", b)
        ratio = ("%.3f" % (probe[k] / torch[k])) if k in probe and k in torch and torch[k] else "-"
        row = [size_label(b), g(probe, k), g(probe, ("pinned", "h2d_sync", b)),
               g(probe, ("pageable", "h2d_async", b)), g(probe, ("pageable", "h2d_sync", b)),
               g(probe, ("pinned", "d2h", b)), g(probe, ("pageable", "d2h", b)),
               g(probe, ("pinned", "single", b)), g(torch, k), ratio]
        for _, d in extra:
            row.append(g(d, k))
        print("| " + " | ".join(row) + " |")
    c = receipt.get("checks") or {}
    print()
    print("checks: " + json.dumps(c))
    ld = receipt.get("linkDuringLoad") or {}
    print("link during load: gen %s..%s width %s..%s over %s samples" % (
        ld.get("genMin"), ld.get("genMax"), ld.get("widthMin"), ld.get("widthMax"), ld.get("count")))
    print("nvidia-smi link before: %s" % json.dumps((receipt.get("nvidiaSmiLink") or {}).get("before")))
    print("nvidia-smi link after:  %s" % json.dumps((receipt.get("nvidiaSmiLink") or {}).get("after")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
