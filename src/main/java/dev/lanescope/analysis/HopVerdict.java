package dev.lanescope.analysis;

import java.util.List;

import dev.lanescope.model.Link;

/**
 * The verdict on one hop.
 *
 * @param link      the hop; for an empty port the link's {@code device} is null
 * @param verdict   the verdict by precedence
 * @param reason    what was read on this hop and why it got this verdict
 * @param secondary the other verdicts that also hold on this hop, in precedence order
 * @param facts     what was read on the hop and judged ({@link HopRules})
 */
public record HopVerdict(Link link, LinkVerdict verdict, String reason, List<LinkVerdict> secondary, HopFacts facts) {
    public HopVerdict {
        secondary = List.copyOf(secondary);
    }

    /** {@code 0000:00:01.1 -> 0000:01:00.0} (or {@code -> (empty)}). */
    public String hopLabel() {
        return link.port().bdf() + " -> " + (link.device() == null ? "(empty)" : link.device().bdf().toString());
    }

    /** One line for the CLI: hop, verdict, reason, advice. */
    public String sentence() {
        return hopLabel() + ": " + verdict.words() + ": " + reason;
    }
}
