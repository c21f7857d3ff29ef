package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import dev.lanescope.model.p2p.ChannelTransport;
import dev.lanescope.model.p2p.CollectiveOp;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.PeerCopy;
import dev.lanescope.model.p2p.RungFinding;
import dev.lanescope.model.p2p.RungStatus;
import dev.lanescope.model.p2p.Transport;

/**
 * Rung 7 of the P2P ladder, "collective library": does NCCL/RCCL use the direct path the copies proved, at its speed?
 *
 * <p>The rule. The library's send/receive bus bandwidth at the largest size (else the best all-reduce, all-gather or
 * reduce-scatter bus bandwidth, which nccl-tests scales to the same per-link figure) must reach
 * {@value #LIBRARY_SHARE_PERCENT} % of the rung-6 push copy of the same pair, and no channel between the pair may go
 * through host shared memory or the network. Why 80 %: over a direct path the library only adds its protocol (flags
 * and chunking, a few percent; the worked case: 9.75 of 10.29 GB/s, 94.7 %), while a library that falls back to
 * host shared memory copies every byte twice and lands near two thirds or below (the same box before its fix: 6.90,
 * 67 %, and its log said SHM). 80 % leaves room on both sides. The log outranks the number: a channel via SHM fails the
 * rung even when the figure looks good, since the figure then measured the fallback.
 */
public final class CollectiveRung {

    /** The share of the rung-6 copy figure the library must reach, in percent. */
    public static final int LIBRARY_SHARE_PERCENT = 80;

    static final String RULE = "send/receive bus bandwidth (else all-reduce, all-gather or reduce-scatter bus "
            + "bandwidth) at the largest size reaches " + LIBRARY_SHARE_PERCENT + " % of the pair's push copy, and "
            + "every channel between the pair in an NCCL_DEBUG=INFO log is direct (P2P), not SHM or NET";

    static final String MEASURE = "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,P2P,SHM,NET ./build/sendrecv_perf -b 8 -e 1G "
            + "-f 2 -g 2 2>&1 | tee sendrecv.log (nccl-tests, or rccl-tests on AMD; CUDA_VISIBLE_DEVICES or "
            + "HIP_VISIBLE_DEVICES set to the pair)";

    private CollectiveRung() {
    }

    /**
     * Judges one pair.
     *
     * @param tables     nccl-tests/rccl-tests tables run on this pair (others are the caller's to leave out)
     * @param channels   the log's channels between this pair ({@link NcclLog#betweenBuses} or betweenRanks); may be
     *                   empty when no log was given
     * @param copyGbPerS the pair's rung-6 push figure (the slower direction), NaN when rung 6 has none
     */
    public static RungFinding judge(List<CollectiveTable> tables, List<ChannelTransport> channels, double copyGbPerS) {
        List<Evidence> ev = new ArrayList<>();
        CollectiveTable table = pick(tables);
        CollectiveTable.Row row = table == null ? null : table.largest();
        String figure = null;
        if (row != null) {
            ev.add(new Evidence(table.file(), row.line(), "size " + row.bytes() + ": bus bandwidth "
                    + row.busGbPerS() + " GB/s"));
            figure = (table.op() == null ? "the collective" : table.op().words()) + " reaches "
                    + CopyEngineRung.gb(row.busGbPerS()) + " bus bandwidth at " + PeerCopy.sizeWords(row.bytes());
        }
        Map<Transport, Integer> kinds = NcclLog.count(channels);
        List<ChannelTransport> staged = channels.stream().filter(c -> !c.transport().direct()).toList();
        staged.stream().limit(3).forEach(c -> ev.add(c.at()));
        channels.stream().filter(c -> c.transport().direct()).limit(2).forEach(c -> ev.add(c.at()));
        if (!staged.isEmpty()) {
            Transport t = staged.get(0).transport();
            return new RungFinding(RungStatus.FAIL, "The library does not use the direct path: " + staged.size()
                    + " of " + channels.size() + " channels between these GPUs go " + t.words() + "."
                    + (figure == null ? "" : " Its " + figure + ", which measured that fallback."),
                    RULE, ev, "allow P2P across this path (NCCL_P2P_LEVEL=SYS, or PHB where the GPUs share a host "
                    + "bridge; older RCCL also needs its P2P-level fix), then rerun with NCCL_DEBUG=INFO: the log must "
                    + "say via P2P between them: " + MEASURE);
        }
        String transports = channels.isEmpty() ? " No NCCL_DEBUG=INFO log was given to show the transport."
                : " All " + channels.size() + " of its channels between them are " + String.join(" or ",
                kinds.keySet().stream().map(Transport::words).toList()) + ".";
        if (row == null) {
            return new RungFinding(RungStatus.NOT_PROVEN, channels.isEmpty()
                    ? "No collective library measurement for this pair yet."
                    : "The library connects these GPUs directly, but its bandwidth was not measured." + transports,
                    RULE, ev, MEASURE);
        }
        if (!(copyGbPerS > 0)) {
            return new RungFinding(RungStatus.NOT_PROVEN, KernelRung.capital(figure) + ", but there is no direct copy figure "
                    + "for this pair to judge it against." + transports, RULE, ev,
                    "measure the copies first (rung 6): native-probes/build/p2p_bw or TransferBench p2p 64M");
        }
        double share = row.busGbPerS() / copyGbPerS;
        String against = CopyEngineRung.pct(share) + " of the " + CopyEngineRung.gb(copyGbPerS) + " direct copy";
        if (share * 100 >= LIBRARY_SHARE_PERCENT) {
            return new RungFinding(RungStatus.PASS, KernelRung.capital(figure) + ", " + against + "." + transports, RULE, ev,
                    channels.isEmpty() ? "to confirm the path, keep the run's NCCL_DEBUG=INFO log: " + MEASURE : null);
        }
        return new RungFinding(RungStatus.FAIL, KernelRung.capital(figure) + ", only " + against + " (under "
                + LIBRARY_SHARE_PERCENT + " %)." + transports, RULE, ev, channels.isEmpty()
                ? "find which transport it used: " + MEASURE
                : "the transport is direct but slow: try NCCL_PROTO=Simple and more channels (NCCL_MIN_NCHANNELS=4),"
                + " and compare with the copy figure again");
    }

    /** The table that speaks for the pair: send/receive first, then two-rank tables, then the highest bus bandwidth. */
    static CollectiveTable pick(List<CollectiveTable> tables) {
        return tables.stream().filter(t -> t.largest() != null)
                .max(Comparator.<CollectiveTable>comparingInt(t -> t.op() == CollectiveOp.SENDRECV ? 1 : 0)
                        .thenComparingInt(t -> t.ranks() == 2 ? 1 : 0)
                        .thenComparingDouble(t -> t.largest().busGbPerS()))
                .orElse(null);
    }
}
