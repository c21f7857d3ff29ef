#!/usr/bin/env python3
"""collective_probe.py: can two GPUs run the collectives that tensor and pipeline parallelism need?

A bare two-rank torch.distributed probe, one process per GPU, nothing else loaded:

  phase "collectives": one group; broadcast, all_reduce, barrier, each checked for the right values.
  phase "sendrecv":    a FRESH group (new processes): send/recv alone, both ways, checked.

send/recv gets its own group because a collective that failed or hung leaves its group broken: testing send/recv in
the same group would report that breakage, not send/recv. One card alone always succeeds (world size 1 proves
nothing), so the probe always uses two ranks.

Every fact is one JSON line on stdout, written as it happens (flushed), so a hang, a crash or a kill leaves a partial
receipt: "start", one "op" line per rank and operation (status ok, fail, hang, crash or not_run), "phase" lines and
"end". --out FILE writes the same lines to FILE as well. The verdict ("tensor parallel is dead here", "pipeline
parallel is dead too") is lanescope's (parse/p2p/CollectiveProbeParser), not this script's.

Run it from a real file: torch.multiprocessing.spawn re-executes it, so `python3 - < collective_probe.py` fails.
Never run it beside a serving process: a hung collective can wedge the GPU driver (lanescope refuses while
nvidia-smi or fuser shows users of either GPU).

  python3 native-probes/collective_probe.py --devices 0,1            # NCCL (RCCL on ROCm builds of torch)
  python3 native-probes/collective_probe.py --backend gloo           # CPU only: the mechanics, no GPU

Exit: 0 ran to the end (whatever the ops did), 2 usage, 3 fewer than two GPUs, 4 torch missing or broken.

LANESCOPE_COLLECTIVE_FAULT=RANK:OP:KIND (KIND hang, crash or error) makes one rank misbehave at one op; it exists so
the probe's own fault handling can be tested without a broken machine.
"""
import argparse
import datetime
import json
import os
import socket
import sys
import time
from multiprocessing.connection import wait

PROBE_VERSION = "1.0.0"
TOOL = "collective_probe"
COLLECTIVES = ["broadcast", "all_reduce", "barrier"]
SENDRECV = ["send_recv_0_to_1", "send_recv_1_to_0"]
ELEMENTS = 1 << 20  # 4 MiB of float32 per op: enough to cross the link, small enough to be quick


class Out:
    """JSON lines to stdout and, when asked, to a file, flushed line by line."""

    def __init__(self, path):
        self.file = open(path, "a", encoding="utf-8") if path else None

    def emit(self, **fields):
        line = json.dumps(fields, sort_keys=False)
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
        if self.file:
            self.file.write(line + "\n")
            self.file.flush()
            os.fsync(self.file.fileno())


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fault_for(rank, op):
    spec = os.environ.get("LANESCOPE_COLLECTIVE_FAULT", "")
    for one in spec.split(","):
        parts = one.strip().split(":")
        if len(parts) == 3 and parts[0] == str(rank) and parts[1] == op:
            return parts[2]
    return None


def run_op(dist, torch, op, rank, device):
    """Runs one op and checks what arrived; raises on a wrong value."""
    kind = fault_for(rank, op)
    if kind == "hang":
        time.sleep(10 ** 6)
    if kind == "crash":
        os._exit(9)
    if kind == "error":
        raise RuntimeError("fault injected at %s (LANESCOPE_COLLECTIVE_FAULT)" % op)
    if op == "broadcast":
        t = torch.full((ELEMENTS,), 7.0 if rank == 0 else 0.0, device=device)
        dist.broadcast(t, src=0)
        want = 7.0
    elif op == "all_reduce":
        t = torch.full((ELEMENTS,), float(rank + 1), device=device)
        dist.all_reduce(t)
        want = 3.0  # 1 + 2
    elif op == "barrier":
        dist.barrier()
        return
    else:
        src = 0 if op == "send_recv_0_to_1" else 1
        if rank == src:
            t = torch.full((ELEMENTS,), 5.0 + src, device=device)
            dist.send(t, dst=1 - src)
            return
        t = torch.zeros((ELEMENTS,), device=device)
        dist.recv(t, src=src)
        want = 5.0 + src
    if device != "cpu":
        torch.cuda.synchronize(device)
    got = float(t[0].item()), float(t[-1].item())
    if got != (want, want):
        raise RuntimeError("%s delivered %s, expected %s: the data arrived wrong" % (op, got, want))


