package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.MoveAdvice;
import dev.lanescope.analysis.MoveAdvisor;
import dev.lanescope.analysis.MoveCandidate;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.TopoNode;

/**
 * "Would moving it help?" on real captures: only places a user can plug the card into, each with why; the honest
 * answers for a soldered laptop GPU and for a device behind a Thunderbolt link; and no false alarms at the top.
 */
class MoveAdviceGoldenTest {

    private static MoveAdvice advise(Sample s, String bdf) {
        return MoveAdvisor.advise(s.topology(), Bdf.parse(bdf));
    }

    private static List<Bdf> ports(MoveAdvice a) {
        return a.candidates().stream().map(MoveCandidate::port).toList();
    }

    /**
     * HP laptop, Coffee Lake-H: 01:00.0 is "TU117M [GeForce GTX 1650 Mobile / Max-Q]" on the PEG root port 00:01.0
     * (LnkCap 8GT/s x8, the GPU x16, trained 8GT/s x8 = 8 x 7.876 = 63.008 Gb/s). A mobile GPU is soldered to the
     * board: it cannot be moved, and no place is offered.
     */
    @Test
    void mobileGpuCannotBeMoved() {
        MoveAdvice a = advise(Sample.of("hp-laptop-coffeelake-gtx1650-titanridge"), "01:00.0");
        assertThat(a.answer()).isEqualTo("It cannot be moved: 0000:01:00.0 is a mobile GPU (NVIDIA Corporation TU117M"
                + " [GeForce GTX 1650 Mobile / Max-Q]) soldered to the laptop's board, so no slot change applies; it"
                + " gets 63.008 Gb/s where it is.");
        assertThat(a.helps()).isFalse();
        assertThat(a.candidates()).isEmpty();
        // its x8 port is how the board wires a soldered GPU: no "a wider slot may help" anywhere
        Sample s = Sample.of("hp-laptop-coffeelake-gtx1650-titanridge");
        assertThat(s.report().summary()).anyMatch(l -> l.startsWith("Wired narrow on 0000:00:01.0")
                && l.endsWith("the device is soldered to the board, so that is its design: no slot change applies."));
        assertThat(s.hop("00:01.0", "01:00.0").reason()).doesNotContain("wider slot");
    }

    /**
     * Same laptop, the Optane H10 at 6d:00.0 on PCH root port 00:1d.0 ("Slot #12"). The laptop's other ports: 00:01.0
     * holds the mobile GPU (soldered), 00:1b.0 holds the Titan Ridge controller 02:00.0, 03:01.0 and 03:04.0 are
     * Titan Ridge's own (empty) ports, 00:1d.6 holds the AX200 Wi-Fi module (an M.2 key E socket) and 00:1d.7 the
     * soldered RTS525A card reader. The one place an NVMe drive fits is the other NVMe socket, 00:1d.2 ("Slot #14",
     * LnkCap 8GT/s x2 = 15.752 Gb/s), as a swap with 6e:00.0. Slot numbers are real here; none is "slot 0".
     */
    @Test
    void laptopOffersOnlyTheOtherDriveSocket() {
        MoveAdvice a = advise(Sample.of("hp-laptop-coffeelake-gtx1650-titanridge"), "6d:00.0");
        assertThat(ports(a)).containsExactly(Bdf.parse("0000:00:1d.2"));
        MoveCandidate c = a.candidates().get(0);
        assertThat(c.name()).isEqualTo("slot 14 (0000:00:1d.2)");
        assertThat(c.predictedGbps()).isEqualTo("15.752");
        assertThat(c.why()).startsWith("a swap: it holds NVMe drive Intel Corporation Optane NVME SSD H10")
                .contains("0000:6e:00.0, which would go to slot 12 (0000:00:1d.0)")
                .endsWith("on root complex 0000:00, the same as now");
        assertThat(a.current().port()).isEqualTo(Bdf.parse("0000:00:1d.0"));
        // both sockets give 8GT/s x2: a no-op, said plainly
        assertThat(a.answer()).isEqualTo("Moving it would not help: the other candidate, slot 14 (0000:00:1d.2),"
                + " gives the same 15.752 Gb/s as now (both x2): a no-op.");
    }

