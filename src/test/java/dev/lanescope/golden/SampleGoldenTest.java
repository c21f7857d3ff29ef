package dev.lanescope.golden;

import static dev.lanescope.analysis.LinkVerdict.IDLE_DOWNSHIFT;
import static dev.lanescope.analysis.LinkVerdict.LINK_DOWN;
import static dev.lanescope.analysis.LinkVerdict.OK;
import static dev.lanescope.analysis.LinkVerdict.UNKNOWN;
import static dev.lanescope.analysis.LinkVerdict.WIDTH_DEGRADED;
import static dev.lanescope.analysis.LinkVerdict.WIRED_NARROW;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.AtomicsVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.PathClass;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.TopoNode;

/**
 * Golden verdicts on bundled real captures. Every expected value below was checked by hand against the dump
 * text (the LnkCap / LnkSta / LnkCtl2 / AtomicOps lines of both ends of the hop); the reasoning is written once
 * beside each assertion. The captures and their provenance are in samples/NAME/source.txt.
 */
class SampleGoldenTest {

    /**
     * Intel Coffee Lake desktop, pciutils 3.5.2 (one-line LnkSta), Quadro P2000, syslog with the kernel's line.
     * 00:01.0 LnkCap 8GT/s x16, LnkSta 2.5GT/s x16, LnkCtl2 target 8GT/s; the GPU 01:00.0 LnkCap 8GT/s x16:
     * trained below capable with a full-speed target and full width on a GPU hop = IDLE_DOWNSHIFT.
     * The kernel's walk: 01:00.0 2.5x16 = 32000, 00:01.0 2.5x16 = 32000, tie -> the upstream 00:01.0.
     */
    @Test
    void optiplexQuadroIdlesAtGen1AndMatchesTheKernelLine() {
        Sample s = Sample.of("dell-optiplex-xe3-i7-8700-quadro-p2000");
        assertThat(s.verdict("00:01.0", "01:00.0")).isEqualTo(IDLE_DOWNSHIFT);
        assertThat(s.ceiling("01:00.0").sentence()).isEqualTo("32.000 Gb/s available PCIe bandwidth, limited by"
                + " 2.5 GT/s PCIe x16 link at 0000:00:01.0 (capable of 126.016 Gb/s with 8.0 GT/s PCIe x16 link)");
        assertThat(s.ceiling("01:00.0").kernelLine()).as("syslog line found").isNotNull();
        assertThat(s.ceiling("01:00.0").mismatch()).as("kernel agrees with lspci").isNull();
        // 00:1c.0 LnkCap 8GT/s x1, the XIO2001 bridge 02:00.0 LnkCap 2.5GT/s x1, trained 2.5 x1: as capable.
        assertThat(s.verdict("00:1c.0", "02:00.0")).isEqualTo(OK);
        // 00:1d.0 LnkSta Width x0, DLActive-, bus 04 empty: an empty slot.
        assertThat(s.verdict("00:1d.0", null)).isEqualTo(LINK_DOWN);
        // pciutils 3.5.2 prints no AtomicOpsCap lines: cannot be verified, never guessed.
        assertThat(s.atomics("01:00.0").status()).isEqualTo(AtomicsVerdict.Status.UNVERIFIABLE);
    }

    /**
     * AMD Ryzen Embedded with a Pericom PI7C9X2G608GP Gen2 switch, tv + vv of the same machine.
     * 00:01.4 LnkCap 8GT/s x1; switch upstream 03:00.0 LnkCap 5GT/s x1; trained 5GT/s x1 = capable: OK.
     * 04:02.0 LnkCap 5GT/s x1, target 2.5GT/s; the Asix 06:00.0 LnkCap 2.5GT/s x1, trained 2.5 x1: OK (the
     * device caps the link, and lspci's "(downgraded)" on the port means nothing).
     * The Picasso GPU 0b:00.0 (ReqEn+) below 00:08.1 (AtomicOpsCap 32bit+ 64bit+, no switch between): routable.
     * The I210 07:00.0 sits below switch ports with AtomicOpsCap Routing-: blocked at its downstream port 04:03.0.
     */
    @Test
    void picassoSwitchHopsAtomicsAndAcs() {
        Sample s = Sample.of("amd-ryzen-embedded-picasso-pericom-switch");
        assertThat(s.verdict("00:01.4", "03:00.0")).isEqualTo(OK);
        assertThat(s.hop("00:01.4", "03:00.0").link().trained()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 1));
        assertThat(s.verdict("04:02.0", "06:00.0")).isEqualTo(OK);
        // 04:01.0: bus 05 has nothing, LnkSta DLActive-.
        assertThat(s.verdict("04:01.0", null)).isEqualTo(LINK_DOWN);
        assertThat(s.atomics("0b:00.0").status()).isEqualTo(AtomicsVerdict.Status.ROUTABLE_ENABLED);
        AtomicsVerdict i210 = s.atomics("07:00.0");
        assertThat(i210.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(i210.breaksAt()).isEqualTo(Bdf.parse("0000:04:03.0"));
        assertThat(i210.missingBit()).contains("Routing-");
        // neither the APU's own Picasso graphics nor the I210 1 GbE NICs are peers NCCL would pair (docs/RULES.md §5):
        // no pair is listed, so 04:03.0's ACS redirect (ACSCtl ReqRedir+ CmpltRedir+) concerns no peer here.
        assertThat(s.report().peers()).isEmpty();
        // the GPU's ceiling: 0b:00.0 8GT/s x16 below 00:08.1 8GT/s x16, capable 8GT/s x16: not limited.
        assertThat(s.ceiling("0b:00.0").availableMbps()).isEqualTo(126_016);
        assertThat(s.ceiling("0b:00.0").isLimited()).isFalse();
    }

