package dev.lanescope.analysis;

import static dev.lanescope.analysis.Fx.G1;
import static dev.lanescope.analysis.Fx.G2;
import static dev.lanescope.analysis.Fx.G3;
import static dev.lanescope.analysis.Fx.G4;
import static dev.lanescope.analysis.Fx.UNK;
import static dev.lanescope.analysis.Fx.b;
import static dev.lanescope.analysis.Fx.st;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;

/**
 * One test per pair of rules that used to be written twice and disagreed: each now has one home, and the two views
 * that read it say the same thing on the same capture.
 */
class OneHomeTest {

    /** An NVIDIA card idling at 2.5 GT/s on a Gen4 x16 root port. */
    private static Topology idleCard() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x1022, "Advanced Micro Devices, Inc. [AMD] Starship/Matisse Root Complex");
        fx.rootPort("0000:00:01.1", 1, 1).cap(G4, 16).sta(G1, 16).target(G4).slot(1);
        fx.nvidia("0000:01:00.0").cap(G4, 16).sta(G1, 16);
        return fx.build();
    }

    @Test
    void theAnswerIsJudgedWithTheEvidenceTheReportWasJudgedWith() {
        Topology t = idleCard();
        Bdf card = b("0000:01:00.0");
        UnderLoad probe = UnderLoad.of(card, 4, 16, "probe receipt r.json").with(b("0000:00:01.1"), 4, 16, "probe");
        Report idle = Analyzer.analyze(t);
        Report loaded = Analyzer.analyze(t, probe);

        assertThat(idle.answer(card).answer()).contains("idle power management until proven under load");
        // under load the hop climbed: the answer no longer waits for a probe, and "now" is the figure under load
        assertThat(loaded.answer(card).answer()).doesNotContain("idle power management");
        assertThat(loaded.answer(card).ceilingNow().availableMbps()).isEqualTo(252_048);
        assertThat(idle.answer(card).ceilingNow().availableMbps()).isEqualTo(32_000);
        assertThat(loaded.answer(card).idleMeaning()).startsWith("Under load the link reached its full speed");
        // the report's ceiling and the answer's ceiling are one figure
        PathCeiling c = loaded.ceilings().stream().filter(p -> p.device().equals(card)).findFirst().orElseThrow();
        assertThat(c.availableMbps()).isEqualTo(loaded.answer(card).ceilingNow().availableMbps());
        // made once: asking twice gives the same object
        assertThat(loaded.answer(card)).isSameAs(loaded.answer(card));
    }

    /** Two GPUs under one switch whose downstream port sets only EgressCtrl+ in ACSCtl. */
    @Test
    void egressControlAloneIsARedirectForThePeerListAsForTheKernel() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x8086, "Intel Corporation Xeon E5 v4 DMI2");
        fx.rootPort("0000:00:01.0", 1, 4).link(G3, 16).ids(0x8086, 0x6f08).name("Intel Corporation Xeon E5 v4 Root Port");
        fx.usp("0000:01:00.0", 2, 4).ids(0x10b5, 0x8747).name("PLX Technology PEX 8747").link(G3, 16);
        fx.dsp("0000:02:08.0", 3, 3).ids(0x10b5, 0x8747).name("PLX Technology PEX 8747").link(G3, 16).slot(1)
                .acsEgressOnly();
        fx.dsp("0000:02:10.0", 4, 4).ids(0x10b5, 0x8747).name("PLX Technology PEX 8747").link(G3, 16).slot(2);
        fx.nvidia("0000:03:00.0").link(G3, 16);
        fx.nvidia("0000:04:00.0").link(G3, 16);
        Topology t = fx.build();

        PeerPair p = PeerPaths.all(t).stream().filter(x -> x.a().equals(b("0000:03:00.0"))).findFirst().orElseThrow();
        assertThat(p.acsRedirectAt()).containsExactly(b("0000:02:08.0"));
        assertThat(PeerPaths.acsRedirectsBetween(t, Fx.node(t, "0000:03:00.0"), Fx.node(t, "0000:04:00.0")))
                .containsExactly(b("0000:02:08.0"));
    }

    /** A BMC's display on a slow link is not excused as an idle GPU; a card on the same kind of link is. */
    @Test
    void aManagementDisplayIsNoGpuForTheIdleExcuse() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x8086, "Intel Corporation Sky Lake-E DMI3 Registers");
        fx.rootPort("0000:00:1c.0", 1, 1).ids(0x8086, 0xa190).name("Intel Corporation C620 Series Chipset PCI Express"
                + " Root Port").cap(G2, 1).sta(G1, 1).target(G2);
        fx.add("0000:01:00.0").type(dev.lanescope.model.PortType.LEGACY_ENDPOINT).cls(0x0300, "VGA compatible controller")
                .ids(0x1a03, 0x2000).name("ASPEED Technology, Inc. ASPEED Graphics Family").cap(G2, 1).sta(G1, 1);
        Topology t = fx.build();
        HopVerdict h = Fx.hop(t, "0000:00:1c.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.SPEED_DEGRADED);
        assertThat(h.reason()).doesNotContain("idle GPU");
        assertThat(Analyzer.analyze(t).accelerators()).doesNotContain(b("0000:01:00.0"));
    }

    /**
     * A card with two hops above it: one known to have lost lanes, one unreadable. The answer names the lost lanes,
     * the same hop the fleet's worst-first order puts first.
     */
    @Test
    void theWorstHopIsTheSameForTheAnswerAndTheFleet() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x1022, "Advanced Micro Devices, Inc. [AMD] Starship/Matisse Root Complex");
        fx.rootPort("0000:00:01.1", 1, 3).cap(G4, 16).sta(G4, 8).slot(1);
        fx.usp("0000:01:00.0", 2, 3).ids(0x10b5, 0x8747).name("PLX Technology PEX 8747").link(G4, 16).sta(G4, 8);
        fx.dsp("0000:02:08.0", 3, 3).ids(0x10b5, 0x8747).name("PLX Technology PEX 8747").cap(G4, 16).sta(UNK, 16)
                .slot(2);
        fx.add("0000:03:00.0").cls(0x0300, "VGA compatible controller").ids(0x10de, 0x2204)
                .name("NVIDIA Corporation GA102 [GeForce RTX 3090]").hidden();
        Topology t = fx.build();
        Report r = Analyzer.analyze(t);
        HopVerdict fleetWorst = r.hops().stream().filter(h -> h.link().device() != null)
                .min(Comparator.comparing(HopVerdict::verdict, LinkVerdict.WORST_FIRST_ORDER)).orElseThrow();
        assertThat(fleetWorst.verdict()).isEqualTo(LinkVerdict.WIDTH_DEGRADED);
        String answer = r.answer(b("0000:03:00.0")).answer();
        assertThat(answer).contains("trained x8 on an x16 path at " + fleetWorst.link().port().bdf())
                .doesNotStartWith("Cannot say yet");
    }

    /**
     * A device whose lspci could not decode its speeds, with its sysfs link files captured: the hop and the ceiling
     * read the same own link (sysfs), so the hop is judged and the ceiling is known.
     */
    @Test
    void theHopAndTheCeilingReadAFunctionsOwnLinkTheSameWay() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x8086, "Intel Corporation Xeon E5 v3 DMI2");
        fx.rootPort("0000:00:02.0", 1, 1).ids(0x8086, 0x2f04).name("Intel Corporation Xeon E5 v3 Root Port")
                .cap(UNK, 16).sta(UNK, 16).sysfs(st(G3, 16), st(G3, 16));
        fx.nvidia("0000:01:00.0").cap(UNK, 16).sta(UNK, 16).sysfs(st(G3, 16), st(G3, 16));
        Topology t = fx.build();
        HopVerdict h = Fx.hop(t, "0000:00:02.0");
        assertThat(h.link().capable()).isEqualTo(st(G3, 16));
        assertThat(h.link().trained()).isEqualTo(st(G3, 16));
        assertThat(h.verdict()).isEqualTo(LinkVerdict.OK);
        PathCeiling c = PathCeilings.of(t, Fx.node(t, "0000:01:00.0"));
        assertThat(c.known()).isTrue();
        assertThat(c.availableMbps()).isEqualTo(h.link().trained().mbps());
        assertThat(c.capableLink()).isEqualTo(h.link().capable());
    }
}
