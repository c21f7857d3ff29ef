package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The one CSV writer: what a spreadsheet user opening the fleet, ceiling or scaling CSV would see. */
class CsvTest {

    /**
     * RFC 4180: a comma or a quote forces quoting, quotes doubled; a cell starting with = + - @ is text (a leading '),
     * so =HYPERLINK never runs; a negative number stays a number; null is an empty cell; lines end in CRLF.
     */
    @Test
    void quotedWhereNeededAndFormulasDefused() {
        String t = Csv.table(List.of("a", "b", "c", "d", "e"),
                List.of(Arrays.asList("x,y", "say \"hi\"", "=HYPERLINK(1)", "-3.5", null)));
        assertThat(t).isEqualTo("a,b,c,d,e\r\n\"x,y\",\"say \"\"hi\"\"\",'=HYPERLINK(1),-3.5,\r\n");
        assertThat(Csv.formulaSafe("@SUM(A1)")).isEqualTo("'@SUM(A1)");
        assertThat(Csv.formulaSafe("+1e3")).isEqualTo("+1e3");
        assertThat(Csv.formulaSafe("0000:00:01.0 -> 0000:01:00.0")).isEqualTo("0000:00:01.0 -> 0000:01:00.0");
    }

    /** nvidia-smi's --format=csv,noheader row "0, 00000000:01:00.0" gives its two cells, stripped. */
    @Test
    void nvidiaSmiRows() {
        assertThat(Csv.smiRows("0, 00000000:01:00.0\n\n1, 00000000:02:00.0\n"))
                .containsExactly(List.of("0", "00000000:01:00.0"), List.of("1", "00000000:02:00.0"));
    }
}
