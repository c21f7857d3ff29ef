package dev.lanescope.analysis.ladder;

import java.util.List;

import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.RungStatus;

/**
 * One rung of the P2P acceptance ladder for one pair.
 *
 * @param rung      1 to 9, lowest first
 * @param name      the rung's name ({@code Firmware and BARs})
 * @param status    PASS, FAIL, NOT_PROVEN, or NOT_APPLICABLE when its rule is another driver's
 * @param finding   what this pair shows on this rung, in one or two sentences, the answer first
 * @param evidence  the lines it rests on, each with file and line
 * @param rule      the rule applied, in plain words
 * @param next      for a rung not passed: the exact command or capture that proves or fixes it; null when passed
 */
public record Rung(int rung, String name, RungStatus status, String finding, List<Evidence> evidence, String rule,
                   String next) {
    public Rung {
        evidence = List.copyOf(evidence);
    }

    /** The status as the user reads it: passed, failed, not proven. */
    public String statusWords() {
        return switch (status) {
            case PASS -> "passed";
            case FAIL -> "failed";
            case NOT_PROVEN -> "not proven";
            case NOT_APPLICABLE -> "not applicable";
        };
    }

    public boolean passed() {
        return status == RungStatus.PASS;
    }

    /** Failed or not proven: a rung that still stands between the pair and proven P2P. */
    public boolean open() {
        return status == RungStatus.FAIL || status == RungStatus.NOT_PROVEN;
    }

    /** The same rung marked not applicable, with why; its evidence and next step dropped. */
    Rung notApplicable(String why) {
        return new Rung(rung, name, RungStatus.NOT_APPLICABLE, why, List.of(), rule, null);
    }
}
