package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;

/**
 * Real sample files, damaged at random (truncation, deleted, duplicated and shuffled lines, mutated characters):
 * the parser never throws, never hangs, and locates every problem inside the input.
 */
class VerboseParserProperties {

    static final List<String> FILES = List.of(
            "samples/arm-n1sdp-multidomain-plx8749-vvxxx/vv.txt",
            "samples/puget-wrx90-threadripper-pro-rtx6000ada-cx7/vv.txt",
            "samples/apple-imac2020-cometlake-navi14-titanridge/vv.txt",
            "samples/aws-ec2-m4.2xlarge-xen-numeric-vvn/vv_n.txt",
            "samples/pciutils-versions/rootport-HEAD.txt",
            "samples/pciutils-versions/gp108-endpoint-v3.5.0.txt",
            "samples/acer-alderlake-hx-rtx4070-vmd-domain10000/vv.txt");

    static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The damage kinds. */
    enum Damage { TRUNCATE, DELETE, DUPLICATE, MUTATE, SHUFFLE, ALL }

    static final String ALPHABET = "\t \r:[]()<>/.,+-x0123456789abcdefGT/sWidthSpeedRegion\u00a0\uffff#=";

    static List<String> damage(List<String> in, Damage kind, long seed) {
        Random rnd = new Random(seed);
        List<String> out = new ArrayList<>(in);
        if (out.isEmpty()) return out;
        switch (kind) {
            case TRUNCATE -> {
                int keep = rnd.nextInt(out.size());
                out = new ArrayList<>(out.subList(0, keep));
                if (!out.isEmpty() && rnd.nextBoolean()) {
                    String last = out.get(out.size() - 1);
                    out.set(out.size() - 1, last.substring(0, rnd.nextInt(last.length() + 1)));
                }
            }
            case DELETE -> {
                for (int k = 1 + rnd.nextInt(20); k > 0 && !out.isEmpty(); k--) out.remove(rnd.nextInt(out.size()));
            }
            case DUPLICATE -> {
                for (int k = 1 + rnd.nextInt(20); k > 0; k--) {
                    int i = rnd.nextInt(out.size());
                    out.add(rnd.nextInt(out.size() + 1), out.get(i));
                }
            }
            case MUTATE -> {
                for (int k = 1 + rnd.nextInt(200); k > 0; k--) {
                    int i = rnd.nextInt(out.size());
                    StringBuilder sb = new StringBuilder(out.get(i));
                    int op = rnd.nextInt(3);
                    char c = ALPHABET.charAt(rnd.nextInt(ALPHABET.length()));
                    if (op == 0 || sb.length() == 0) sb.insert(sb.length() == 0 ? 0 : rnd.nextInt(sb.length()), c);
                    else if (op == 1) sb.setCharAt(rnd.nextInt(sb.length()), c);
                    else sb.deleteCharAt(rnd.nextInt(sb.length()));
                    out.set(i, sb.toString());
                }
            }
            case SHUFFLE -> Collections.shuffle(out, rnd);
            case ALL -> {
                for (Damage d : new Damage[] {Damage.MUTATE, Damage.DUPLICATE, Damage.DELETE, Damage.TRUNCATE}) {
                    out = damage(out, d, rnd.nextLong());
                }
            }
        }
        return out;
    }

    @Provide
    Arbitrary<String> sampleFile() {
        return Arbitraries.of(FILES);
    }

    @Property(tries = 300)
    void damagedInputNeverThrowsNorHangsAndProblemsAreLocated(@ForAll("sampleFile") String file,
                                                              @ForAll Damage kind, @ForAll long seed) {
        List<String> input = damage(lines(file), kind, seed);
        long t0 = System.nanoTime();
        ParseResult<List<PciFunction>> r = VerboseParser.parse(file, input);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(ms).as("parse time of %d lines (ms)", input.size()).isLessThan(1000);
        assertThat(r.value()).isNotNull().doesNotContainNull();
        CatchAll.assertNone(r.problems()); // a throw caught by the parser's last-resort handler is still a bug
        for (Problem p : r.problems()) {
            assertThat(p.line()).as(p.toString()).isBetween(0, input.size());
            assertThat(p.file()).isEqualTo(file);
        }
        for (PciFunction f : r.value()) {
            assertThat(f.source().line()).isBetween(1, input.size());
        }
        // every function address appears once
        assertThat(r.value()).extracting(PciFunction::bdf).doesNotHaveDuplicates();
    }

    @Property(tries = 50)
    void crlfNeverChangesTheResult(@ForAll("sampleFile") String file, @ForAll long seed) {
        // a lone CR inside a line is itself a line end in text form, so keep mutations free of CR here
        List<String> input = damage(lines(file), Damage.MUTATE, seed).stream()
                .map(l -> l.replace('\r', ' ')).toList();
        String lf = String.join("\n", input);
        String crlf = String.join("\r\n", input);
        var a = VerboseParser.parse(file, lf);
        var b = VerboseParser.parse(file, crlf);
        assertThat(b.value()).isEqualTo(a.value());
    }
}