def worker(rank, phase, ops, backend, devices, timeout_s, port, conn):
    """One rank: joins the group, runs the ops in order, reports each before and after (a pipe: each report is
    written before the op starts, so even a rank that dies inside the op has said where it was)."""
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    os.environ.setdefault("TORCH_NCCL_BLOCKING_WAIT", "1")  # collectives raise after the group timeout
    os.environ.setdefault("NCCL_BLOCKING_WAIT", "1")
    try:
        import torch
        import torch.distributed as dist
        device = "cpu"
        if backend != "gloo":
            torch.cuda.set_device(devices[rank])
            device = "cuda:%d" % devices[rank]
        dist.init_process_group(backend, rank=rank, world_size=2,
                                timeout=datetime.timedelta(seconds=timeout_s))
    except Exception as e:  # the group itself did not form
        conn.send((rank, "init", "fail", 0.0, "%s: %s" % (type(e).__name__, e)))
        return
    conn.send((rank, "init", "ok", 0.0, None))
    for op in ops:
        conn.send((rank, op, "begin", 0.0, None))
        t0 = time.monotonic()
        try:
            run_op(dist, torch, op, rank, device)
            conn.send((rank, op, "ok", time.monotonic() - t0, None))
        except Exception as e:
            conn.send((rank, op, "fail", time.monotonic() - t0, "%s: %s" % (type(e).__name__, str(e)[:500])))
            break  # a failed op leaves the group broken: the rest of this phase is not run
    try:
        dist.destroy_process_group()
    except Exception:
        pass


