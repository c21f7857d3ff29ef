package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.lanescope.model.Problem;

/**
 * The messages the loader's last-resort handlers write when a parser throws. A parser that throws is a bug even
 * when the handler turns it into a located problem, so robustness properties and fuzz tests assert none appears.
 */
public final class CatchAll {

    /** The start of each last-resort message (parse, capture). */
    public static final List<String> MARKERS = List.of("could not read this line (", "could not finish reading (",
            "could not read this tree line (", "kernel bandwidth line could not be read (",
            "hex dump could not be decoded", "lspci text could not be read");

    private CatchAll() {
    }

    /** Fails when a problem comes from a parser that threw. */
    public static void assertNone(List<Problem> problems) {
        for (Problem p : problems) {
            for (String m : MARKERS) {
                assertThat(p.message()).as("a parser threw: %s", p).doesNotContain(m);
            }
        }
    }
}