    /**
     * Threadripper PRO WRX90 with two RTX 6000 Ada: a full -tv tree plus -vvv of four devices (space-indented).
     * c1:00.0 LnkCap 16GT/s x16, LnkSta 2.5GT/s x16: a GPU trained low at full width = IDLE_DOWNSHIFT (its root
     * port c0:01.1 is only in the tree, so the device end is read).
     * The HighPoint SSD7540 11:00.0 LnkCap 5GT/s x2, LnkSta 5GT/s x1, below its carrier's own switch port 10:14.0
     * whose registers are not captured: not a red "reseat", UNKNOWN with what is known (MoveAdviceGoldenTest).
     * The two GPUs hang from different root ports of root complex c0: PHB, which nvidia-smi topo.txt in the same
     * capture also prints; NCCL's default on an AMD CPU with two GPUs is SYS, so no NCCL_P2P_LEVEL is needed.
     */
    @Test
    void threadripperGpusIdleAndPeerAsPhb() {
        Sample s = Sample.of("puget-wrx90-threadripper-pro-rtx6000ada-cx7");
        assertThat(s.verdict("c0:01.1", "c1:00.0")).isEqualTo(IDLE_DOWNSHIFT);
        assertThat(s.verdict("c0:03.1", "c2:00.0")).isEqualTo(IDLE_DOWNSHIFT);
        assertThat(s.verdict("10:14.0", "11:00.0")).isEqualTo(dev.lanescope.analysis.LinkVerdict.UNKNOWN);
        assertThat(s.peer("c1:00.0", "c2:00.0").pathClass()).isEqualTo(PathClass.PHB);
        assertThat(s.peer("c1:00.0", "c2:00.0").ncclP2pLevel()).startsWith("default (SYS)");
        // the ConnectX-7 21:00.0 is on root complex 20, same NUMA node: NODE (topo.txt: GPU0-NIC0 NODE)
        assertThat(s.peer("21:00.0", "c1:00.0").pathClass()).isEqualTo(PathClass.NODE);
        // tree-only functions have no link facts: such hops are UNKNOWN, never guessed
        assertThat(s.verdict("00:03.1", "01:00.0")).isEqualTo(UNKNOWN);
    }

