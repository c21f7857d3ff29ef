package dev.lanescope.analysis.ceiling;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/** "Does the link matter?" reads the card's real budget and offers the host memories people run, each with its source. */
class LinkMattersEvidenceTest {

    @Test
    void behindAThunderboltTunnelTheTunnelsBudgetIsTheRateNotTheTunnelHopsReportedLink() {
        // the eGPU's path: the tunnel hop 06:01.0 -> 07:00.0 reports 2.5 GT/s x4 (8 Gb/s = 1 GB/s); the routers are
        // Titan Ridge and Alpine Ridge (Thunderbolt 3): about 22 Gb/s of PCIe, 2.75 GB/s
        Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(
                Path.of("src/test/resources/evidence/laptop-egpu-rtx3090-tb3"))));
        CapableLink c = CapableLink.of(t, Bdf.parse("09:00.0")).orElseThrow();
        assertThat(c.tunnel()).isNotNull();
        assertThat(c.usableMbps()).isEqualTo(22_000);
        assertThat(c.describe()).contains("about 22 Gb/s of PCIe on Thunderbolt 3").contains("not the wire");
        H2dRate r = H2dRate.fromUsable(c.usableMbps() / 8000.0, "the tunnel's budget", 0.85, 0);
        assertThat(r.gbPerS()).isEqualTo(2.75 * 0.85, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void serverLaptopAndHbmHostMemoriesAreOfferedEachWithItsSource() {
        // one socket's peak: MT/s x channels x 8 bytes
        assertThat(HostMemoryPreset.byKey("ddr4-3200-8ch").gbPerS()).isEqualTo(204.8);
        assertThat(HostMemoryPreset.byKey("ddr5-4800-12ch").gbPerS()).isEqualTo(460.8);
        assertThat(HostMemoryPreset.byKey("ddr5-4800-8ch").gbPerS()).isEqualTo(307.2);
        assertThat(HostMemoryPreset.byKey("lpddr5x-8533-128").gbPerS()).isEqualTo(136.528);
        assertThat(HostMemoryPreset.byKey("hbm2e-xeon-max").gbPerS()).isEqualTo(1638.4);
        assertThat(HostMemoryPreset.values()).allSatisfy(p -> assertThat(p.source()).isNotBlank());
    }
}
