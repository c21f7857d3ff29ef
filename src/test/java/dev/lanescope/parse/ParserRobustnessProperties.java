package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import dev.lanescope.model.Problem;

/**
 * The tree and kernel-log parsers never throw on damaged real inputs (not even into their last-resort handler,
 * which would turn the throw into a problem), and every problem points inside the input.
 */
class ParserRobustnessProperties {

    private static final List<String> TREES = List.of(
            "puget-wrx90-threadripper-pro-rtx6000ada-cx7/tv.txt",
            "dell-poweredge-t630-xeon-e5v4-2s/tv.txt",
            "dell-xps-alderlake-p-vmd-domain10000-tree/tv.txt",
            "dell-optiplex-5055-ryzen-tvn/tvn.txt",
            "pciutils-versions/tree-by-version.txt");
    private static final List<String> LOGS = List.of(
            "dell-poweredge-t630-xeon-e5v4-2s/dmesg.txt",
            "dell-optiplex-xe3-i7-8700-quadro-p2000/syslog.txt",
            "dell-poweredge-r7615-epyc-genoa-dmesg/dmesg.txt");
    private static final String NOISE = "-+\\|[]:. 0123456789abcdefxGT/s(),PCIe";

    /** Truncates, shuffles, drops, duplicates or mutates characters of the lines, from a seed. */
    static List<String> damage(List<String> lines, long seed, int mode) {
        Random r = new Random(seed);
        List<String> out = new ArrayList<>(lines);
        switch (mode) {
            case 0 -> {
                int cut = out.isEmpty() ? 0 : r.nextInt(out.size());
                out = new ArrayList<>(out.subList(cut, out.size()));
                if (!out.isEmpty()) {
                    String last = out.get(out.size() - 1);
                    out.set(out.size() - 1, last.substring(0, r.nextInt(last.length() + 1)));
                }
            }
            case 1 -> Collections.shuffle(out, r);
            default -> {
                for (int k = 0; k < 1 + r.nextInt(40) && !out.isEmpty(); k++) {
                    int i = r.nextInt(out.size());
                    StringBuilder s = new StringBuilder(out.get(i));
                    int op = r.nextInt(4);
                    if (op == 0 && s.length() > 0) s.setCharAt(r.nextInt(s.length()), NOISE.charAt(r.nextInt(NOISE.length())));
                    else if (op == 1 && s.length() > 0) s.deleteCharAt(r.nextInt(s.length()));
                    else if (op == 2) s.insert(r.nextInt(s.length() + 1), NOISE.charAt(r.nextInt(NOISE.length())));
                    else out.add(r.nextInt(out.size()), s.toString());
                    out.set(i, s.toString());
                }
            }
        }
        return out;
    }

    @Provide
    Arbitrary<Integer> mode() {
        return Arbitraries.integers().between(0, 2);
    }

    @Property(tries = 150)
    void treeParserNeverThrows(@ForAll("mode") int mode, @ForAll long seed) {
        String rel = TREES.get((int) Math.floorMod(seed, (long) TREES.size()));
        List<String> lines = damage(Samples.lines(rel), seed, mode);
        ParseResult<?> r = TreeParser.parse(rel, lines);
        assertThat(r.value()).isNotNull();
        assertInside(r.problems(), lines.size());
    }

    @Property(tries = 100)
    void kernelParserNeverThrows(@ForAll("mode") int mode, @ForAll long seed) {
        String rel = LOGS.get((int) Math.floorMod(seed, (long) LOGS.size()));
        List<String> lines = damage(Samples.lines(rel), seed, mode);
        ParseResult<?> r = KernelLogParser.parse(rel, lines);
        assertThat(r.value()).isNotNull();
        assertInside(r.problems(), lines.size());
    }

    private static void assertInside(List<Problem> problems, int lineCount) {
        CatchAll.assertNone(problems);
        for (Problem p : problems) {
            assertThat(p.line()).as(p.toString()).isBetween(0, lineCount);
        }
    }
}
