package dev.lanescope.analysis.ladder;

import java.nio.file.Path;
import java.util.List;

import static dev.lanescope.analysis.ladder.LadderFixture.ladder;
import static dev.lanescope.analysis.ladder.LadderFixture.sample;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;
import dev.lanescope.model.p2p.RungStatus;

/**
 * Each rung knows whose rule it is, pairs that cannot do direct P2P say so first, and the headline names both cards
 * as the capture does. The captures are in src/test/resources/evidence, each with its source.txt.
 */
class LadderStackRulesTest {

    static Path evidence(String name) {
        return Path.of("src/test/resources/evidence", name);
    }

    @Test
    void twoGeforceCardsWithA256MiBBar1AreNotSentToTheFirmwareSetup() {
        // mining board: two GTX 1070 (10de:1b81), Region 1 256M each, on 5 GT/s x1 risers
        Ladder l = ladder(evidence("mining-board-two-geforce-gen2x1-risers"), "01:00.0", "02:00.0");
        assertThat(l.rung(1).status()).isEqualTo(RungStatus.NOT_APPLICABLE);
        assertThat(l.rung(1).next()).isNull();
        assertThat(l.rung(1).finding()).contains("amdgpu's").doesNotContain("enable Resizable BAR");
        assertThat(l.lowestFailed()).isNull();
        assertThat(l.lowestNotPassed().rung()).isEqualTo(5);
        assertThat(l.headline()).doesNotContain("Firmware").contains("nvidia-smi topo -p2p r");
        // the link rung says what the x1 riser can carry: 5 GT/s x1 = 4000 Mb/s = 0.50 GB/s each way
        assertThat(l.rung(2).status()).isEqualTo(RungStatus.PASS);
        assertThat(l.rung(2).finding()).contains("At most 0.50 GB/s each way").contains("00:1c.0");
    }

    @Test
    void aLaptopsTwoThunderboltEgpusAreToldWhatTheTunnelCarries() {
        // two RTX 3090 in Alpine Ridge enclosures on a Titan Ridge (Thunderbolt 3) laptop; one BAR1 is 256M
        Ladder l = ladder(evidence("laptop-egpu-rtx3090-tb3"), "09:00.0", "0d:00.0");
        assertThat(l.rung(1).status()).isEqualTo(RungStatus.NOT_APPLICABLE);
        assertThat(l.headline()).doesNotContain("Resizable BAR").doesNotContain("fails");
        // Thunderbolt 3 carries about 22 Gb/s of PCIe: 22000 / 8000 = 2.75 GB/s, whatever a tunnel hop reports
        assertThat(l.rung(2).finding()).contains("At most 2.75 GB/s each way").contains("Thunderbolt/USB4 tunnel")
                .contains("about 22 Gb/s of PCIe on Thunderbolt 3");
    }

    @Test
    void cardsOfTwoVendorsStopBeforeTheFirstRung() {
        // RTX 3090 (10de:2204) at 01:00.0 and Navi 21 (1002:73bf) at 05:00.0
        Ladder l = ladder(evidence("mixed-rtx3090-navi21-rtx3070"), "01:00.0", "05:00.0");
        assertThat(l.headline()).startsWith("No direct P2P between 01:00.0 and 05:00.0")
                .contains("two vendors (NVIDIA and AMD)").contains("host memory")
                .doesNotContain("firmware setup").doesNotContain("not assigned");
        assertThat(l.noDirect()).isNotNull();
        // no rung asks for a firmware change or a library level for this pair
        for (Rung r : l.rungs()) {
            if (r.rung() != 2) assertThat(r.status()).isEqualTo(RungStatus.NOT_APPLICABLE);
            assertThat(r.next() == null ? "" : r.next()).doesNotContain("Above 4G").doesNotContain("NCCL_P2P_LEVEL");
        }
    }

    @Test
    void aBarWithAnAddressButDisabledIsSaidToBeDisabledNotUnassigned() {
        // the Navi 21 prints "Region 0: Memory at 2fc0000000 (64-bit, prefetchable) [disabled] [size=16G]"; paired
        // with the I225 NIC (07:00.0) so its own rung is judged
        Ladder l = ladder(evidence("mixed-rtx3090-navi21-rtx3070"), "05:00.0", "07:00.0");
        Rung r = l.rung(1);
        assertThat(r.finding()).contains("has an address (0x2fc0000000").contains("disabled")
                .doesNotContain("not assigned");
        assertThat(r.evidence()).anySatisfy(e -> assertThat(e.text()).contains("2fc0000000").contains("[disabled]"));
        assertThat(r.status()).isEqualTo(RungStatus.NOT_PROVEN);
    }

    @Test
    void twoTeslasOnTheTwoSocketsOfAnIntelServerAreToldTheyCannotTalkDirectly() {
        // P100 at 04:00.0 (NUMA node 0, root bus 00) and 82:00.0 (NUMA node 1, root bus 80) of a Broadwell-EP host
        Ladder l = ladder(evidence("broadwell-ep-2s-two-tesla-p100"), "04:00.0", "82:00.0");
        assertThat(l.headline()).startsWith("No direct P2P between 04:00.0 and 82:00.0")
                .contains("different sockets of an Intel host").contains("NUMA node 0, root bus 0000:00")
                .contains("NUMA node 1, root bus 0000:80").contains("do not force it with NCCL_P2P_LEVEL=SYS");
        assertThat(l.headline()).doesNotContain("lspci -nn");
    }

    @Test
    void aRootPortFirstOnItsRootBusIsCalledARootPort() {
        // 80:00.0 is "Xeon E7 v4/Xeon E5 v4/Xeon E3 v4/Xeon D PCI Express Root Port 0" (8086:6f02); 00:00.0 is DMI2
        Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(evidence("broadwell-ep-2s-two-tesla-p100"))));
        assertThat(P2pDma.what(t.function(Bdf.parse("80:00.0")).orElseThrow())).startsWith("the root port 80:00.0");
        assertThat(P2pDma.what(t.function(Bdf.parse("00:00.0")).orElseThrow())).isEqualTo("the host bridge");
        // the same on the public T630 capture, read from lspci -tv and -nn
        Topology t630 = TopologyBuilder.build(CaptureLoader.load(List.of(sample("dell-poweredge-t630-xeon-e5v4-2s"))));
        assertThat(P2pDma.what(t630.function(Bdf.parse("80:00.0")).orElseThrow())).startsWith("the root port");
    }

    @Test
    void onAMultiDomainServerTheHeadlineNamesBothCardsWithTheirDomains() {
        // one MI50 at 0000:01:00.0 and one at 0001:01:00.0
        Ladder l = ladder(evidence("arm-altra-two-domains-two-mi50"), "0000:01:00.0", "0001:01:00.0");
        assertThat(l.headline()).contains("0000:01:00.0 and 0001:01:00.0");
        assertThat(l.aAt()).isEqualTo("0000:01:00.0");
        assertThat(l.bAt()).isEqualTo("0001:01:00.0");
        // the Altra's root complex is a host bridge (class 0600) and is called one
        assertThat(l.rung(4).finding()).contains("the host bridge 1def:e100");
    }
}
