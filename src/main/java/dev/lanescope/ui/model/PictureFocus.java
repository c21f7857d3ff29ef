package dev.lanescope.ui.model;

import java.util.LinkedHashSet;
import java.util.Set;

import dev.lanescope.layout.LayoutResult;
import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.TopoNode;

/**
 * What a picture shows first, the one home of that rule for the window and the decision PNG: the whole machine
 * when it fits the screen readably, else the paths that matter with everything else folded. The paths that
 * matter are the subject card's (the selected card, else the device below the first faulty hop, else the first
 * GPU), its best candidate slots', and the other GPUs'. Pure: no JavaFX.
 */
public final class PictureFocus {

    /** Below this zoom box text is too small to read; a picture that needs less is folded to what matters. */
    public static final double READABLE_ZOOM = 0.75;

    /** Candidate slots drawn (the best ones); the side panel and {@code lanescope advise} list them all. */
    public static final int CANDIDATES_SHOWN = 3;

    private PictureFocus() {
    }

    /**
     * The card the picture is about: {@code selected} when given, else the first fault's device, else the first GPU,
     * else the first data-centre NIC.
     */
    public static Bdf subject(InsightsFactory.Analysed a, Bdf selected) {
        if (selected != null && a.topology().node(selected).isPresent()) return selected;
        Bdf fault = firstFault(a);
        if (fault != null) return fault;
        Bdf gpu = first(a, dev.lanescope.model.DeviceKind::isGpu);
        // a server without GPU cards: its first data-centre NIC (never the BMC's display)
        return gpu != null ? gpu : first(a, dev.lanescope.model.DeviceKind::isPeer);
    }

    private static Bdf first(InsightsFactory.Analysed a, java.util.function.Predicate<dev.lanescope.model.DeviceKind> kind) {
        return a.topology().functions().stream().filter(f -> kind.test(dev.lanescope.model.DeviceKind.of(a.topology(), f)))
                .map(TopoNode.FunctionNode::bdf).findFirst().orElse(null);
    }

    /** The device below the first faulty hop (lost lanes, trained low), or null. */
    public static Bdf firstFault(InsightsFactory.Analysed a) {
        return a.report().hops().stream()
                .filter(h -> h.verdict().isFault() && h.link().device() != null)
                .map(h -> h.link().device().bdf())
                .findFirst().orElse(null);
    }

    /**
     * The functions whose paths stay drawn in the decision picture: the subject, its best candidate slots, every
     * GPU. Empty without a subject.
     */
    public static Set<Bdf> of(InsightsFactory.Analysed a, Bdf subject) {
        return of(a, subject, true);
    }

    /**
     * The functions whose paths stay drawn: the subject, its best candidate slots when {@code candidates} (the
     * window leaves them to the side panel, where choosing one shows its path), every GPU. Empty without a subject.
     */
    public static Set<Bdf> of(InsightsFactory.Analysed a, Bdf subject, boolean candidates) {
        Set<Bdf> keep = new LinkedHashSet<>();
        if (subject == null) return keep;
        keep.add(subject);
        if (candidates) {
            for (CardAdvice.Candidate c : shownCandidates(InsightsFactory.advise(a, subject))) {
                if (c.port() != null) keep.add(c.port());
            }
        }
        for (TopoNode.FunctionNode f : a.topology().functions()) {
            // GPU cards, not a BMC's display or an iGPU: the device-kind rule every view shares
            if (dev.lanescope.model.DeviceKind.of(a.topology(), f).isGpu()) keep.add(f.bdf());
        }
        return keep;
    }

    /** The candidate slots a picture shows: the {@link #CANDIDATES_SHOWN} best. */
    public static java.util.List<CardAdvice.Candidate> shownCandidates(CardAdvice advice) {
        java.util.List<CardAdvice.Candidate> all = advice.candidates();
        return all.subList(0, Math.min(CANDIDATES_SHOWN, all.size()));
    }

    /** True when the laid-out picture fits a {@code width} x {@code height} view at a readable zoom. */
    public static boolean readable(LayoutResult r, double width, double height) {
        return Math.min(width / r.width(), height / r.height()) >= READABLE_ZOOM;
    }

    /**
     * The first view for a view of {@code width} x {@code height}: the whole machine when it is readable there,
     * else the subject's and the GPUs' paths with the rest folded (the whole machine again when there is nothing
     * to focus on).
     */
    public static TopologyLayouts.Picture firstView(InsightsFactory.Analysed a, Set<String> expanded, Bdf selected,
                                                    double width, double height) {
        TopologyLayouts.Picture whole = TopologyLayouts.of(a.topology(), expanded);
        if (readable(whole.layout(), width, height)) return whole;
        Set<Bdf> keep = of(a, subject(a, selected), false);
        return keep.isEmpty() ? whole : TopologyLayouts.of(a.topology(), expanded, keep);
    }
}
