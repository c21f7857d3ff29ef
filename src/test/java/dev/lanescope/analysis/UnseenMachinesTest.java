package dev.lanescope.analysis;

import static dev.lanescope.analysis.Fx.G1;
import static dev.lanescope.analysis.Fx.G2;
import static dev.lanescope.analysis.Fx.G3;
import static dev.lanescope.analysis.Fx.b;
import static dev.lanescope.analysis.Fx.st;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.PortType;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/**
 * The core's last wrong answers on machines it had never seen, each pinned as a rule on a capture of the same shape.
 */
class UnseenMachinesTest {

    @TempDir
    Path dir;

    /**
     * A laptop's Thunderbolt 3 port, an eGPU enclosure's router behind it, and the enclosure's own downstream port
     * (HotPlug-, a real LnkCap 8GT/s x4) to an idle GPU: only the host port's hop is the tunnel; the enclosure's hop
     * is copper, and an idle GPU there is an idle downshift.
     */
    @Test
    void anEnclosuresOwnPortIsCopperNotTheTunnel() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x8086, "Intel Corporation 8th Gen Core Processor Host Bridge");
        fx.rootPort("0000:00:1c.4", 5, 9).ids(0x8086, 0xa33c).name("Intel Corporation Cannon Lake PCH PCI Express Root"
                + " Port #5").link(G3, 4).slot(8);
        fx.usp("0000:05:00.0", 6, 9).ids(0x8086, 0x15ea).name("Intel Corporation JHL7540 Thunderbolt 3 Bridge [Titan"
                + " Ridge 4C 2018]").link(G3, 4);
        fx.dsp("0000:06:01.0", 7, 9).ids(0x8086, 0x15ea).name("Intel Corporation JHL7540 Thunderbolt 3 Bridge [Titan"
                + " Ridge 4C 2018]").cap(G1, 4).sta(G1, 4).slot(1).hotPlug(true);
        fx.usp("0000:07:00.0", 8, 9).ids(0x8086, 0x15d3).name("Intel Corporation JHL6540 Thunderbolt 3 Bridge (C step)"
                + " [Alpine Ridge 4C 2016]").cap(G1, 4).sta(G1, 4);
        fx.dsp("0000:08:01.0", 9, 9).ids(0x8086, 0x15d3).name("Intel Corporation JHL6540 Thunderbolt 3 Bridge (C step)"
                + " [Alpine Ridge 4C 2016]").cap(G3, 4).sta(G1, 4).target(G3).hotPlug(false);
        fx.nvidia("0000:09:00.0").cap(G3, 16).sta(G1, 4);
        Topology t = fx.build();
        assertThat(Fx.hop(t, "0000:06:01.0").verdict()).isEqualTo(LinkVerdict.TUNNELLED);
        HopVerdict inside = Fx.hop(t, "0000:08:01.0");
        assertThat(inside.verdict()).isEqualTo(LinkVerdict.IDLE_DOWNSHIFT);
        assertThat(inside.secondary()).contains(LinkVerdict.WIRED_NARROW);
        // the card still sits behind the tunnel: its answer names the Thunderbolt link as the limit
        assertThat(Analyzer.analyze(t).answer(b("0000:09:00.0")).answer()).contains("Thunderbolt link is the limit");
    }

    /**
     * An old board with an 82801 PCI bridge (subtractive decode, no PCI Express capability) beside a Gen3 x16 slot
     * holding a GPU: the bridge is never offered as a place for the card.
     */
    @Test
    void aConventionalPciBridgeIsNoPlaceForACard() throws IOException {
        String vv = """
                00:00.0 Host bridge [0600]: Intel Corporation Xeon E3-1200 v2/Ivy Bridge DRAM Controller [8086:0158] (rev 09)
                \tSubsystem: Intel Corporation Device [8086:2010]

                00:01.0 PCI bridge [0604]: Intel Corporation Xeon E3-1200 v2/3rd Gen Core processor PCI Express Root Port [8086:0151] (rev 09) (prog-if 00 [Normal decode])
                \tBus: primary=00, secondary=01, subordinate=01, sec-latency=0
                \tCapabilities: [a0] Express (v2) Root Port (Slot+), MSI 00
                \t\tLnkCap:\tPort #2, Speed 8GT/s, Width x16, ASPM L0s L1, Exit Latency L0s <256ns, L1 <8us
                \t\tLnkSta:\tSpeed 8GT/s, Width x16, TrErr- Train- SlotClk+ DLActive- BWMgmt+ ABWMgmt-
                \t\tSltCap:\tAttnBtn- PwrCtrl- MRL- AttnInd- PwrInd- HotPlug- Surprise-
                \t\t\tSlot #1, PowerLimit 75.000W; Interlock- NoCompl+
                \t\tLnkCtl2: Target Link Speed: 8GT/s, EnterCompliance- SpeedDis-

                01:00.0 VGA compatible controller [0300]: NVIDIA Corporation GP104 [GeForce GTX 1080] [10de:1b80] (rev a1) (prog-if 00 [VGA controller])
                \tCapabilities: [78] Express (v2) Legacy Endpoint, MSI 00
                \t\tLnkCap:\tPort #0, Speed 8GT/s, Width x16, ASPM L0s L1, Exit Latency L0s <512ns, L1 <4us
                \t\tLnkSta:\tSpeed 8GT/s, Width x16, TrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-
                \t\tLnkCap2: Supported Link Speeds: 2.5-8GT/s, Crosslink- Retimer- 2Retimers- DRS-

                00:1e.0 PCI bridge [0604]: Intel Corporation 82801 PCI Bridge [8086:244e] (rev a4) (prog-if 01 [Subtractive decode])
                \tControl: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- DisINTx-
                \tBus: primary=00, secondary=05, subordinate=05, sec-latency=32
                \tCapabilities: [50] Subsystem: Intel Corporation Device [8086:2010]

                """;
        Path f = dir.resolve("vv.txt");
        Files.writeString(f, vv);
        Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(f)));
        MoveAdvice a = Analyzer.analyze(t).answer(b("0000:01:00.0"));
        assertThat(a.candidates()).extracting(MoveCandidate::port).doesNotContain(b("0000:00:1e.0"));
    }

    /**
     * A PCIe 1.x server: an AMD GPU below an {@code Express (v1)} root port, which has no DevCap2. The kernel reads
     * the missing register as zero: AtomicOps are blocked there, a definite no, not "cannot be verified".
     */
    @Test
    void anExpressV1RootPortBreaksTheAtomicsChain() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x8086, "Intel Corporation 5520 I/O Hub to ESI Port");
        fx.rootPort("0000:00:03.0", 1, 1).ids(0x8086, 0x3408).name("Intel Corporation 5520/5500/X58 I/O Hub PCI Express"
                + " Root Port 3").link(G2, 16).slot(3).version(1).atomics(null, null, null, null, null);
        fx.gpu("0000:01:00.0").link(G2, 16);
        Topology t = fx.build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:01:00.0"));
        assertThat(v.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(v.breaksAt()).isEqualTo(b("0000:00:03.0"));
        assertThat(v.missingBit()).contains("DevCap2").contains("Express v1");
    }

    /** A capture made without root: every function prints {@code <access denied>}; nothing reads "at full speed". */
    @Test
    void aNonRootCaptureNeverSaysTheLinkReadAtFullSpeed() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x8086, "Intel Corporation Xeon E5 v3 DMI2");
        fx.add("0000:00:02.0").type(PortType.ROOT_PORT).cls(0x0604, "PCI bridge").bus(1, 1).ids(0x8086, 0x2f04)
                .name("Intel Corporation Xeon E5 v3 PCI Express Root Port 2").hidden();
        fx.add("0000:01:00.0").type(PortType.LEGACY_ENDPOINT).cls(0x0300, "VGA compatible controller")
                .ids(0x10de, 0x0dd8).name("NVIDIA Corporation GF106GL [Quadro 2000]").hidden();
        Topology t = fx.build();
        MoveAdvice a = Analyzer.analyze(t).answer(b("0000:01:00.0"));
        assertThat(a.idleMeaning()).doesNotContain("full speed").contains("is not in this capture");
    }

    /**
     * An NVIDIA card that lowered its LnkCap to its Gen2 slot's speed (LnkCap2 says 8GT/s), a free Gen3 x16 slot
     * beside it, and the kernel's own line for the card: the move is predicted by the free slot's capability, and
     * the rendered sentence's "capable of" is the kernel's.
     */
    @Test
    void aCardThatLowersItsLnkCapIsPredictedByTheSlotAndTheKernelsCapableIsKept() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x8086, "Intel Corporation Xeon E5/Core i7 DMI2");
        fx.rootPort("0000:00:02.0", 1, 1).ids(0x8086, 0x3c04).name("Intel Corporation Xeon E5/Core i7 IIO PCI Express"
                + " Root Port 2a").link(G2, 16).target(G2).slot(1);
        fx.nvidia("0000:01:00.0").cap(G2, 16, G3).sta(G2, 16);
        fx.rootPort("0000:00:03.0", 2, 2).ids(0x8086, 0x3c08).name("Intel Corporation Xeon E5/Core i7 IIO PCI Express"
                + " Root Port 3a").cap(G3, 16).sta(G1, 0).target(G3).slot(2);
        fx.kernelLine("0000:01:00.0", 64_000, st(G2, 16), "0000:01:00.0", 126_016, st(G3, 16),
                "[    2.1] pci 0000:01:00.0: 64.000 Gb/s available PCIe bandwidth, limited by 5.0 GT/s PCIe x16 link at"
                        + " 0000:01:00.0 (capable of 126.016 Gb/s with 8.0 GT/s PCIe x16 link)");
        Topology t = fx.build();
        Report r = Analyzer.analyze(t);
        MoveAdvice a = r.answer(b("0000:01:00.0"));
        MoveCandidate free = a.candidates().stream().filter(c -> c.port().equals(b("0000:00:03.0"))).findFirst()
                .orElseThrow();
        assertThat(free.predictedMbps()).isEqualTo(126_016);
        assertThat(a.helps()).isTrue();
        PathCeiling c = r.ceilings().stream().filter(x -> x.device().equals(b("0000:01:00.0"))).findFirst().orElseThrow();
        assertThat(c.sentence()).contains("capable of 126.016 Gb/s with 8.0 GT/s PCIe x16 link");
    }

    /**
     * A 2-socket server's 1 GbE LOM soldered on a {@code Slot-} root port, trained x1 of x2 with no AER errors: the
     * board's wiring, not "reseat the card", and not the summary's first line; with an error logged it is lost lanes.
     */
    @Test
    void aSolderedLomTrainedNarrowIsTheBoardsWiring() {
        Topology t = lom(false).build();
        HopVerdict h = Fx.hop(t, "0000:00:1c.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.WIRED_NARROW);
        assertThat(h.reason()).doesNotContain("reseat").contains("Slot-");
        assertThat(Analyzer.analyze(t).summary().get(0)).doesNotStartWith("Lanes lost");

        HopVerdict withErrors = Fx.hop(lom(true).build(), "0000:00:1c.0");
        assertThat(withErrors.verdict()).isEqualTo(LinkVerdict.WIDTH_DEGRADED);
    }

    private static Fx lom(boolean aerError) {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x8086, "Intel Corporation Xeon E5 v4 DMI2");
        fx.rootPort("0000:00:1c.0", 2, 2).ids(0x8086, 0x8d10).name("Intel Corporation C610/X99 series chipset PCI"
                + " Express Root Port #1").cap(G2, 2).sta(G2, 1).target(G2);
        Fx.F nic = fx.endpoint("0000:02:00.0", 0x0200, "Intel Corporation I350 Gigabit Network Connection")
                .ids(0x8086, 0x1521).cap(G2, 2).sta(G2, 1);
        if (aerError) nic.aerError("BadTLP");
        return fx;
    }
}
