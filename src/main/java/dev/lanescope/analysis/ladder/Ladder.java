package dev.lanescope.analysis.ladder;

import java.util.List;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.p2p.RungStatus;

/**
 * The P2P acceptance ladder of one pair of devices (docs/RULES.md §9): each rung proven in order, link before library before
 * framework. Tokens per second are never evidence for any rung.
 *
 * @param a         the first device (as the user named the pair)
 * @param b         the second device
 * @param aAt       the first device's address as the capture's users read it (with the domain where it has several)
 * @param bAt       the second's
 * @param noDirect  why the pair cannot do direct P2P at all (different vendors, different sockets of an Intel
 *                  host), said before any rung; null when nothing rules it out
 * @param rungs     rungs 1 to 9, in order
 */
public record Ladder(Bdf a, Bdf b, String aName, String bName, String aAt, String bAt, String noDirect,
                     List<Rung> rungs) {
    public Ladder {
        rungs = List.copyOf(rungs);
    }

    /** The lowest rung that still stands (failed or not proven; a rung whose rule is another stack's does not), or null. */
    public Rung lowestNotPassed() {
        return rungs.stream().filter(Rung::open).findFirst().orElse(null);
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
        String pair = aAt + " and " + bAt;
        if (noDirect != null) return "No direct P2P between " + pair + " (" + aName + ", " + bName + "): " + noDirect
                + ".";
        if (low == null) return "Direct P2P between " + pair + " is proven on every rung that applies, from the"
                + " firmware to the framework's log.";
        if (f != null) {
            String head = "Direct P2P between " + pair + " fails at rung " + f.rung() + " (" + f.name() + "): "
                    + firstSentence(f.finding());
            return f == low ? head : head + " Below it, rung " + low.rung() + " (" + low.name()
                    + ") is not proven yet; next: " + low.next();
        }
        List<Integer> passed = rungs.stream().filter(r -> r.rung() < low.rung() && r.passed()).map(Rung::rung).toList();
        List<Integer> na = rungs.stream().filter(r -> r.rung() < low.rung() && r.status() == RungStatus.NOT_APPLICABLE)
                .map(Rung::rung).toList();
        String proven = passed.isEmpty() ? "No rung is proven yet"
                : na.isEmpty() && passed.size() > 1 ? "Rungs 1 to " + (low.rung() - 1) + " pass"
                : (passed.size() == 1 ? "Rung " : "Rungs ") + numbers(passed) + (passed.size() == 1 ? " passes" : " pass");
        String skipped = na.isEmpty() ? "" : " (" + (na.size() == 1 ? "rung " : "rungs ") + numbers(na) + " "
                + (na.size() == 1 ? "is another stack's rule" : "are other stacks' rules") + ": not applicable)";
        return proven + skipped + " for " + pair + "; rung " + low.rung() + " (" + low.name() + ") is not proven yet."
                + " Next: " + low.next();
    }

    private static String numbers(List<Integer> l) {
        if (l.size() == 1) return String.valueOf(l.get(0));
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < l.size(); i++) {
            s.append(i == 0 ? "" : i == l.size() - 1 ? " and " : ", ").append(l.get(i));
        }
        return s.toString();
    }
}
