package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.lanescope.model.p2p.CopyEngine;
import dev.lanescope.model.p2p.CopyInitiator;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.PeerCopy;
import dev.lanescope.model.p2p.RungFinding;
import dev.lanescope.model.p2p.RungStatus;

/**
 * Rung 6 of the P2P ladder, "copy engines": do direct GPU-to-GPU copies run at link speed, in both directions?
 *
 * <p>The rule. For each direction the best <em>push</em> copy (the source writes into its peer, by kernel or by DMA
 * engine, at the largest size measured) must reach {@value #PUSH_SHARE_PERCENT} % of what the pair's link carries
 * (the payload rate of the slower card's capable path, per direction). The slower direction decides. Why push and why
 * half: remote writes are posted and stream at close to link rate (the worked case: 10.29 GB/s on Gen3 x16, 65 % of
 * 15.75 GB/s), while a copy that is not direct but staged through host memory crosses the host twice and lands well
 * below half; pull (remote reads) is bounded by read-request latency and often runs far slower and direction-dependent
 * on a healthy path (1.5 and 3.1 GB/s in the same case), so pull is reported but never decides. Copies both ways at
 * once are reported too: their sum near twice one direction shows the directions do not share one bottleneck.
 * A copy measured while the driver refused peer access was staged by the runtime: it proves nothing direct and fails.
 */
public final class CopyEngineRung {

    /** The share of the link a push copy must reach, in percent. */
    public static final int PUSH_SHARE_PERCENT = 50;

    static final String RULE = "each direction's best push copy (source writes into its peer; kernel or DMA engine, "
            + "largest size) reaches " + PUSH_SHARE_PERCENT + " % of the link's per-direction payload rate; pull "
            + "copies are shown but do not decide; copies made without peer access do not count";

    private CopyEngineRung() {
    }

    /**
     * Judges GPUs {@code a} and {@code b} (the tools' device indices).
     *
     * @param copies        every copy measured (other pairs are ignored)
     * @param linkGbPerS    GB/s per direction the pair's path is capable of (NaN when unknown); never the idle
     *                      trained rate
     * @param linkWords     that link in words ("Gen3 x16"), shown in the sentence; may be null
     */
    public static RungFinding judge(int a, int b, List<PeerCopy> copies, double linkGbPerS, String linkWords) {
        List<PeerCopy> pair = copies.stream().filter(c -> c.joins(a, b)).toList();
        if (pair.isEmpty()) {
            return new RungFinding(RungStatus.NOT_PROVEN, "No copy between GPU " + a + " and GPU " + b
                    + " was measured yet.", RULE, List.of(), measure(a, b));
        }
        List<PeerCopy> staged = pair.stream().filter(c -> Boolean.FALSE.equals(c.peerAccess())).toList();
        if (!staged.isEmpty()) {
            PeerCopy s = staged.get(0);
            return new RungFinding(RungStatus.FAIL, "The driver refused peer access between GPU " + a + " and GPU " + b
                    + ", so its copies (" + gb(s.gbPerS()) + ") went through host memory: no direct copy was made.",
                    RULE, evidence(staged), "nvidia-smi topo -p2p r (NVIDIA) or rocm-smi --showtopoaccess (AMD) shows "
                    + "which pairs the driver allows; the lower rungs say why");
        }
        Optional<PeerCopy> ab = best(pair, a, b, CopyInitiator.PUSH);
        Optional<PeerCopy> ba = best(pair, b, a, CopyInitiator.PUSH);
        List<PeerCopy> used = new ArrayList<>();
        ab.ifPresent(used::add);
        ba.ifPresent(used::add);
        Optional<PeerCopy> pullAb = best(pair, a, b, CopyInitiator.PULL);
        Optional<PeerCopy> pullBa = best(pair, b, a, CopyInitiator.PULL);
        pullAb.ifPresent(used::add);
        pullBa.ifPresent(used::add);
        Optional<PeerCopy> both = pair.stream().filter(PeerCopy::bidirectional)
                .max(Comparator.comparingLong(PeerCopy::bytes).thenComparingDouble(PeerCopy::gbPerS));
        both.ifPresent(used::add);
        if (ab.isEmpty() || ba.isEmpty()) {
            String have = ab.or(() -> ba).map(c -> "Push was measured only from GPU " + c.from() + " to GPU " + c.to()
                    + " (" + gb(c.gbPerS()) + ")").orElse("No push copy was measured (only pull or both at once)");
            return new RungFinding(RungStatus.NOT_PROVEN, have + "; both directions are needed.", RULE,
                    evidence(used), measure(a, b));
        }
        PeerCopy slow = ab.get().gbPerS() <= ba.get().gbPerS() ? ab.get() : ba.get();
        String pushes = "push " + gb(ab.get().gbPerS()) + " from GPU " + a + " to GPU " + b + " and "
                + gb(ba.get().gbPerS()) + " back";
        String extra = bothWords(both, slow) + pullWords(pullAb, pullBa, slow);
        if (!(linkGbPerS > 0)) {
            return new RungFinding(RungStatus.NOT_PROVEN, "Direct copies run (" + pushes + "), but the link between "
                    + "the cards is not known, so they cannot be judged against it." + extra, RULE, evidence(used),
                    "open the machine's capture (sudo lspci -vv > lspci-vv.txt; lspci -tv > lspci-tv.txt) with this"
                    + " pair so the link's rate is known");
        }
        double share = slow.gbPerS() / linkGbPerS;
        String link = gb(linkGbPerS) + (linkWords == null ? "" : " of " + linkWords);
        if (share * 100 >= PUSH_SHARE_PERCENT) {
            return new RungFinding(RungStatus.PASS, "Direct copies run at link speed both ways: " + pushes + ", the "
                    + "slower at " + pct(share) + " of the " + link + " per direction." + extra, RULE, evidence(used), null);
        }
        return new RungFinding(RungStatus.FAIL, "Direct copies are slow: " + pushes + "; the slower is " + pct(share)
                + " of the " + link + " per direction, under " + PUSH_SHARE_PERCENT + " %." + extra, RULE,
                evidence(used), "check the lower rungs (BAR placement within the DMA mask, the kernel's P2PDMA "
                + "decision, the driver's peer access) and compare the DMA engine with the kernel copy: "
                + "TransferBench p2p 64M (AMD) or native-probes/build/p2p_bw --gpu " + a + " --gpu " + b);
    }

