package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;

/** The one number reader: a bad value is a located WARNING naming the field, never an exception. */
class NumbersTest {

    @Test
    void aNumberTooLargeForItsFieldIsAWarningAtItsLineNamingTheField() {
        List<Problem> problems = new ArrayList<>();
        Numbers.At at = new Numbers.At("MANIFEST", 7, problems);
        assertThat(at.integer("exit status", "99999999999")).isNull();
        assertThat(at.integer("exit status", "300", 0, 255)).isNull();
        assertThat(at.whole("size", "9".repeat(400))).isNull();
        assertThat(at.decimal("busbw", "1e400")).isNull();
        assertThat(problems).hasSize(4).allSatisfy(p -> {
            assertThat(p.file()).isEqualTo("MANIFEST");
            assertThat(p.line()).isEqualTo(7);
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
            assertThat(p.fault()).isFalse();
        });
        assertThat(problems.get(0).message()).startsWith("exit status '99999999999' is out of range");
        assertThat(problems.get(2).message().length()).isLessThan(200); // the value is quoted short
    }

    @Test
    void onlyPlainDecimalTextIsANumber() {
        List<Problem> problems = new ArrayList<>();
        Numbers.At at = new Numbers.At("t.txt", 1, problems);
        for (String s : List.of("1.2.3", "0x10", "NaN", "Infinity", "1d", "1f", "", " ", "-", "1e", "e5", "٣")) {
            assertThat(at.decimal("v", s)).as(s).isNull();
        }
        for (String s : List.of("1.2", "12", "x", "1e3", "+5")) {
            if (!s.contains("e") && !s.contains(".")) continue;
            assertThat(Numbers.parseWhole(s)).as(s).isNull();
        }
        assertThat(problems).hasSize(12).allSatisfy(p -> assertThat(p.message()).contains("not a number"));
        assertThat(at.decimal("v", " 2.5e-3 ")).isEqualTo(0.0025);
        assertThat(at.whole("v", "-0000000000000000000000000000042")).isEqualTo(-42L);
        assertThat(Numbers.parseWhole("9223372036854775808")).isNull();
        assertThat(Numbers.parseWhole("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(Numbers.parseDecimal(".5")).isEqualTo(0.5);
    }
}