def run_phase(mp, out, phase, ops, args, devices):
    """Starts two fresh ranks, relays their reports, and calls an op hung when a rank is silent past the limit."""
    out.emit(kind="phase", phase=phase, ops=ops, note="fresh group, two new processes")
    ctx = mp.get_context("spawn")
    port = free_port()
    pipes = [ctx.Pipe(duplex=False) for _ in range(2)]
    procs = [ctx.Process(target=worker, args=(r, phase, ops, args.backend, devices, args.timeout, port,
                                              pipes[r][1]), daemon=True) for r in range(2)]
    for p in procs:
        p.start()
    for r in range(2):
        pipes[r][1].close()  # the child holds its end; EOF here then means the child is gone
    readers = {pipes[r][0]: r for r in range(2)}
    # where each rank is: the op it began (None between ops) and what it finished
    current = {0: "init", 1: "init"}
    since = {0: time.monotonic(), 1: time.monotonic()}
    done = {0: set(), 1: set()}
    stopped = {0: False, 1: False}
    limit = args.timeout + 10.0  # the group timeout should fire first; this catches what it does not
    # starting a rank (a new interpreter importing torch) and forming the group take far longer on a loaded host
    init_limit = args.timeout + 120.0

    def report(rank, op, status, seconds, error):
        fields = dict(kind="op", phase=phase, op=op, rank=rank, status=status, seconds=round(seconds, 4))
        if error:
            fields["error"] = error
        out.emit(**fields)

    while not all(stopped.values()):
        events = []
        for conn in wait(list(readers), timeout=0.5):
            try:
                events.append(conn.recv())
            except (EOFError, OSError):
                del readers[conn]
        now = time.monotonic()
        for rank, op, status, seconds, error in events:
            if status == "begin":
                current[rank] = op
                since[rank] = now
                continue
            if op == "init" and status == "ok":
                current[rank] = None
                since[rank] = now
                continue
            report(rank, op, status, seconds, error)
            done[rank].add(op)
            current[rank] = None
            since[rank] = now
            if status != "ok" or done[rank] >= set(ops):
                stopped[rank] = True
        for r in (0, 1):
            if stopped[r]:
                continue
            p = procs[r]
            if not p.is_alive() and r not in readers.values():
                report(r, current[r] or "after " + (sorted(done[r])[-1] if done[r] else "init"), "crash",
                       now - since[r], "rank %d's process ended with exit code %s" % (r, p.exitcode))
                stopped[r] = True
            elif now - since[r] > (init_limit if current[r] == "init" else limit):
                report(r, current[r] or "init", "hang", now - since[r],
                       "no answer from rank %d in %.0f s" % (r, now - since[r]))
                stopped[r] = True
    for p in procs:
        p.join(timeout=3)
        if p.is_alive():
            p.terminate()
            p.join(timeout=3)
        if p.is_alive():
            p.kill()
    reached = set().union(*done.values()) | {current[r] for r in (0, 1) if current[r]}
    for op in ops:
        if op not in reached:
            out.emit(kind="op", phase=phase, op=op, rank=-1, status="not_run",
                     error="not run: an earlier op of this group failed or hung")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--backend", default="nccl", help="nccl (NCCL, or RCCL on ROCm torch) or gloo (CPU)")
    ap.add_argument("--devices", default="0,1", help="the two GPU indices, comma-separated (default 0,1)")
    ap.add_argument("--timeout", type=float, default=25.0, help="group timeout in seconds (default 25)")
    ap.add_argument("--out", help="also append the JSON lines to this file")
    ap.add_argument("--version", action="store_true")
    args = ap.parse_args()
    if args.version:
        print(PROBE_VERSION)
        return 0
    out = Out(args.out)
    try:
        devices = [int(d) for d in args.devices.split(",")]
    except ValueError:
        devices = []
    if len(devices) != 2 or devices[0] == devices[1]:
        out.emit(kind="end", ok=False, exitCode=2, error="--devices wants two different GPU indices, e.g. 0,1")
        return 2
    try:
        import torch
        import torch.distributed as dist
        import torch.multiprocessing as mp
    except Exception as e:
        out.emit(kind="end", ok=False, exitCode=4, error="torch is not importable: %s" % e)
        return 4
    if not dist.is_available():
        out.emit(kind="end", ok=False, exitCode=4, error="this torch has no torch.distributed")
        return 4
    info = []
    if args.backend != "gloo":
        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if count < 2 or max(devices) >= count:
            out.emit(kind="end", ok=False, exitCode=3,
                     error="needs two GPUs, torch sees %d (one card alone always succeeds and proves nothing)" % count)
            return 3
        for r, d in enumerate(devices):
            p = torch.cuda.get_device_properties(d)
            bus = None
            try:
                bus = "%04x:%02x:%02x.0" % (p.pci_domain_id, p.pci_bus_id, p.pci_device_id)
            except AttributeError:
                pass
            info.append(dict(rank=r, device=d, name=p.name, pciBusId=bus))
    else:
        info = [dict(rank=r, device=d, name="cpu", pciBusId=None) for r, d in enumerate(devices)]
    out.emit(kind="start", tool=TOOL, probeVersion=PROBE_VERSION, backend=args.backend, worldSize=2,
             devices=info, timeoutS=args.timeout, torch=torch.__version__,
             cuda=getattr(torch.version, "cuda", None), hip=getattr(torch.version, "hip", None),
             ncclVersion=nccl_version(torch) if args.backend != "gloo" else None,
             phases={"collectives": COLLECTIVES, "sendrecv": SENDRECV})
    run_phase(mp, out, "collectives", COLLECTIVES, args, devices)
    run_phase(mp, out, "sendrecv", SENDRECV, args, devices)
    out.emit(kind="end", ok=True, exitCode=0)
    return 0


def nccl_version(torch):
    try:
        v = torch.cuda.nccl.version()
        return ".".join(str(x) for x in v) if isinstance(v, tuple) else str(v)
    except Exception:
        return None


if __name__ == "__main__":
    sys.exit(main())
