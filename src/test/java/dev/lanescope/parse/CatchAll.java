package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.lanescope.model.Problem;

/**
 * A reader that throws is a bug even when a last-resort handler turns the throw into a located problem; such a
 * problem is marked {@link Problem#fault()}, whatever its message says, so robustness properties and fuzz tests
 * assert on that field.
 */
public final class CatchAll {

    private CatchAll() {
    }

    /** Fails when a problem comes from a reader that threw. */
    public static void assertNone(List<Problem> problems) {
        for (Problem p : problems) {
            assertThat(p.fault()).as("a reader threw: %s", p).isFalse();
        }
    }
}