    /**
     * The pair's push figure for the library rung: the slower of the two directions' best push copies, NaN when a
     * direction has none. This is what {@link CollectiveRung#judge} compares the library against.
     */
    public static double slowerPush(int a, int b, List<PeerCopy> copies) {
        List<PeerCopy> pair = copies.stream().filter(c -> c.joins(a, b) && !Boolean.FALSE.equals(c.peerAccess()))
                .toList();
        Optional<PeerCopy> ab = best(pair, a, b, CopyInitiator.PUSH);
        Optional<PeerCopy> ba = best(pair, b, a, CopyInitiator.PUSH);
        return ab.isPresent() && ba.isPresent() ? Math.min(ab.get().gbPerS(), ba.get().gbPerS()) : Double.NaN;
    }

    /** The best copy one way for one initiator: per engine the largest size, then the faster engine. */
    static Optional<PeerCopy> best(List<PeerCopy> pair, int from, int to, CopyInitiator who) {
        List<PeerCopy> one = pair.stream().filter(c -> !c.bidirectional() && c.from() == from && c.to() == to
                && c.initiator() == who).toList();
        // engines in declaration order, so a tie keeps the copy engine: the same answer on every run
        return one.stream().collect(Collectors.groupingBy(PeerCopy::engine, () -> new EnumMap<>(CopyEngine.class),
                        Collectors.toList())).values().stream()
                .map(l -> l.stream().max(Comparator.comparingLong(PeerCopy::bytes)
                        .thenComparingDouble(PeerCopy::gbPerS)).orElseThrow())
                .max(Comparator.comparingDouble(PeerCopy::gbPerS));
    }

    private static String bothWords(Optional<PeerCopy> both, PeerCopy slow) {
        if (both.isEmpty()) return "";
        double sum = both.get().gbPerS();
        return sum >= 1.5 * slow.gbPerS()
                ? " Both directions at once carry " + gb(sum) + " together: they do not share one bottleneck."
                : " Both directions at once carry only " + gb(sum) + " together, little more than one direction: "
                + "they share one bottleneck.";
    }

    private static String pullWords(Optional<PeerCopy> ab, Optional<PeerCopy> ba, PeerCopy slowPush) {
        List<PeerCopy> pulls = new ArrayList<>();
        ab.ifPresent(pulls::add);
        ba.ifPresent(pulls::add);
        List<PeerCopy> slow = pulls.stream().filter(p -> p.gbPerS() < 0.5 * slowPush.gbPerS()).toList();
        if (slow.isEmpty()) return "";
        StringBuilder sb = new StringBuilder(" Pull (the destination reading) is slower: ");
        for (int i = 0; i < slow.size(); i++) {
            PeerCopy p = slow.get(i);
            sb.append(i == 0 ? "" : " and ").append(gb(p.gbPerS())).append(" into GPU ").append(p.to());
        }
        return sb.append("; remote reads often are, and pull alone is no verdict.").toString();
    }

    private static String measure(int a, int b) {
        return "native-probes/build/p2p_bw --gpu " + a + " --gpu " + b + " > p2p.jsonl (NVIDIA: push and pull, copy "
                + "engine and kernel copy, each way and both at once), or TransferBench p2p 64M (AMD)";
    }

    private static List<Evidence> evidence(List<PeerCopy> used) {
        List<Evidence> out = new ArrayList<>();
        for (PeerCopy c : used) {
            if (!out.contains(c.at())) out.add(c.at());
        }
        return out;
    }

    static String gb(double v) {
        return String.format(Locale.ROOT, "%.2f GB/s", v);
    }

    static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }
}
