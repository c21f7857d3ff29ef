package dev.lanescope.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The numbers users read, written one way everywhere. */
class UnitsTest {

    @Test
    void linkRatesReadAsTheKernelPrintsThem() {
        assertThat(Units.gbps(31_504)).isEqualTo("31.504");
        assertThat(Units.gbps(2_000)).isEqualTo("2.000");
        assertThat(Units.gbps(0)).isEqualTo("0.000");
        assertThat(LinkState.formatGbps(504_112)).isEqualTo("504.112");
    }

    @Test
    void transferSizesNameWholeMebibytesAndGibibytes() {
        assertThat(Units.bytes(3L << 20)).isEqualTo("3 MiB");
        assertThat(Units.bytes(1L << 30)).isEqualTo("1 GiB");
        assertThat(Units.bytes(460_800)).isEqualTo("460,800 B");
        assertThat(Units.binaryBytes(4_096)).isEqualTo("4 KiB");
        assertThat(Units.binaryBytes(1_000)).isEqualTo("1000 B");
    }

    @Test
    void countsRatesAndSharesHaveOneForm() {
        assertThat(Units.count(1_234_567)).isEqualTo("1,234,567");
        assertThat(Units.twoDecimals(12.345)).isEqualTo("12.35");
        assertThat(Units.twoDecimals(Double.NaN)).isEqualTo("-");
        assertThat(Units.percent(0.456)).isEqualTo("46 %");
        assertThat(Units.plain(2.0)).isEqualTo("2");
        assertThat(Units.plain(0.5)).isEqualTo("0.5");
        assertThat(Units.plain(1e20)).isEqualTo("1.0E20");
    }
}
