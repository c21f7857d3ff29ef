package dev.lanescope.analysis.ladder;

import java.util.List;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.p2p.RungStatus;

/**
 * The P2P acceptance ladder of one pair of devices (docs/RULES.md §9): each rung proven in order, link before library before
 * framework. Tokens per second are never evidence for any rung.
 *
 * @param a      the first device (as the user named the pair)
 * @param b      the second device
 * @param rungs  rungs 1 to 9, in order
 */
public record Ladder(Bdf a, Bdf b, String aName, String bName, List<Rung> rungs) {
    public Ladder {
        rungs = List.copyOf(rungs);
    }

    /** The lowest rung that did not pass (failed or not proven), or null when all passed. */
    public Rung lowestNotPassed() {
        return rungs.stream().filter(r -> !r.passed()).findFirst().orElse(null);
    }

    /** The lowest rung that failed, or null when none failed. */
    public Rung lowestFailed() {
        return rungs.stream().filter(r -> r.status() == RungStatus.FAIL).findFirst().orElse(null);
    }

    public Rung rung(int n) {
        return rungs.get(n - 1);
    }

    /** The first sentence of a finding (the rest is in the rung's own row). */
    static String firstSentence(String s) {
        int i = s.indexOf(". ");
        return i < 0 ? s : s.substring(0, i + 1);
    }

    /** The sentence the user reads first. */
    public String headline() {
        Rung f = lowestFailed();
        Rung low = lowestNotPassed();
        String pair = a.shortForm() + " and " + b.shortForm();
        if (low == null) return "Direct P2P between " + pair + " is proven on every rung, from the firmware to the"
                + " framework's log.";
        if (f != null) {
            String head = "Direct P2P between " + pair + " fails at rung " + f.rung() + " (" + f.name() + "): "
                    + firstSentence(f.finding());
            return f == low ? head : head + " Below it, rung " + low.rung() + " (" + low.name()
                    + ") is not proven yet; next: " + low.next();
        }
        String proven = low.rung() == 1 ? "No rung is proven yet" : "Rungs 1 to " + (low.rung() - 1) + " pass";
        return proven + " for " + pair + "; rung " + low.rung() + " (" + low.name() + ") is not proven yet. Next: "
                + low.next();
    }
}