    /**
     * HP Spectre x360 with an HP Thunderbolt 3 dock, tree only (`lspci -tvnn`). The dock's switch 2c:00.0 hangs from
     * root port 00:07.1, whose bus window [2c-56] (43 buses) is a hot-plug reservation on a root complex that holds
     * the "Ice Lake Thunderbolt 3 NHI": a Thunderbolt port. The dock's BCM57762 NIC at 2f:00.0 is behind the tunnel:
     * the answer names the Thunderbolt link as the limit and says the capture shows no internal slot (the laptop's
     * other ports hold the card reader and the NVMe drive, no place for a NIC; 00:07.0 [01-2b] is the other
     * Thunderbolt port). A tree has no link facts, so whether an internal slot would beat the tunnel is unknown: null.
     */
    @Test
    void dockDeviceGetsTheThunderboltAnswer() {
        Sample s = Sample.of("hp-spectre-x360-icelake-tb3-dock-trees/tv_coldplugged.txt");
        MoveAdvice a = advise(s, "2f:00.0");
        // the tree names no bridge, but the root complex's "Ice Lake Thunderbolt 3 NHI" says Thunderbolt 3: ~22 Gb/s
        assertThat(a.answer()).isEqualTo("Moving it inside the enclosure or dock would not help: its Thunderbolt link"
                + " is the limit (about 22 Gb/s of PCIe on Thunderbolt 3, whatever the card's own link reads). An"
                + " internal slot would lift it if this machine has one; this capture shows none.");
        assertThat(a.helps()).isNull();
        assertThat(a.candidates()).isEmpty();
        // the empty Thunderbolt root port is no place for the USB controller either
        assertThat(ports(advise(s, "2e:00.0"))).doesNotContain(Bdf.parse("0000:00:07.0"), Bdf.parse("0000:2d:02.0"));
    }

    /**
     * Dell OptiPlex XE3 desktop: the Quadro P2000 01:00.0 in slot 2 (00:01.0, LnkCap 8GT/s x16) reads 2.5GT/s x16:
     * an idle GPU, so the answer is about training, not slots. The one other place is PCH root port 00:1d.0 ("Slot
     * #4", LnkCap 8GT/s x4, LnkSta x0 DLActive-: empty): 4 x 7.876 = 31.504 Gb/s, set by the port, on the same root
     * complex, behind the chipset.
     */
    @Test
    void desktopEmptySlotSaysWhyAndWhere() {
        MoveAdvice a = advise(Sample.of("dell-optiplex-xe3-i7-8700-quadro-p2000"), "01:00.0");
        assertThat(a.answer()).startsWith("Moving it would not help: the link trained at 2.5 GT/s on a 8 GT/s path");
        assertThat(a.helps()).isFalse();
        assertThat(ports(a)).containsExactly(Bdf.parse("0000:00:1d.0"));
        MoveCandidate c = a.candidates().get(0);
        assertThat(c.label()).isEqualTo("slot 4");
        assertThat(c.predictedGbps()).isEqualTo("31.504");
        assertThat(c.why()).isEqualTo("an empty slot; on root complex 0000:00, the same as now");
        assertThat(c.chipset()).isTrue();
        assertThat(a.current().label()).isEqualTo("slot 2");
    }

