package dev.lanescope.analysis.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/**
 * The evidence "Does the link matter?" starts from, on bundled real captures: the link a card's path is capable of,
 * never the one it trained to while idle; nothing at all when the capture shows no link for it.
 */
class CapableLinkTest {

    private static Optional<CapableLink> of(String sample, String card) {
        Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(Path.of("samples", sample))));
        return CapableLink.of(t, Bdf.parse(card));
    }

    /**
     * OptiPlex with an idle Quadro P2000: 00:01.0 LnkCap 8GT/s x16 and the card's LnkCap 8GT/s x16, trained 2.5GT/s
     * x16 at capture. The estimate starts from Gen3 x16 (7.876 x 16 / 8 = 15.75 GB/s usable), not from Gen1 (4 GB/s),
     * so the verdict cannot flip on an idle reading; the idle reading is shown and marked as not used.
     */
    @Test
    void anIdleCardIsJudgedOnItsCapableLink() {
        CapableLink c = of("dell-optiplex-xe3-i7-8700-quadro-p2000", "01:00.0").orElseThrow();
        assertThat(c.capable()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16));
        assertThat(c.trained()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 16));
        assertThat(c.describe()).startsWith("capable Gen3 x16 (its link to 0000:00:01.0)")
                .contains("trained Gen1 x16 when captured, not used");
        H2dRate r = H2dRate.fromLink(c.capable(), H2dRate.DEFAULT_ACHIEVABLE_FACTOR, 0);
        assertThat(r.gbPerS()).isCloseTo(15.752 * 0.85, org.assertj.core.data.Offset.offset(0.01));
        assertThat(r.source()).isEqualTo(H2dRate.Source.LINK_ESTIMATE);
        assertThat(r.note()).contains("an assumption").contains("not a register fact nor a measurement");
    }

    /**
     * iMac 2020: the Navi 14 (03:00.0) sits behind its own switch; the hop that limits it is the board's, 00:01.0 ->
     * 01:00.0, capable 8GT/s x8 (the card's upstream port is x8), narrower than the card's internal hop.
     */
    @Test
    void aCardBehindItsOwnSwitchIsJudgedOnTheBoardsHop() {
        CapableLink c = of("apple-imac2020-cometlake-navi14-titanridge", "03:00.0").orElseThrow();
        assertThat(c.capable()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 8));
        assertThat(c.where()).isEqualTo("narrowest hop 0000:00:01.0");
    }

    /**
     * The cloud VM's H200 sits on the virtual root bus: no link above it, but it prints its own LnkCap 32GT/s x16,
     * which the kernel's walk starts from too. The label says the host's path is hidden.
     */
    @Test
    void aCardOnAVirtualRootBusOffersItsOwnLinkCapability() {
        CapableLink c = of("cloud-vm-h200-passthrough-virtio", "00:06.0").orElseThrow();
        assertThat(c.capable()).isEqualTo(LinkState.of(LinkSpeed.GEN5, 16));
        assertThat(c.where()).contains("its own LnkCap").contains("virtual machine");
    }

    /**
     * The Xen guest's GRID K520 (00:03.0) on the emulated root bus prints LnkCap 8GT/s x16 and, idle, LnkSta 2.5GT/s
     * x16: its own capability is the start, the idle reading is shown and not used.
     */
    @Test
    void anIdleCardInAVirtualMachineIsJudgedOnItsOwnCapability() {
        CapableLink c = of("aws-ec2-g2.2xlarge-xen-grid-k520", "00:03.0").orElseThrow();
        assertThat(c.capable()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16));
        assertThat(c.describe()).contains("trained Gen1 x16 when captured, not used");
    }

    /**
     * No link to start from: the non-root capture hides the Quadro 2000's capabilities and its ports'. Nothing is
     * invented: the rate must come from a probe (or a typed measurement).
     */
    @Test
    void noVisibleLinkGivesNoEstimate() {
        assertThat(of("dell-precision-xeon-e5v3-quadro2000-nonroot", "03:00.0")).isEmpty();
    }
}
