package dev.lanescope.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The hand-written line tests in {@link LineShapes} answer exactly as the patterns the role detection used to run
 * on every line, on lines built from the pieces that matter: indentation of TABs and spaces, the body keys, line
 * terminators and whitespace that only some of the patterns treat as blank.
 */
class LineShapesProperties {

    private static final Pattern INDENTED = Pattern.compile("^[\\t ]+\\S.*$");
    private static final Pattern VERBOSE_KEY = Pattern.compile(
            "^[\\t ]+(Flags:|Control:|Status:|Capabilities:|Region \\d|Memory at|I/O ports at|Bus: primary=|"
                    + "Subsystem:|Kernel driver in use:|Kernel modules:|LnkSta:|LnkCap:|Latency:|Interrupt:).*");

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> piece = Arbitraries.of("\t", " ", "  ", "\r", "\n", "\u000b", "\f", "\u0085", "\u2028",
                "\u00a0", "x", "GPU0", "Region ", "Region 0", "Regionx", "LnkSta:", "LnkSta", "Memory at",
                "Kernel modules:", "Bus: primary=", "I/O ports at", "Flags:", "0", ":", "\u2029");
        return piece.list().ofMaxSize(6).map(l -> String.join("", l));
    }

    @Property(tries = 3000)
    void indentedAsThePattern(@ForAll("lines") String l) {
        assertThat(LineShapes.indented(l)).as("'%s'", l).isEqualTo(INDENTED.matcher(l).matches());
    }

    @Property(tries = 3000)
    void verboseKeyAsThePattern(@ForAll("lines") String l) {
        assertThat(LineShapes.indented(l) && LineShapes.verboseKey(l)).as("'%s'", l)
                .isEqualTo(VERBOSE_KEY.matcher(l).matches());
    }

    @Property(tries = 1000)
    void gpuHeaderAsStrip(@ForAll("lines") String l) {
        boolean old = !l.isEmpty() && Character.isWhitespace(l.charAt(0)) && l.strip().startsWith("GPU0");
        assertThat(LineShapes.startsAfterWhitespace(l, "GPU0")).as("'%s'", l).isEqualTo(old);
    }

    @Example
    void realLines() {
        // a -vv body line and a -v summary line are both indented with a key; a wrapped flag line is indented only
        assertThat(LineShapes.verboseKey("\t\tLnkSta:\tSpeed 16GT/s, Width x16")).isTrue();
        assertThat(LineShapes.verboseKey("\tRegion 0: Memory at f4000000 (32-bit, non-prefetchable) [size=16M]")).isTrue();
        assertThat(LineShapes.verboseKey("\t\t\t TrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-")).isFalse();
        assertThat(LineShapes.indented("\t\t\t TrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-")).isTrue();
        assertThat(LineShapes.indented("00:00.0 Host bridge: Intel Corporation Device 9b33")).isFalse();
        assertThat(new LineShapes().version("lspci version 3.10.0")).isEqualTo("3.10.0");
    }
}
