package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.PciFunction;

/** The AER status bits and LnkSta bandwidth flags of real captures, as the hop verdicts weigh them. */
class LinkErrorsGoldenTest {

    /**
     * ASUS laptop: root port 00:06.2 (to a Micron 3400 NVMe at 16 GT/s x4, as fast as both ends allow) prints
     * {@code CESta: RxErr+}: the hop stays OK, and its reason says the link errs and that it retrained (BWMgmt+).
     */
    @Test
    void aFullSpeedLinkWithReceiverErrorsIsSaid() {
        Sample s = Sample.of("asus-laptop-alderlake-rtx3070ti-gl9755-vvxxxx");
        HopVerdict h = s.hop("00:06.2", "03:00.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.OK);
        assertThat(h.facts().errors().statusBits()).containsExactly("RxErr+ on 0000:00:06.2");
        assertThat(h.reason()).contains("the link is erroring: AER status RxErr+ on 0000:00:06.2")
                .contains("BWMgmt+");
    }

    /** Puget WRX90: the ConnectX-7 prints {@code Rollover+ Timeout+}: replay rollovers and timeouts on its own link. */
    @Test
    void replayTimeoutsOnANicAreWireErrors() {
        Sample s = Sample.of("puget-wrx90-threadripper-pro-rtx6000ada-cx7");
        HopVerdict h = s.report().hops().stream().filter(v -> v.link().device() != null
                && v.link().device().bdf().equals(Bdf.parse("21:00.0"))).findFirst().orElseThrow();
        assertThat(h.facts().errors().statusBits()).containsExactly("Rollover+ on 0000:21:00.0",
                "Timeout+ on 0000:21:00.0");
        assertThat(h.facts().erroring()).isTrue();
    }

    /**
     * Raptor Lake desktop: LnkSta's second line {@code TrErr- Train- SlotClk+ DLActive+ BWMgmt+ ABWMgmt-} is read;
     * an OK hop does not mention the retrain (most ports show it after boot), and {@code AdvNonFatalErr} (advisory) is
     * not a wire error.
     */
    @Test
    void bandwidthChangeFlagsAreRead() {
        Sample s = Sample.of("intel-raptorlake-13900k-desktop-rtl8125-aer");
        PciFunction port = s.capture().functions().stream().filter(f -> f.bdf().equals(Bdf.parse("00:06.0")))
                .findFirst().orElseThrow();
        assertThat(port.express().bwMgmt()).isTrue();
        assertThat(port.express().autoBw()).isFalse();
        HopVerdict h = s.hop("00:06.0", "01:00.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.OK);
        assertThat(h.facts().errors().retrained()).isTrue();
        assertThat(h.reason()).doesNotContain("retrained");
    }
}
