package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.AtomicsVerdict;

/**
 * A capture that is only a tree (`lspci -tv`) holds no registers: what a register would say is unknown, never a fact
 * about the card.
 */
class TreeOnlyGoldenTest {

    private static final String ESC8000 = "asus-esc8000a-e12-genoa-2s-4gpu";

    /**
     * asus-esc8000a-e12-genoa-2s-4gpu is `lspci -tv` alone: c1:00.0 "AD102GL [RTX 6000 Ada Generation]" is a PCI
     * Express GPU, but the tree prints no capability list. So AtomicOps cannot be verified (and the command that
     * reads them is named), not "not a PCI Express function: it cannot request AtomicOps"; the ceiling says the
     * capture holds no registers of it.
     */
    @Test
    void aGpuKnownOnlyFromATreeIsUnknownNotANonExpressFunction() {
        Sample s = Sample.of(ESC8000);
        AtomicsVerdict a = s.atomics("c1:00.0");
        assertThat(a.status()).isEqualTo(AtomicsVerdict.Status.UNVERIFIABLE);
        assertThat(a.reason()).contains("no registers of 0000:c1:00.0").contains("sudo lspci -vv")
                .doesNotContain("not a PCI Express function");
        assertThat(s.ceiling("c1:00.0").sentence()).contains("no registers of it in this capture")
                .doesNotContain("not a PCI Express function");
    }
}
