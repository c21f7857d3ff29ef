package dev.lanescope.analysis.ladder;

import java.util.List;

import dev.lanescope.analysis.PeerPaths;

/** Rungs 6 to 8: copy engines, collective library, collective probe; measured on the box, never read from lspci. */
final class MeasuredRungs {

    static final String COPY = "Copy engines";
    static final String LIBRARY = "Collective library";
    static final String PROBE = "Collective probe";

    static final String COPY_RULE = "Peer copies measured on the box, push and pull, each direction, and both"
            + " directions at once: push (or the DMA engine) near the link's usable rate and a bidirectional"
            + " aggregate near twice that pass; pull alone is not a verdict (one measured pair: push 10.29 GB/s, pull 1.5 to 3.2,"
            + " bidirectional 19.7 aggregate on Gen3 x16, a pass).";
    static final String LIBRARY_RULE = "NCCL/RCCL SendRecv or collective bus bandwidth judged against the measured"
            + " push rate: at 90 % or more with every channel 'via P2P/IPC' (or P2P/CUMEM) passes (9.75 of 10.29 GB/s"
            + " = 94.7 %); a channel via SHM fails the direct path whatever the number.";
    static final String PROBE_RULE = "Two processes, one per GPU, from a real file, 25 s group timeout:"
            + " broadcast, all_reduce and barrier must complete (else tensor parallel is dead here), then send/recv"
            + " alone in a fresh group (else pipeline parallel is dead too). One card alone proves nothing.";

    private MeasuredRungs() {
    }

    static List<Rung> of(Pair p) {
        String ia = index(p, p.a());
        String ib = index(p, p.b());
        String copyNext = p.bothAmdGpus()
                ? "run TransferBench's peer test between the two cards (`TransferBench p2p`, GFX and DMA engines) and"
                + " pass its output with --evidence"
                : "`make -C native-probes p2p && native-probes/build/p2p_bw" + (ia == null || ib == null ? ""
                : " --gpu " + ia + " --gpu " + ib) + " > p2p.jsonl`" + (ia == null || ib == null
                ? " (every GPU pair; the CUDA index of each card is in `nvidia-smi -L`)" : "")
                + ", then pass p2p.jsonl with --evidence";
        String lib = p.bothAmdGpus() ? "rccl-tests" : "nccl-tests";
        String libNext = "`NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,P2P ./build/sendrecv_perf -b 1G -e 1G -g 2 >"
                + " sendrecv.txt 2>&1` and `./build/all_reduce_perf -b 8M -e 1G -f 2 -g 2` from " + lib
                + ", then pass both outputs with --evidence";
        String probeNext = "stop any service using the GPUs, then run a two-process torch.distributed check, one"
                + " process per GPU (" + p.addr(p.a()) + " and " + p.addr(p.b()) + "), from a saved .py file with a 25 s timeout:"
                + " broadcast, all_reduce, barrier, then send/recv alone in a fresh group; pass its output with"
                + " --evidence";
        return List.of(
                notProven(6, COPY, "No peer copy measurement for this pair is in the evidence.", COPY_RULE, copyNext),
                notProven(7, LIBRARY, "No collective-library run for this pair is in the evidence.", LIBRARY_RULE,
                        libNext),
                notProven(8, PROBE, "No two-process collective probe for this pair is in the evidence.", PROBE_RULE,
                        probeNext));
    }

    static Rung notProven(int n, String name, String finding, String rule, String next) {
        return new Rung(n, name, RungStatus.NOT_PROVEN, finding, List.of(), rule, next);
    }

    /** The GPU's index as the tools count it where the capture says (nvidia-smi), else its address. */
    static String index(Pair p, dev.lanescope.model.TopoNode.FunctionNode n) {
        String l = PeerPaths.gpuLabel(p.t(), n.bdf());
        return l != null ? l.substring(3) : null;
    }
}