    /**
     * Arm N1SDP, two PCI domains, old pciutils (one-line LnkSta), a PLX PEX 8749 in domain 0000.
     * 02:13.0 (switch downstream) to the RTL8111 07:00.0 (LnkCap 2.5GT/s x1): trained 2.5 x1 = OK.
     * 0001:00:00.0 root port LnkSta 2.5GT/s x16 with DLActive- and nothing below in domain 0001: LINK_DOWN.
     */
    @Test
    void n1sdpTwoDomainsOldDialect() {
        Sample s = Sample.of("arm-n1sdp-multidomain-plx8749-vvxxx");
        assertThat(s.verdict("02:13.0", "07:00.0")).isEqualTo(OK);
        assertThat(s.verdict("0001:00:00.0", null)).isEqualTo(LINK_DOWN);
        assertThat(s.topology().rootComplexes()).extracting(TopoNode.RootComplex::domain).contains(0, 1);
        // root port 00:00.0 LnkCap 8GT/s x16, the PLX 8749 upstream port 01:00.0 LnkCap 5GT/s x16 (this PLX part
        // runs Gen2 here), trained 5GT/s x16 = capable: OK, whatever the root port could do alone.
        assertThat(s.hop("00:00.0", "01:00.0").link().capable()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 16));
        assertThat(s.verdict("00:00.0", "01:00.0")).isEqualTo(OK);
    }

    /**
     * Acer Alder Lake-HX laptop, pciutils 3.11+, Intel VMD domain 10000, RTX 4070 on a PEG port.
     * 00:01.0 LnkCap 32GT/s x8, GPU 01:00.0 LnkCap 16GT/s x16 -> capable 16GT/s x8, trained 16GT/s x8: OK.
     * 10000:e0:01.1 to the SK hynix P41 10000:e1:00.0: LnkCap 16GT/s x4 both ends, trained 16 x4: OK.
     * The Thunderbolt 4 NHI 04:00.0 is the controller's own function on its internal link, not a tunnel.
     */
    @Test
    void acerVmdDomainAndGpuOnPeg() {
        Sample s = Sample.of("acer-alderlake-hx-rtx4070-vmd-domain10000");
        assertThat(s.verdict("00:01.0", "01:00.0")).isEqualTo(OK);
        assertThat(s.hop("00:01.0", "01:00.0").link().capable()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 8));
        assertThat(s.verdict("10000:e0:01.1", "10000:e1:00.0")).isEqualTo(OK);
        assertThat(s.verdict("03:00.0", "04:00.0")).isNotEqualTo(LinkVerdict.TUNNELLED);
        assertThat(s.atomics("01:00.0").status()).isEqualTo(AtomicsVerdict.Status.ROUTABLE_NOT_REQUESTED);
    }

    /**
     * iMac 2020: Radeon Pro (Navi 14) behind the card's own switch (01:00.0 upstream, 02:00.0 downstream).
     * Root port 00:01.0 LnkCap 8GT/s x8 and the card's upstream port trained 8GT/s x8: the card's real link is
     * the root port's, so the GPU's ceiling is limited there at 8 x 7876 = 63.008 Gb/s.
     * The same machine captured without root: every link is UNKNOWN and says how to capture it properly.
     */
    @Test
    void imacGpuBehindItsOwnSwitchAndTheNonRootCapture() {
        Sample root = Sample.of("apple-imac2020-cometlake-navi14-titanridge/vv.txt");
        assertThat(root.verdict("00:01.0", "01:00.0")).isEqualTo(OK);
        assertThat(root.ceiling("03:00.0").availableMbps()).isEqualTo(63_008);
        assertThat(root.ceiling("03:00.0").limitingBdf()).isEqualTo(Bdf.parse("0000:00:01.0"));

        Sample nonRoot = Sample.of("apple-imac2020-cometlake-navi14-titanridge/vv_nonroot.txt");
        assertThat(nonRoot.capture().isNonRoot()).isTrue();
        assertThat(nonRoot.verdict("00:01.0", "01:00.0")).isEqualTo(UNKNOWN);
        assertThat(nonRoot.hop("00:01.0", "01:00.0").reason()).contains("sudo lspci -vv");
    }

    /**
     * HP laptop with a GTX 1650 and a Titan Ridge controller.
     * 00:01.0 LnkCap 8GT/s x8, the GPU 01:00.0 LnkCap 8GT/s x16, trained 8 x8: the socket wires x8 = WIRED_NARROW.
     * 00:1d.2 LnkCap 8GT/s x2, the Optane H10 6e:00.0 LnkCap 8GT/s x2, trained x1: a lane lost = WIDTH_DEGRADED.
     */
    @Test
    void hpLaptopNarrowGpuSlotAndLostLane() {
        Sample s = Sample.of("hp-laptop-coffeelake-gtx1650-titanridge/vv.txt");
        assertThat(s.verdict("00:01.0", "01:00.0")).isEqualTo(WIRED_NARROW);
        assertThat(s.verdict("00:1d.2", "6e:00.0")).isEqualTo(WIDTH_DEGRADED);
    }

    /**
     * 2-socket Ice Lake-SP with a ConnectX-5. 00:1c.5 LnkCap 8GT/s x1 ("(downgraded)" 5GT/s on its LnkSta) and the
     * BCM5720 04:00.0 LnkCap 5GT/s x2, trained 5GT/s x1: the speed is the device's maximum (lspci's annotation is
     * wrong to alarm), the port wires one lane = WIRED_NARROW.
     * 4a:02.0 to the ConnectX-5 4b:00.0: LnkCap 8GT/s x16 on the NIC, trained 8 x16 = OK.
     */
    @Test
    void iceLakeBmcNicWiredNarrowAndConnectX() {
        Sample s = Sample.of("intel-xeon-icelake-sp-2s-connectx5");
        assertThat(s.verdict("00:1c.5", "04:00.0")).isEqualTo(WIRED_NARROW);
        assertThat(s.verdict("4a:02.0", "4b:00.0")).isEqualTo(OK);
        assertThat(s.verdict("00:1c.0", null)).isEqualTo(LINK_DOWN);
    }

    /**
     * MicroTCA with a PLX PEX 8725 feeding a PEX 8748: 02:01.0 (8725 downstream, LnkCap 8GT/s x4) to the 8748
     * upstream port 03:00.0 (LnkCap 8GT/s x4), trained 8 x4 = OK; the empty AMC slots (x0, DLActive-) are LINK_DOWN.
     */
    @Test
    void microTcaSwitchCascade() {
        Sample s = Sample.of("microtca-q170-plx-pex8725-pex8748");
        assertThat(s.verdict("00:01.0", "01:00.0")).isEqualTo(OK);
        assertThat(s.verdict("02:01.0", "03:00.0")).isEqualTo(OK);
        assertThat(s.verdict("04:00.0", null)).isEqualTo(LINK_DOWN);
        assertThat(s.topology().node(Bdf.parse("03:00.0")).orElseThrow().role())
                .isEqualTo(TopoNode.Role.SWITCH_UPSTREAM);
    }

    /**
     * Xeon E5 v3 server, old pciutils. The I350 06:00.0 LnkCap 5GT/s x4 below 00:1c.4 LnkCap 5GT/s x2: WIRED_NARROW.
     * The XL710 03:00.0 below 00:02.0: both LnkCap 8GT/s x8, trained 8 x8 = OK.
     */
    @Test
    void xeonE5OldDialect() {
        Sample s = Sample.of("intel-xeon-e5v3-c610-x710-xl710-old-pciutils");
        assertThat(s.verdict("00:02.0", "03:00.0")).isEqualTo(OK);
        assertThat(s.verdict("00:1c.4", "06:00.0")).isEqualTo(WIRED_NARROW);
    }

    /** OpenPOWER domain 0062: a lone empty PM8535 downstream port (x0, DLActive-) is LINK_DOWN, in domain 0x62. */
    @Test
    void yadroDomain0062EmptyPort() {
        Sample s = Sample.of("yadro-openpower-domain0062-pm8535-switch-port");
        assertThat(s.verdict("0062:02:02.0", null)).isEqualTo(LINK_DOWN);
    }

    /**
     * Dell XPS 13 9360: the Alpine Ridge DSL6340 (LnkCap 8GT/s x4) on root port 00:1c.0 (LnkCap 8GT/s x2), trained
     * 8 x2: the laptop wires two lanes to the Thunderbolt controller = WIRED_NARROW (a known trait of this model).
     */
    @Test
    void xps13ThunderboltControllerOnTwoLanes() {
        Sample s = Sample.of("dell-xps13-9360-kabylake-alpineridge");
        assertThat(s.verdict("00:1c.0", "01:00.0")).isEqualTo(WIRED_NARROW);
        assertThat(s.hop("00:1c.0", "01:00.0").link().trained()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 2));
    }

    /** MSI laptop captured without root, with a 6.18 dmesg: links UNKNOWN, ceilings unknown, never invented. */
    @Test
    void msiNonRootSaysWhatIsHidden() {
        Sample s = Sample.of("msi-cyborg15-alderlake-rtx4050-nonroot");
        assertThat(s.verdict("00:01.0", "01:00.0")).isEqualTo(UNKNOWN);
        assertThat(s.ceiling("01:00.0").known()).isFalse();
        assertThat(s.atomics("01:00.0").status()).isEqualTo(AtomicsVerdict.Status.UNVERIFIABLE);
    }
    /**
     * EC2 g2.2xlarge (Xen HVM): every function, the passed-through GRID K520 included, sits on bus 00 with no
     * bridge above it, so there is no hop between ports; the GPU's own link is still its ceiling (CloudVmGoldenTest
     * has the figures), and the summary never says "no link to judge" for it.
     */
    @Test
    void xenGuestWithoutBridgesStillJudgesTheGpusOwnLink() {
        Sample s = Sample.of("aws-ec2-g2.2xlarge-xen-grid-k520");
        assertThat(s.report().hops()).isEmpty();
        assertThat(s.report().summary()).singleElement().asString().startsWith("GPU 0000:00:03.0 sits directly on a root bus");
    }
}
