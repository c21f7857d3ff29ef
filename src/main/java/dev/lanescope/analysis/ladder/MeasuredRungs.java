package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.PathCeilings;
import dev.lanescope.analysis.PeerPaths;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.p2p.ChannelTransport;
import dev.lanescope.model.p2p.CollectiveProbeRun;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.PeerCopyRun;
import dev.lanescope.model.p2p.RungFinding;
import dev.lanescope.model.p2p.RungStatus;

/**
 * Rungs 6 to 8: copy engines, collective library, collective probe; measured on the box, never read from lspci.
 * Each is judged by its own class ({@link CopyEngineRung}, {@link CollectiveRung}, {@link CollectiveProbeRung}) on the
 * pair's measurements, and a rung with nothing measured yet shows that class's rule: one rule text per rung.
 */
final class MeasuredRungs {

    static final String COPY = "Copy engines";
    static final String LIBRARY = "Collective library";
    static final String PROBE = "Collective probe";

    private MeasuredRungs() {
    }

    /** A peer-copy run that measured this pair, with the pair's indices in it. */
    record PairRun(PeerCopyRun run, int a, int b, String how) {
    }

    static PairRun pairRun(Pair p) {
        for (PeerCopyRun r : p.ev().copyRuns()) {
            int ia = r.indexOf(p.a().bdf().toString());
            int ib = r.indexOf(p.b().bdf().toString());
            if (ia >= 0 && ib >= 0) return new PairRun(r, ia, ib, null);
        }
        if (Ladders.gpus(p.t()).size() == 2) {
            for (PeerCopyRun r : p.ev().copyRuns()) {
                if (r.busIds().isEmpty() && !r.between(0, 1).isEmpty()) {
                    return new PairRun(r, 0, 1, "the run names no PCI addresses; with two GPUs in the capture its"
                            + " GPUs 0 and 1 are taken to be this pair");
                }
            }
        }
        return null;
    }

    static List<Rung> of(Pair p) {
        PairRun run = pairRun(p);
        Rung copy;
        double push = Double.NaN;
        if (run == null) {
            String ia = index(p, p.a());
            String ib = index(p, p.b());
            String next = p.bothAmdGpus()
                    ? "run TransferBench's peer test between the two cards (`TransferBench p2p 64M`, GFX and DMA"
                    + " engines) and pass its output with --evidence"
                    : "`make -C native-probes p2p && native-probes/build/p2p_bw" + (ia == null || ib == null ? ""
                    : " --gpu " + ia + " --gpu " + ib) + " > p2p.jsonl`" + (ia == null || ib == null
                    ? " (every GPU pair; the CUDA index of each card is in `nvidia-smi -L`)" : "")
                    + ", then pass p2p.jsonl with --evidence";
            copy = new Rung(6, COPY, RungStatus.NOT_PROVEN, "No peer copy measurement for this pair is in the"
                    + " evidence.", List.of(), ruleWords(CopyEngineRung.RULE), next);
        } else {
            double link = linkGbPerS(p);
            String words = p.nvlink() != null ? "the PCIe path (NVLink " + p.nvlink() + " carries more)" : "the PCIe path";
            RungFinding f = CopyEngineRung.judge(run.a(), run.b(), run.run().copies(), link, words);
            copy = rung(6, COPY, f, run.how());
            push = CopyEngineRung.slowerPush(run.a(), run.b(), run.run().copies());
        }
        Rung probe = probe(p);
        if (probe != null) return List.of(copy, library(p, push), probe);
        return List.of(copy, library(p, push), new Rung(8, PROBE, RungStatus.NOT_PROVEN, "No two-process collective"
                + " probe for this pair is in the evidence.", List.of(), ruleWords(CollectiveProbeRung.RULE), "stop any service using the"
                + " GPUs, then run a two-process torch.distributed check, one process per GPU (" + p.addr(p.a())
                + " and " + p.addr(p.b()) + "), from a saved .py file with a 25 s timeout: broadcast, all_reduce,"
                + " barrier, then send/recv alone in a fresh group; pass its output with --evidence"));
    }

