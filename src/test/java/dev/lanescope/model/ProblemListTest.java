package dev.lanescope.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a hostile capture can make lanescope list: repeats fold, and kinds beyond the bound are only counted. */
class ProblemListTest {

    @Test
    void aRepeatedProblemIsOneWithItsCountAndFirstLines() {
        ProblemList l = new ProblemList();
        for (int i = 1; i <= 100_000; i++) l.add(Problem.warning("t.txt", i, "size '" + i + "x' is not a number; not used"));
        assertThat(l).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(1);
            assertThat(p.message()).contains("100,000 times in this file", "lines 1, 2, 3, 4, 5, ...");
        });
        assertThat(l.total()).isEqualTo(100_000);
    }

    @Test
    void kindsBeyondTheBoundAreCountedInOneProblem() {
        ProblemList l = new ProblemList();
        for (int i = 0; i < ProblemList.MAX_KINDS + 4000; i++) l.add(Problem.info("file" + i + "x", 0, "not recognised"));
        assertThat(l).hasSize(ProblemList.MAX_KINDS + 1);
        assertThat(l.total()).isEqualTo(ProblemList.MAX_KINDS + 4000);
        Problem last = l.get(l.size() - 1);
        assertThat(last.file()).isEqualTo("file" + ProblemList.MAX_KINDS + "x");
        assertThat(last.message()).startsWith("4,000 more problem(s) of other kinds were not listed");
        assertThat(last.fault()).isFalse();
        l.add(Problem.fault("late", 3, "could not read", new IllegalStateException("x")));
        assertThat(l.get(l.size() - 1).fault()).as("a fault among the unlisted is still seen").isTrue();
    }
}
