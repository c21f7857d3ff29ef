package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;

/**
 * A laptop's soldered GPU wired with fewer lanes than it can use is the board's design: no sentence tells the user a
 * wider slot may help.
 */
class SolderedPartGoldenTest {

    /**
     * hp-laptop-coffeelake-gtx1650-titanridge/vv.txt: root port 00:01.0 LnkCap "Width x8", the GPU 01:00.0
     * "TU117M [GeForce GTX 1650 Mobile / Max-Q]" LnkCap "Width x16": the port has fewer lanes than the device, so the
     * hop is wired narrow; the name says "Mobile / Max-Q", a part soldered to the laptop's board.
     */
    @Test
    void aMobileGpuWiredNarrowIsTheBoardsDesignNotASlotToChange() {
        Sample s = Sample.of("hp-laptop-coffeelake-gtx1650-titanridge");
        HopVerdict h = s.hop("00:01.0", "01:00.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.WIRED_NARROW);
        assertThat(h.reason()).contains("no slot change applies").doesNotContain("wider slot");
        assertThat(s.report().summary()).anySatisfy(l -> assertThat(l).startsWith("Wired narrow on 0000:00:01.0")
                .contains("soldered").doesNotContain("wider slot"));
    }

    /**
     * The same laptop's NVMe drive at 6e:00.0 is a removable M.2 card: its hop trained x1 of x2 keeps the lost-lane
     * advice (the verdict for removable cards is unchanged).
     */
    @Test
    void aRemovableDriveKeepsItsAdvice() {
        Sample s = Sample.of("hp-laptop-coffeelake-gtx1650-titanridge");
        assertThat(s.verdict("00:1d.2", "6e:00.0")).isEqualTo(LinkVerdict.WIDTH_DEGRADED);
        assertThat(s.hop("00:1d.2", "6e:00.0").reason()).doesNotContain("no slot change applies");
    }
}
