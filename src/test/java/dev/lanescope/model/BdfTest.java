package dev.lanescope.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Addresses print as lspci -D prints them (the domain at least 4 hex digits, more when it has them). */
class BdfTest {

    @Test
    void printsAsLspci() {
        // 0000:c1:00.0 is how lspci -D names the RTX 6000 Ada in the WRX90 sample
        assertThat(new Bdf(0, 0xc1, 0, 0)).hasToString("0000:c1:00.0");
        // a VMD domain (the Alder Lake-HX sample) is printed with its 5 digits: 10000:e0:17.0
        assertThat(new Bdf(0x10000, 0xe0, 0x17, 0)).hasToString("10000:e0:17.0");
        assertThat(new Bdf(0x1a, 0x05, 0x1f, 7).shortForm()).isEqualTo("05:1f.7");
        // the same text String.format gave before, for every field's extremes
        for (int v : new int[] {0, 1, 0xf, 0x10, 0xff, 0x7fffffff}) {
            Bdf b = new Bdf(v, v & 0xff, v & 0x1f, v & 7);
            assertThat(b.toString()).isEqualTo(String.format("%04x:%02x:%02x.%d", v, v & 0xff, v & 0x1f, v & 7));
        }
    }
}
