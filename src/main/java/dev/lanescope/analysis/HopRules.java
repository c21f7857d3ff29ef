package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Why a hop got its verdict, in one read (docs/RULES.md §2): one named rule per verdict over the hop's facts
 * ({@link HopFacts}), and the precedence that picks the hop's verdict when several hold; the others become its
 * secondary findings. Judged from register codes only, never from lspci's {@code (downgraded)} text. The words
 * people read are rendered apart, in {@link HopWords}.
 */
public final class HopRules {

    private HopRules() {
    }

    /** The verdict and the others that also hold, in precedence order. */
    public record Decision(LinkVerdict verdict, List<LinkVerdict> secondary) {
        public Decision {
            secondary = List.copyOf(secondary);
        }

        public boolean holds(LinkVerdict v) {
            return verdict == v || secondary.contains(v);
        }
    }

    /** One verdict's rule. */
    private record Rule(LinkVerdict verdict, Predicate<HopFacts> holds) {
    }

    /**
     * Precedence, first wins: what cannot be judged, then what is not a wire, then empty slots, then faults, then
     * configuration, then what needs a closer look; OK only when nothing else holds.
     */
    private static final List<Rule> PRECEDENCE = List.of(
            new Rule(LinkVerdict.UNKNOWN, HopRules::unknown),
            new Rule(LinkVerdict.TUNNELLED, HopRules::tunnelled),
            new Rule(LinkVerdict.LINK_DOWN, HopRules::linkDown),
            new Rule(LinkVerdict.WIDTH_DEGRADED, HopRules::widthDegraded),
            new Rule(LinkVerdict.SPEED_DEGRADED, HopRules::speedDegraded),
            new Rule(LinkVerdict.TARGET_CAPPED, HopRules::targetCapped),
            new Rule(LinkVerdict.IDLE_DOWNSHIFT, HopRules::idleDownshift),
            new Rule(LinkVerdict.WIRED_NARROW, HopRules::wiredNarrow));

    /** The verdicts in precedence order, OK last. */
    public static final List<LinkVerdict> ORDER = java.util.stream.Stream.concat(
            PRECEDENCE.stream().map(Rule::verdict), java.util.stream.Stream.of(LinkVerdict.OK)).toList();

    /** Every rule that holds, in precedence order; OK when none does. */
    public static Decision decide(HopFacts f) {
        List<LinkVerdict> holds = new ArrayList<>();
        for (Rule r : PRECEDENCE) {
            if (r.holds().test(f)) holds.add(r.verdict());
        }
        if (holds.isEmpty()) return new Decision(LinkVerdict.OK, List.of());
        return new Decision(holds.get(0), holds.subList(1, holds.size()));
    }

    /** The registers are hidden or undecodable, or the two ends contradict each other. */
    static boolean unknown(HopFacts f) {
        return f.unknown() != null;
    }

    /** The hop is a Thunderbolt/USB4 tunnel: its reported link is not a wire. */
    static boolean tunnelled(HopFacts f) {
        return f.tunnel();
    }

    /** A port with nothing below: no status, x0, or DLActive-. */
    static boolean linkDown(HopFacts f) {
        return f.emptyPort() && f.unknown() == null;
    }

    /**
     * Fewer lanes than both ends can do: read idle, or seen under load. On a port without a slot that is the board's
     * wiring unless the link errs (docs/RULES.md §12).
     */
    static boolean widthDegraded(HopFacts f) {
        return f.widthLow() && !f.narrowOnBoard() || f.lanesShortUnderLoad();
    }

    /**
     * Trained slow with no idle explanation: below a capped target on a non-GPU hop; below capable on a non-GPU hop
     * that did not climb under load; or on a GPU hop whose under-load reading stayed low.
     */
    static boolean speedDegraded(HopFacts f) {
        if (!f.speedLow()) return false;
        if (f.targetBelowCapable()) return f.belowTarget() && !f.leadsToGpu();
        // a slow GPU link that errs is no idle downshift (docs/RULES.md §12)
        if (f.leadsToGpu()) return f.loadGenerationRead() ? !f.climbedUnderLoad() : f.erroring();
        return !f.climbedUnderLoad();
    }

    /** The platform asks for less: LnkCtl2's target is below what both ends can do, and it trained low. */
    static boolean targetCapped(HopFacts f) {
        return f.speedLow() && f.targetBelowCapable();
    }

    /**
     * A GPU's link trained slow with no under-load reading to say otherwise (below the capped target, when the
     * platform caps it): idle power management until a probe proves it.
     */
    static boolean idleDownshift(HopFacts f) {
        if (!f.speedLow() || !f.leadsToGpu()) return false;
        return f.targetBelowCapable() ? f.belowTarget() : !f.loadGenerationRead() && !f.erroring();
    }

    /**
     * The port has fewer lanes than the device (an x16 card in a socket wired x4), or a part on the board trained
     * narrower with no error on its link (docs/RULES.md §12).
     */
    static boolean wiredNarrow(HopFacts f) {
        return f.portNarrower() || f.narrowOnBoard();
    }
}
