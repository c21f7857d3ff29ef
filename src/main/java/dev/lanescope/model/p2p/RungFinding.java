package dev.lanescope.model.p2p;

import java.util.List;

/**
 * A rung's verdict for one GPU pair.
 *
 * @param status   pass, fail or not proven
 * @param headline the first sentence a user reads: what was found, with the numbers
 * @param rule     the rule applied, in words
 * @param evidence the lines the verdict rests on
 * @param next     what to do or capture next (an exact command), null when the rung passed
 */
public record RungFinding(RungStatus status, String headline, String rule, List<Evidence> evidence, String next) {

    public RungFinding {
        evidence = List.copyOf(evidence);
    }
}
