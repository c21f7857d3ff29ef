package dev.lanescope.analysis;

import static dev.lanescope.analysis.Fx.G1;
import static dev.lanescope.analysis.Fx.G3;
import static dev.lanescope.analysis.Fx.G4;
import static dev.lanescope.analysis.Fx.UNK;
import static dev.lanescope.analysis.Fx.b;
import static dev.lanescope.analysis.Fx.st;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Topology;

class LinkAndCeilingTest {

    static final String SEED001 = "32.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x16 link at"
            + " 0000:00:01.1 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)";

    /** Seed 001: root port 00:01.1 trained 2.5 GT/s x16; RX 7900 XTX behind the card's own switch. */
    static Fx rdnaCardIdle() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x1022, "Starship/Matisse Root Complex");
        fx.rootPort("0000:00:01.1", 1, 3).cap(G4, 16).sta(G1, 16).target(G4).slot(1);
        fx.usp("0000:01:00.0", 2, 3).ids(0x1002, 0x1478).name("Navi 10 XL Upstream Port of PCI Express Switch")
                .cap(G4, 16).sta(G1, 16);
        fx.dsp("0000:02:00.0", 3, 3).ids(0x1002, 0x1479).name("Navi 10 XL Downstream Port of PCI Express Switch")
                .link(G4, 16);
        fx.gpu("0000:03:00.0").link(G4, 16);
        fx.add("0000:03:00.1").type(dev.lanescope.model.PortType.LEGACY_ENDPOINT).cls(0x0403, "Audio device")
                .ids(0x1002, 0xab30).name("Navi 31 HDMI/DP Audio").link(G4, 16);
        return fx;
    }

    @Test
    void rdnaCardIdleKernelSentenceFromTheRootPortTieGoesUpstream() {
        Topology t = rdnaCardIdle().build();
        PathCeiling c = PathCeilings.of(t, Fx.node(t, "0000:03:00.0"));
        assertThat(c.sentence()).isEqualTo(SEED001);
        assertThat(c.availableMbps()).isEqualTo(32_000);
        // 01:00.0 reads the same 2.5 x16 (32.000): the tie goes to the more upstream root port
        assertThat(c.limitingBdf()).isEqualTo(b("0000:00:01.1"));
        assertThat(c.capableMbps()).isEqualTo(252_048);
        assertThat(c.pathCapableMbps()).isEqualTo(252_048);
        assertThat(c.isLimited()).isTrue();
        assertThat(c.steps()).extracting(PathCeiling.Step::bdf).containsExactly(b("0000:03:00.0"),
                b("0000:02:00.0"), b("0000:01:00.0"), b("0000:00:01.1"));
    }

    @Test
    void rdnaCardIdleRootPortHopIsIdleDownshiftNotFault() {
        Topology t = rdnaCardIdle().build();
        HopVerdict h = Fx.hop(t, "0000:00:01.1");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.IDLE_DOWNSHIFT);
        assertThat(h.verdict().isFault()).isFalse();
        assertThat(h.verdict().colourKey()).isEqualTo("idle");
        assertThat(h.reason()).startsWith("trained 2.5 GT/s x16, capable 16 GT/s x16, target 16 GT/s; leads to GPU"
                + " 0000:03:00.0 (Navi 31 [Radeon RX 7900 XT/7900 XTX]) through the card's own switch 0000:01:00.0");
        assertThat(h.reason()).contains("prove it under load (run a probe)");
        // the card-internal hop is fine: it always says 16 GT/s
        assertThat(Fx.hop(t, "0000:02:00.0").verdict()).isEqualTo(LinkVerdict.OK);
    }

    @Test
    void rdnaCardIdleUnderLoadEvidenceDecides() {
        Topology t = rdnaCardIdle().build();
        HopVerdict stuck = Fx.hop(t, "0000:00:01.1",
                UnderLoad.of(b("0000:00:01.1"), 1, 16, "probe receipt, current_link_speed of 00:01.1"));
        assertThat(stuck.verdict()).isEqualTo(LinkVerdict.SPEED_DEGRADED);
        assertThat(stuck.verdict().isFault()).isTrue();
        assertThat(stuck.reason()).contains("stayed at Gen1 of Gen4").contains("every timing");
        HopVerdict climbed = Fx.hop(t, "0000:00:01.1", UnderLoad.of(b("0000:00:01.1"), 4, 16, "probe"));
        assertThat(climbed.verdict()).isEqualTo(LinkVerdict.OK);
        assertThat(climbed.reason()).contains("climbed to Gen4");
        // the GPU endpoint's own reading is the link inside the card: it must not clear the root port's hop
        HopVerdict wrongEnd = Fx.hop(t, "0000:00:01.1", UnderLoad.of(b("0000:03:00.0"), 4, 16, "nvidia-smi"));
        assertThat(wrongEnd.verdict()).isEqualTo(LinkVerdict.IDLE_DOWNSHIFT);
        assertThat(wrongEnd.reason()).contains("reading of 0000:03:00.0 is ignored for this hop");
    }

    @Test
    void rdnaCardIdleKernelLineAgreesOrIsFlagged() {
        Topology same = rdnaCardIdle().kernelLine("0000:01:00.0", 32_000, st(G1, 16), "0000:00:01.1", 252_048,
                st(G4, 16), "pci 0000:01:00.0: " + SEED001).build();
        PathCeiling c = PathCeilings.of(same, Fx.node(same, "0000:03:00.0"));
        assertThat(c.kernelLine()).isNotNull();
        assertThat(c.mismatch()).isNull();

        Topology healthyBoot = rdnaCardIdle().kernelLine("0000:03:00.0", 252_048, null, null, 252_048, st(G4, 16),
                "252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)").build();
        PathCeiling d = PathCeilings.of(healthyBoot, Fx.node(healthyBoot, "0000:03:00.0"));
        assertThat(d.mismatch()).contains("it says 252.048 Gb/s available, the capture reads 32.000")
                .contains("boot-time snapshot");
    }

    @Test
    void rdnaCardIdleMoveAdviceSaysTrainingNotSlot() {
        Topology t = rdnaCardIdle().build();
        MoveAdvice a = MoveAdvisor.advise(t, b("0000:03:00.0"));
        assertThat(a.answer()).isEqualTo("Moving it would not help: the link trained at 2.5 GT/s on a 16 GT/s path;"
                + " this is idle power management until proven under load (run a probe).");
        assertThat(a.helps()).isFalse();
        assertThat(a.cardCapable()).isEqualTo(st(G4, 16));
        assertThat(a.idleMeaning()).contains("0000:00:01.1's current_link_speed");
        assertThat(a.lines().get(0)).isEqualTo(a.answer());
        // the card's internal switch port is not a place to move to
        assertThat(a.candidates()).extracting(MoveCandidate::port).doesNotContain(b("0000:02:00.0"));
    }

    /** Seed 000: Gen4 x16 card in an x4 root port 00:03.1, plus an empty x16 slot. */
    static Fx gen4x4Socket(boolean withX16Slot) {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x1022, "Strix Halo Root Complex");
        if (withX16Slot) fx.rootPort("0000:00:01.1", 1, 1).cap(G4, 16).sta(G1, 0).dl(false).slot(1);
        fx.rootPort("0000:00:03.1", 0xc4, 0xc4).link(G4, 4).slot(3);
        fx.gpu("0000:c4:00.0").cap(G4, 16).sta(G4, 4);
        return fx;
    }

    @Test
    void gen4x4SocketWiredNarrowAndTheKernelSentence() {
        Topology t = gen4x4Socket(true).build();
        PathCeiling c = PathCeilings.of(t, Fx.node(t, "0000:c4:00.0"));
        assertThat(c.sentence()).isEqualTo("63.012 Gb/s available PCIe bandwidth, limited by 16.0 GT/s PCIe x4 link"
                + " at 0000:00:03.1 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)");
        HopVerdict h = Fx.hop(t, "0000:00:03.1");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.WIRED_NARROW);
        assertThat(h.verdict().colourKey()).isEqualTo("narrow");
        assertThat(h.reason()).contains("the port 0000:00:03.1 has x4 lanes, the device x16");
        HopVerdict empty = Fx.hop(t, "0000:00:01.1");
        assertThat(empty.verdict()).isEqualTo(LinkVerdict.LINK_DOWN);
        assertThat(empty.link().device()).isNull();
        assertThat(empty.reason()).contains("DLActive-");
    }

    @Test
    void gen4x4SocketMoveHelpsWhenAnX16SlotExists() {
        Topology t = gen4x4Socket(true).build();
        MoveAdvice a = MoveAdvisor.advise(t, b("0000:c4:00.0"));
        assertThat(a.answer()).isEqualTo("Moving it would help: slot 1 (0000:00:01.1) gives 252.048 Gb/s against"
                + " 63.012 Gb/s now (an empty slot; on root complex 0000:00, the same as now).");
        assertThat(a.helps()).isTrue();
        assertThat(a.candidates()).extracting(MoveCandidate::port).containsExactly(b("0000:00:01.1"));
        assertThat(a.current().port()).isEqualTo(b("0000:00:03.1"));
        assertThat(a.current().limitedBy()).isEqualTo("the port (16 GT/s x4)");
        assertThat(a.notes()).anyMatch(n -> n.contains("registers cannot show that"));

        Topology alone = gen4x4Socket(false).build();
        assertThat(MoveAdvisor.advise(alone, b("0000:c4:00.0")).answer())
                .startsWith("Moving it would not help: this capture shows no other slot");
    }

    @Test
    void twoM2SocketsAreANoOp() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:02.1", 1, 1).link(G4, 4);
        fx.rootPort("0000:00:02.2", 2, 2).cap(G4, 4).sta(G1, 0).dl(false);
        fx.gpu("0000:01:00.0").cap(G4, 16).sta(G4, 4);
        Topology t = fx.build();
        MoveAdvice a = MoveAdvisor.advise(t, b("0000:01:00.0"));
        // neither port has a slot number: "unnumbered", never "slot 0"
        assertThat(a.answer()).isEqualTo("Moving it would not help: the other candidate, unnumbered root port"
                + " (0000:00:02.2), gives the same 63.012 Gb/s as now (both x4): a no-op.");
        assertThat(a.helps()).isFalse();
    }

    @Test
    void tieGoesToTheMoreUpstreamFunction() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.0", 1, 3).link(G4, 16);
        fx.usp("0000:01:00.0", 2, 3).link(G4, 16).ids(0x10b5, 0x8747).name("PEX 8747");
        fx.dsp("0000:02:08.0", 3, 3).link(G3, 8).ids(0x10b5, 0x8747).name("PEX 8747");
        fx.nvidia("0000:03:00.0").cap(G3, 16).sta(G3, 8);
        Topology t = fx.build();
        PathCeiling c = PathCeilings.of(t, Fx.node(t, "0000:03:00.0"));
        assertThat(c.limitingBdf()).isEqualTo(b("0000:02:08.0"));
        assertThat(c.sentence()).isEqualTo("63.008 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x8 link"
                + " at 0000:02:08.0 (capable of 126.016 Gb/s with 8.0 GT/s PCIe x16 link)");
        assertThat(Fx.hop(t, "0000:02:08.0").verdict()).isEqualTo(LinkVerdict.WIRED_NARROW);
        // path capable: min over hops' capable: the x8 DSP hop
        assertThat(c.pathCapableMbps()).isEqualTo(63_008);
    }

    @Test
    void notLimitedForm() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.0", 1, 1).link(G4, 16);
        fx.nvidia("0000:01:00.0").link(G4, 16);
        Topology t = fx.build();
        assertThat(PathCeilings.of(t, Fx.node(t, "0000:01:00.0")).sentence())
                .isEqualTo("252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)");
        assertThat(Fx.hop(t, "0000:00:01.0").verdict()).isEqualTo(LinkVerdict.OK);
    }

    @Test
    void targetCapped() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.2", 1, 1).cap(G4, 4).sta(G3, 4).target(G3);
        fx.endpoint("0000:01:00.0", 0x0108, "NVMe SSD Controller PM9A1").link(G4, 4);
        Topology t = fx.build();
        HopVerdict h = Fx.hop(t, "0000:00:01.2");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.TARGET_CAPPED);
        assertThat(h.verdict().isFault()).isFalse();
        assertThat(h.reason()).contains("Target Link Speed on 0000:00:01.2 is 8 GT/s").contains("BIOS");
        assertThat(h.secondary()).isEmpty();
    }

    @Test
    void widthDegradedIsRedWithTheSocketCaveat() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.1", 1, 1).cap(G4, 16).sta(G4, 8).slot(1); // a slot: lanes lost there are a fault
        fx.nvidia("0000:01:00.0").cap(G4, 16).sta(G4, 8);
        Topology t = fx.build();
        HopVerdict h = Fx.hop(t, "0000:00:01.1");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.WIDTH_DEGRADED);
        assertThat(h.verdict().isFault()).isTrue();
        assertThat(h.reason()).contains("trained x8 where both ends can do x16").contains("M.2")
                .contains("Lanes lost");
        assertThat(MoveAdvisor.advise(t, b("0000:01:00.0")).answer())
                .startsWith("Moving it would not help until the lanes are back: the link trained x8 on an x16 path");
    }

    @Test
    void nicTrainedLowIsSpeedDegraded() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:03.0", 1, 1).cap(G3, 8).sta(G1, 8).target(G3);
        fx.endpoint("0000:01:00.0", 0x0200, "MT27800 Family [ConnectX-5]").link(G3, 8).sta(G1, 8);
        Topology t = fx.build();
        HopVerdict h = Fx.hop(t, "0000:00:03.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.SPEED_DEGRADED);
        assertThat(h.verdict().colourKey()).isEqualTo("degraded");
        assertThat(h.reason()).contains("leads to data-centre NIC 0000:01:00.0").contains("reboot");
        assertThat(Analyzer.analyze(t).summary().get(0))
                .isEqualTo("Link trained low on 0000:00:03.0 -> 0000:01:00.0 (data-centre NIC 0000:01:00.0): 2.5 GT/s x8 of 8"
                        + " GT/s x8; a reboot usually cures it and it recurs; timings across it are void.");
    }

    @Test
    void thunderboltHopIsTunnelled() {
        Fx fx = new Fx();
        fx.add("0000:00:1c.4").type(dev.lanescope.model.PortType.ROOT_PORT).cls(0x0604, "PCI bridge").bus(2, 6)
                .ids(0x8086, 0xa33c).name("Cannon Lake PCH PCI Express Root Port #5").link(G3, 4).target(G3);
        fx.usp("0000:02:00.0", 3, 6).ids(0x8086, 0x15ef)
                .name("JHL7540 Thunderbolt 3 Bridge [Titan Ridge 4C 2018]").link(G3, 4);
        fx.dsp("0000:03:01.0", 4, 4).ids(0x8086, 0x15ef)
                .name("JHL7540 Thunderbolt 3 Bridge [Titan Ridge 4C 2018]").cap(G1, 4).sta(G1, 4).target(G1);
        fx.nvidia("0000:04:00.0").cap(G3, 16).sta(G1, 4);
        Topology t = fx.build();
        HopVerdict h = Fx.hop(t, "0000:03:01.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.TUNNELLED);
        assertThat(h.verdict().isFault()).isFalse();
        assertThat(h.verdict().advice()).contains("22 Gb/s on TB3");
        assertThat(h.reason()).contains("misleads");
        assertThat(h.secondary()).contains(LinkVerdict.WIRED_NARROW);
        // the root port's hop to the controller is a real wire
        assertThat(Fx.hop(t, "0000:00:1c.4").verdict()).isEqualTo(LinkVerdict.OK);
    }

    @Test
    void hiddenCapabilitiesAreUnknownWithHowToCapture() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.1", 1, 1).hidden();
        fx.nvidia("0000:01:00.0").hidden();
        Topology t = fx.build();
        HopVerdict h = Fx.hop(t, "0000:00:01.1");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.UNKNOWN);
        assertThat(h.reason()).contains("<access denied>").contains("sudo lspci -vv")
                .contains("/sys/bus/pci/devices/0000:00:01.1/current_link_speed");
        PathCeiling c = PathCeilings.of(t, Fx.node(t, "0000:01:00.0"));
        assertThat(c.known()).isFalse();
        assertThat(c.availableMbps()).isEqualTo(-1);
        assertThat(c.sentence()).startsWith("Available PCIe bandwidth unknown").contains("0000:01:00.0");
    }

    @Test
    void hiddenButSysfsGivesFigures() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.1", 1, 1).hidden().sysfs(st(G4, 8), st(G4, 16));
        fx.nvidia("0000:01:00.0").hidden().sysfs(st(G4, 8), st(G4, 16));
        Topology t = fx.build();
        PathCeiling c = PathCeilings.of(t, Fx.node(t, "0000:01:00.0"));
        assertThat(c.sentence()).isEqualTo("126.024 Gb/s available PCIe bandwidth, limited by 16.0 GT/s PCIe x8 link"
                + " at 0000:00:01.1 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)");
        assertThat(c.steps()).extracting(PathCeiling.Step::source).containsExactly("sysfs", "sysfs");
        assertThat(Fx.hop(t, "0000:00:01.1").reason()).contains("read from sysfs");
    }

    @Test
    void oldLspciSpeedUnknownIsUnknown() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.0", 1, 1).cap(UNK, 16).sta(UNK, 16).target(null);
        fx.nvidia("0000:01:00.0").cap(UNK, 16).sta(UNK, 16);
        Topology t = fx.build();
        HopVerdict h = Fx.hop(t, "0000:00:01.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.UNKNOWN);
        assertThat(h.reason()).contains("`Speed unknown`").contains("newer lspci").contains("sudo lspci -xxxx")
                .contains("lspci -F");
        assertThat(PathCeilings.of(t, Fx.node(t, "0000:01:00.0")).known()).isFalse();
    }
}