    /**
     * Rung 8 from a collective probe run on this pair: the run naming both cards' bus ids, else, with two GPUs in the
     * capture, a run that names none (taken to be this pair, and said so). Null when no run is in the evidence.
     */
    static Rung probe(Pair p) {
        String a = p.a().bdf().toString();
        String b = p.b().bdf().toString();
        for (CollectiveProbeRun r : p.ev().probeRuns()) {
            if (names(r, a) && names(r, b)) return rung(8, PROBE, CollectiveProbeRung.judge(r).finding(), null);
        }
        if (Ladders.gpus(p.t()).size() == 2) {
            for (CollectiveProbeRun r : p.ev().probeRuns()) {
                if (r.busIds().stream().allMatch(java.util.Objects::isNull)) {
                    return rung(8, PROBE, CollectiveProbeRung.judge(r).finding(), "the run names no PCI addresses;"
                            + " with two GPUs in the capture its two ranks are taken to be this pair");
                }
            }
        }
        return null;
    }

    /** The run's bus ids name this function (nvidia-smi and torch print 00000000:BB:DD.F, lspci DDDD:BB:DD.F). */
    private static boolean names(CollectiveProbeRun r, String bdf) {
        for (String id : r.busIds()) {
            if (id == null) continue;
            String s = id.trim().toLowerCase(java.util.Locale.ROOT);
            int cut = s.lastIndexOf(':', s.lastIndexOf(':') - 1);
            if (cut <= 0) {
                if (bdf.equals("0000:" + s)) return true; // BB:DD.F: domain 0
                continue;
            }
            try {
                String domain = String.format("%04x", Long.parseLong(s.substring(0, cut), 16));
                if (bdf.equals(domain + s.substring(cut))) return true;
            } catch (NumberFormatException e) {
                // not an address
            }
        }
        return false;
    }

    /** Rung 7 from the two-GPU collective tables and the NCCL logs' channels between this pair. */
    static Rung library(Pair p, double push) {
        List<CollectiveTable> tables = p.ev().tables().stream().filter(t -> t.ranks() <= 2).toList();
        List<ChannelTransport> channels = new ArrayList<>();
        for (NcclLog log : p.ev().ncclLogs()) channels.addAll(log.betweenBuses(p.a().bdf().toString(),
                p.b().bdf().toString()));
        if (tables.isEmpty() && channels.isEmpty()) {
            String lib = p.bothAmdGpus() ? "rccl-tests" : "nccl-tests";
            return new Rung(7, LIBRARY, RungStatus.NOT_PROVEN, "No collective-library run for this pair is in the"
                    + " evidence.", List.of(), ruleWords(CollectiveRung.RULE), "`NCCL_DEBUG=INFO"
                    + " NCCL_DEBUG_SUBSYS=INIT,P2P,SHM,NET ./build/sendrecv_perf -b 8 -e 1G -f 2 -g 2 2>&1 | tee"
                    + " sendrecv.log` from " + lib + " on these two GPUs, then pass sendrecv.log with --evidence");
        }
        return rung(7, LIBRARY, CollectiveRung.judge(tables, channels, push), null);
    }

    static Rung rung(int n, String name, RungFinding f, String note) {
        String finding = note == null ? f.headline() : f.headline() + " (" + note + ")";
        return new Rung(n, name, f.status(), finding, f.evidence(), ruleWords(f.rule()),
                f.status() == RungStatus.PASS ? null : f.next());
    }

    /** A rung class's rule as the ladder shows it: one sentence. */
    static String ruleWords(String rule) {
        return KernelRung.capital(rule) + ".";
    }

    /** GB/s per direction the slower card's path is capable of (its LnkCap chain, never the idle trained link). */
    static double linkGbPerS(Pair p) {
        double min = Double.NaN;
        for (TopoNode.FunctionNode n : p.both()) {
            PathCeiling c = PathCeilings.of(p.t(), n);
            if (c == null || c.pathCapableMbps() <= 0) return Double.NaN;
            double g = c.pathCapableMbps() / 8000.0;
            min = Double.isNaN(min) ? g : Math.min(min, g);
        }
        return min;
    }

    /** The GPU's index as nvidia-smi counts it where the capture says, else null. */
    static String index(Pair p, TopoNode.FunctionNode n) {
        String l = PeerPaths.gpuLabel(p.t(), n.bdf());
        return l != null ? l.substring(3) : null;
    }
}
