package dev.lanescope.analysis.ceiling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The byte counts people type into the ceiling (the command's options and the panel alike). */
class ByteCountTest {

    @Test
    void readsWhatPeopleType() {
        assertThat(ByteCount.parse("slab", "460800")).isEqualTo(460_800L);
        assertThat(ByteCount.parse("slab", "3M")).isEqualTo(3L << 20);
        assertThat(ByteCount.parse("slab", " 1.5k ")).isEqualTo(1536L);
        assertThat(ByteCount.parse("slab", "2 G")).isEqualTo(2L << 30);
        assertThat(ByteCount.parse("slab", "1_000,000")).isEqualTo(1_000_000L);
        assertThat(ByteCount.parse("slab", "5.6e9")).isEqualTo(5_600_000_000L);
    }

    @Test
    void saysWhyWhatIsTypedIsNotACount() {
        assertThatThrownBy(() -> ByteCount.parse("slab", "lots")).hasMessage(
                "slab: 'lots' is not a byte count (e.g. 3M, 1.2G, 460800)");
        assertThatThrownBy(() -> ByteCount.parse("slab", "  ")).hasMessageContaining("slab: empty");
        assertThatThrownBy(() -> ByteCount.parse("slab", "1e20")).hasMessageContaining("'1e20' bytes is absurd");
        assertThatThrownBy(() -> ByteCount.parse("slab", "1.5")).hasMessage(
                "slab: must be a whole number of bytes (got 1.5)");
    }
}