    /**
     * Two-socket Xeon E5 v3 with an X710 at 03:00.0 below 00:03.0 (LnkCap 8GT/s x8; the NIC x8: 63.008 Gb/s). Socket
     * 1's root ports 80:01.0 ("Slot #2", x8) and 80:03.0 ("Slot #1", x16) are empty: each predicts min(card x8, port)
     * = 63.008 and says it is on the other root complex, NUMA node 1. 00:00.0 is the DMI host bridge (it prints a
     * Root Port capability): never a slot.
     */
    @Test
    void serverCandidatesNameTheirRootComplexAndNumaNode() {
        MoveAdvice a = advise(Sample.of("intel-xeon-e5v3-c610-x710-xl710-old-pciutils"), "03:00.0");
        assertThat(ports(a)).contains(Bdf.parse("0000:80:01.0"), Bdf.parse("0000:80:03.0"))
                .doesNotContain(Bdf.parse("0000:00:00.0"), Bdf.parse("0000:00:03.0"));
        MoveCandidate slot2 = a.candidates().stream().filter(c -> c.port().equals(Bdf.parse("0000:80:01.0")))
                .findFirst().orElseThrow();
        assertThat(slot2.name()).isEqualTo("slot 2 (0000:80:01.0)");
        assertThat(slot2.predictedGbps()).isEqualTo("63.008");
        assertThat(slot2.why()).isEqualTo("an empty slot; on root complex 0000:80 (NUMA node 1), not the one it is on"
                + " now");
        assertThat(a.answer()).isEqualTo("Moving it would not help: no candidate gives more than the 63.008 Gb/s it"
                + " gets now.");
    }

    /** No candidate on any bundled capture is called "slot 0", and no candidate is the card's own port. */
    @Test
    void neverSlotZeroNeverTheOwnPort() {
        for (String dir : List.of("acer-alderlake-hx-rtx4070-vmd-domain10000", "asus-zephyrus-g14-ga402rj-ryzen6700h",
                "intel-raptorlake-13900k-desktop-rtl8125-aer", "puget-wrx90-threadripper-pro-rtx6000ada-cx7",
                "loongson-7a2000-radeon-oland")) {
            Sample s = Sample.of(dir);
            for (TopoNode.FunctionNode n : s.topology().functions()) {
                if (n.role() != TopoNode.Role.ENDPOINT) continue;
                MoveAdvice a = MoveAdvisor.advise(s.topology(), n.bdf());
                for (MoveCandidate c : a.candidates()) {
                    assertThat(c.label()).as(dir + " " + n.bdf()).doesNotContain("slot 0");
                    assertThat(c.current()).isFalse();
                    assertThat(c.why()).as(dir + " " + c.port()).isNotBlank();
                    if (a.current() != null) assertThat(c.port()).isNotEqualTo(a.current().port());
                }
            }
        }
    }

    /**
     * The kernel's "capable of" speed (pcie_get_supported_speeds, Linux 6.13+): LnkCap2's supported-speeds vector,
     * with speeds above LnkCap's Max Link Speed ignored; LnkCap alone only without a vector. ASUS PN51 05:00.0 prints
     * LnkCap 8GT/s and LnkCap2 "2.5-16GT/s": 8GT/s. Loongson 7A2000 0b:00.0 prints LnkCap 16GT/s and LnkCap2
     * "2.5GT/s": the vector wins, 2.5GT/s.
     */
    @Test
    void capableSpeedFollowsTheKernel() {
        Sample pn51 = Sample.of("asus-pn51-amd-ryzen-cezanne");
        assertThat(pn51.topology().function(Bdf.parse("05:00.0")).orElseThrow().express().capable().speed())
                .isEqualTo(LinkSpeed.GEN3);
        Sample loongson = Sample.of("loongson-7a2000-radeon-oland");
        assertThat(loongson.topology().function(Bdf.parse("0b:00.0")).orElseThrow().express().capable().speed())
                .isEqualTo(LinkSpeed.GEN1);
        // a consistent capture: the OptiPlex's syslog line and its lspci agree, so no "retrained since boot"
        assertThat(Sample.of("dell-optiplex-xe3-i7-8700-quadro-p2000").ceiling("01:00.0").mismatch()).isNull();
    }

