package dev.lanescope.ui.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.AtomicsVerdict;
import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.MoveAdvice;
import dev.lanescope.analysis.MoveAdvisor;
import dev.lanescope.analysis.MoveCandidate;
import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.PeerPair;
import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.KernelBandwidthLine;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.pipeline.CaptureAnalysis;

/**
 * The one place the window reads the analysis package: turns a {@link Report} and {@link MoveAdvisor}'s advice
 * into the plain records the view-models hold. JavaFX-free, so it can be tested without a toolkit.
 */
public final class InsightsFactory {

    private InsightsFactory() {
    }

    /** Analyses a topology (the slow part; call off the FX thread). */
    public static Analysed analyse(Topology topology) {
        return analyse(topology, UnderLoad.none());
    }

    /** Analyses with link readings taken under load (a probe receipt's evidence), off the FX thread. */
    public static Analysed analyse(Topology topology, UnderLoad evidence) {
        return from(topology, Analyzer.analyze(topology, evidence), evidence);
    }

    /** The window's view of a capture read, built and analysed once ({@link CaptureAnalysis}). */
    public static Analysed from(CaptureAnalysis c) {
        return from(c.topology(), c.report(), c.evidence());
    }

    /** The insights of a report already made, with the evidence it was judged with. */
    public static Analysed from(Topology topology, Report report, UnderLoad evidence) {
        Map<Link, Insights.Hop> hops = new HashMap<>();
        for (HopVerdict h : report.hops()) {
            List<String> sec = h.secondary() == null ? List.of()
                    : h.secondary().stream().map(LinkVerdict::words).toList();
            hops.put(h.link(), new Insights.Hop(h.verdict().colourKey(), h.verdict().words(), h.reason(),
                    h.verdict().advice(), sec));
        }
        Map<Bdf, Insights.Atomic> atomics = new HashMap<>();
        for (AtomicsVerdict a : report.atomics()) {
            atomics.put(a.endpoint(), new Insights.Atomic(a.words(), a.breaksAt(), a.missingBit(), a.reason(),
                    a.status() == AtomicsVerdict.Status.BLOCKED, a.isFault()));
        }
        return new Analysed(topology, report, new Insights(hops, atomics, report.summary()), evidence);
    }

    /** A topology with its report (judged with {@code evidence}) and the derived insights. */
    public record Analysed(Topology topology, Report report, Insights insights, UnderLoad evidence) {
    }

    /** The side panel's content for one function (endpoint or not). */
    public static CardAdvice advise(Analysed a, Bdf card) {
        Topology t = a.topology();
        TopoNode.FunctionNode node = t.node(card).orElseThrow(() -> new IllegalArgumentException("no function " + card));
        String title = card + "  " + node.function().shortName();
        String answer;
        List<CardAdvice.Candidate> candidates = new ArrayList<>();
        MoveAdvice advice = null;
        try {
            advice = a.report().answer(card);
            answer = advice.answer();
            int rank = 1;
            for (MoveCandidate c : advice.candidates()) {
                candidates.add(new CardAdvice.Candidate(rank++, c.port(), c.sentence()));
            }
        } catch (RuntimeException e) {
            answer = "No advice for this function: " + e.getMessage();
        }
        List<CardAdvice.PathHop> path = new ArrayList<>();
        for (Link l : t.linksUpward(node)) {
            Insights.Hop h = a.insights().hop(l);
            path.add(new CardAdvice.PathHop(l, t.address(l.port().bdf()), t.address(l.device().bdf()),
                    state(l.capable()), state(l.trained()), speed(l.target()),
                    h == null ? "unknown" : h.key(), h == null ? "not analysed" : h.verdict()));
        }
        String ceiling = null;
        String kernel = null;
        for (PathCeiling c : a.report().ceilings()) {
            if (!card.equals(c.device())) continue;
            // the kernel's sentence ends without a full stop: the host-path note after it is a sentence of its own
            ceiling = c.sentence() + (c.mismatch() == null ? "" : "; " + c.mismatch())
                    + (c.hostPathNote() == null ? "" : ". " + c.hostPathNote());
            if (c.kernelLine() != null) kernel = c.kernelLine().text();
        }
        if (kernel == null) {
            for (KernelBandwidthLine k : t.capture().kernelLines()) {
                if (card.equals(k.device())) kernel = k.text();
            }
        }
        Insights.Atomic at = a.insights().atomics().get(card);
        String atomics = at == null ? "No AtomicOps verdict for this function."
                // a reason that already opens with the status ("Cannot verify AtomicOps: ...") is not prefixed twice
                : (at.reason().startsWith("Cannot verify") ? "" : at.status() + ": ") + at.reason()
                + (at.missingBit() != null && at.broken() ? " (missing: " + at.missingBit() + ")" : "");
        List<CardAdvice.Peer> peers = new ArrayList<>();
        for (PeerPair p : a.report().peers()) {
            Bdf other = card.equals(p.a()) ? p.b() : card.equals(p.b()) ? p.a() : null;
            if (other == null) continue;
            String otherName = t.function(other).map(f -> f.shortName()).orElse("");
            peers.add(new CardAdvice.Peer(other, t.address(other),
                    dev.lanescope.layout.TopologyLayouts.withoutVendor(otherName),
                    p.classText(),
                    String.valueOf(p.ncclP2pLevel()), p.explanation()));
        }
        return new CardAdvice(card, title, answer, path, ceiling, kernel, atomics, peers, candidates, advice);
    }

    private static String state(LinkState s) {
        return s == null ? "unknown" : s.isDown() ? "down (x0)" : s.genText() + " (" + s.speed().display() + ")";
    }

    private static String speed(LinkSpeed s) {
        return s == null ? "not captured" : s.genLabel();
    }
}