    /**
     * An empty port whose link registers are not in the capture is unknown, not down: the Spectre's tree shows
     * nothing below 00:07.0 and no link status; the Dell Precision's non-root lspci hides 00:01.0's capabilities. An
     * empty port that printed LnkSta x0 DLActive- (the OptiPlex's 00:1d.0) is down. Neither unknown empty port is
     * listed at the top among the links that cannot be judged.
     */
    @Test
    void hiddenEmptyPortIsUnknownNotDown() {
        Sample spectre = Sample.of("hp-spectre-x360-icelake-tb3-dock-trees/tv_coldplugged.txt");
        assertThat(spectre.verdict("00:07.0", null)).isEqualTo(LinkVerdict.UNKNOWN);
        assertThat(spectre.report().summary()).noneMatch(l -> l.contains("0000:00:07.0"));
        Sample precision = Sample.of("dell-precision-xeon-e5v3-quadro2000-nonroot");
        assertThat(precision.verdict("00:01.0", null)).isEqualTo(LinkVerdict.UNKNOWN);
        assertThat(precision.hop("00:01.0", null).reason()).contains("lspci ran without root");
        assertThat(Sample.of("dell-optiplex-xe3-i7-8700-quadro-p2000").verdict("00:1d.0", null))
                .isEqualTo(LinkVerdict.LINK_DOWN);
    }

    /**
     * Puget WRX90: the HighPoint SSD7540 carrier's RAID controller 11:00.0 prints LnkCap 5GT/s x2 and LnkSta x1; its
     * port 10:14.0 is a downstream port of the carrier's own switch (0f:00.0, below which sits only that storage
     * controller) and the capture has no registers for it (tree only). Neither "lanes lost, reseat the card" nor red:
     * unknown, saying what is known. On the HP laptop, 00:1d.2 -> 6e:00.0 is an on-board port whose LnkCap (8GT/s
     * x2) was captured and trained x1: that one stays a lost-lanes fault.
     */
    @Test
    void narrowLinkInsideACardOrBelowAnUnseenPortIsNoReseatAlarm() {
        Sample puget = Sample.of("puget-wrx90-threadripper-pro-rtx6000ada-cx7");
        assertThat(puget.verdict("10:14.0", "11:00.0")).isEqualTo(LinkVerdict.UNKNOWN);
        assertThat(puget.hop("10:14.0", "11:00.0").reason())
                .contains("0000:11:00.0 trained x1 of its own x2, but 0000:10:14.0's registers were not captured")
                .contains("inside the own switch of the card with HighPoint Technologies, Inc. SSD7540");
        assertThat(puget.report().summary()).noneMatch(l -> l.startsWith("Lanes lost"));
        Sample hp = Sample.of("hp-laptop-coffeelake-gtx1650-titanridge");
        assertThat(hp.verdict("00:1d.2", "6e:00.0")).isEqualTo(LinkVerdict.WIDTH_DEGRADED);
    }

    /**
     * Puget WRX90: c1:00.0 and c2:00.0 are the same RTX 6000 Ada. A swap with the other one only trades places, and
     * the candidate says so; 20:01.1, holding the ConnectX-7 21:00.0, is a place too (a GPU takes a data-centre NIC's
     * x16 slot), on root complex 20 where the card is on c0.
     */
    @Test
    void swapWithAnIdenticalCardSaysItGainsNothing() {
        MoveAdvice a = advise(Sample.of("puget-wrx90-threadripper-pro-rtx6000ada-cx7"), "c1:00.0");
        assertThat(ports(a)).containsExactlyInAnyOrder(Bdf.parse("0000:20:01.1"), Bdf.parse("0000:c0:03.1"));
        MoveCandidate twin = a.candidates().stream().filter(c -> c.port().equals(Bdf.parse("0000:c0:03.1")))
                .findFirst().orElseThrow();
        assertThat(twin.why()).contains("0000:c2:00.0").contains("an identical card: the machine as a whole gains"
                + " nothing");
        MoveCandidate nic = a.candidates().stream().filter(c -> c.port().equals(Bdf.parse("0000:20:01.1")))
                .findFirst().orElseThrow();
        assertThat(nic.why()).startsWith("a swap: it holds data-centre NIC Mellanox Technologies MT2910 Family"
                + " [ConnectX-7] 0000:21:00.0").endsWith("on root complex 0000:20, not the one it is on now");
    }
}
