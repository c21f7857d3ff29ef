package dev.lanescope.analysis;

import static dev.lanescope.analysis.Fx.G3;
import static dev.lanescope.analysis.Fx.G4;
import static dev.lanescope.analysis.Fx.b;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.PortType;
import dev.lanescope.model.Topology;

class AtomicsAndPeersTest {

    /** Seed 000 AM5: one GPU on CPU lanes (00:01.1), one behind the chipset switch whose downstream port has Routing-. */
    static Fx am5() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x1022, "Advanced Micro Devices, Inc. [AMD] Raphael/Granite Ridge Root Complex");
        fx.rootPort("0000:00:01.1", 1, 1).link(G4, 16).slot(1);
        fx.gpu("0000:01:00.0").link(G4, 16);
        fx.rootPort("0000:00:02.1", 2, 4).link(G4, 4);
        fx.usp("0000:02:00.0", 3, 4).ids(0x1022, 0x43f4).name("600 Series Chipset PCIe Switch Upstream Port")
                .link(G4, 4);
        fx.dsp("0000:03:08.0", 4, 4).ids(0x1022, 0x43f5).name("600 Series Chipset PCIe Switch Downstream Port")
                .cap(G4, 4).sta(G4, 4).slot(2).atomics(false, null, null, null, false);
        fx.gpu("0000:04:00.0").cap(G4, 16).sta(G4, 4).atomics(null, true, true, false, null);
        return fx;
    }

    @Test
    void cpuLaneSlotIsRoutableAndEnabled() {
        Topology t = am5().build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:01:00.0"));
        assertThat(v.status()).isEqualTo(AtomicsVerdict.Status.ROUTABLE_ENABLED);
        assertThat(v.breaksAt()).isNull();
        assertThat(v.reason()).contains("ReqEn+");
    }

    @Test
    void chipsetSlotBlockedAtTheRoutingMinusPort() {
        Topology t = am5().build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:04:00.0"));
        assertThat(v.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(v.breaksAt()).isEqualTo(b("0000:03:08.0"));
        assertThat(v.missingBit()).isEqualTo("AtomicOpsCap Routing-");
        assertThat(v.reason()).contains("0000:03:08.0 (switch downstream port, 600 Series Chipset PCIe Switch"
                        + " Downstream Port) has AtomicOpsCap Routing-")
                // the only other slot on a completing root port is 00:01.1, which holds the other GPU
                .contains("Move it to slot 1 (0000:00:01.1, a swap with the GPU 0000:01:00.0 there)")
                // the break is an AMD chipset port on an AMD host: the desktop-board remark fits
                .contains("On AMD desktop boards the chipset's ports do not route AtomicOps")
                .contains("hipErrorIllegalState")
                .doesNotContain("seed").doesNotContain("§");
        assertThat(v.need()).isEqualTo(AtomicsChain.Need.AMD_GPU);
        assertThat(v.isFault()).isTrue();
        assertThat(Analyzer.analyze(t).summary().get(0)).isEqualTo("AtomicOps blocked for 0000:04:00.0 at"
                + " 0000:03:08.0 (AtomicOpsCap Routing-): ROCm and multi-GPU collectives on this AMD GPU cannot work"
                + " from there.");
    }

    /** The AM5 board with an NVIDIA card in the chipset slot instead: the same Routing- port, nothing asks for atomics. */
    @Test
    void nvidiaGpuBehindRoutingMinusIsInformationNotAFault() {
        Fx fx = am5().remove("0000:04:00.0");
        fx.nvidia("0000:04:00.0").cap(G4, 16).sta(G4, 4);
        Topology t = fx.build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:04:00.0"));
        assertThat(v.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(v.need()).isEqualTo(AtomicsChain.Need.NONE);
        assertThat(v.isFault()).isFalse();
        assertThat(v.words()).isEqualTo("Not routed, not needed");
        assertThat(v.reason()).startsWith("Not a fault: its driver has not asked for AtomicOps (AtomicOpsCtl"
                + " ReqEn-)").contains("For information: AtomicOps cannot reach the CPU").doesNotContain("Move it").doesNotContain("hipErrorIllegalState");
        assertThat(Analyzer.analyze(t).summary()).noneMatch(l -> l.contains("AtomicOps"));
    }

    /** Any device whose driver enabled requests (ReqEn+, e.g. a ConnectX NIC) needs the chain; no ROCm advice for it. */
    @Test
    void reqEnPlusMakesAnyDeviceNeedTheChain() {
        Fx fx = am5().remove("0000:04:00.0");
        fx.endpoint("0000:04:00.0", 0x0200, "MT2910 Family [ConnectX-7]").cap(G4, 16).sta(G4, 4)
                .atomics(null, false, false, true, null);
        Topology t = fx.build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:04:00.0"));
        assertThat(v.need()).isEqualTo(AtomicsChain.Need.DRIVER_ENABLED);
        assertThat(v.isFault()).isTrue();
        assertThat(v.reason()).contains("Its driver asks for them (AtomicOpsCtl ReqEn+)").contains("Move it to slot 1")
                .doesNotContain("hipErrorIllegalState");
        assertThat(Analyzer.analyze(t).summary()).anyMatch(l -> l.startsWith("AtomicOps blocked for 0000:04:00.0")
                && l.contains("its driver asked for them (ReqEn+)"));
    }

    /**
     * An Intel board: the AMD GPU sits on a PCH root port without completers, and the only root port that completes
     * holds a soldered device (no slot). No slot is invented and no AMD-board remark is made.
     */
    @Test
    void fixesNameOnlySlotsThisMachineHas() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x8086, "Intel Corporation 12th Gen Core Processor Host Bridge");
        fx.rootPort("0000:00:01.0", 1, 1).ids(0x8086, 0x460d).name("12th Gen Core Processor PCI Express x16 Controller #1")
                .link(G4, 16);
        fx.nvidia("0000:01:00.0").link(G4, 16);
        fx.rootPort("0000:00:1c.0", 2, 2).ids(0x8086, 0x7a38).name("Alder Lake-S PCH PCI Express Root Port #1")
                .link(G3, 4).atomics(null, false, false, false, false);
        fx.gpu("0000:02:00.0").cap(G4, 16).sta(G3, 4).atomics(null, true, true, false, null);
        Topology t = fx.build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:02:00.0"));
        assertThat(v.isFault()).isTrue();
        assertThat(v.reason()).contains("This capture shows no other slot whose root port completes AtomicOps.")
                .doesNotContain("Move it").doesNotContain("AMD desktop");
    }

    /** An AMD APU's own GPU behind the processor's internal bridge: amdgpu does not use the PCIe chain for it. */
    @Test
    void processorGpuBehindTheInternalBridgeIsNotAFault() {
        Fx fx = new Fx();
        fx.hostBridge("0000:00:00.0", 0x1022, "Advanced Micro Devices, Inc. [AMD] Renoir/Cezanne Root Complex");
        fx.rootPort("0000:00:08.1", 5, 5).name("Advanced Micro Devices, Inc. [AMD] Renoir Internal PCIe GPP Bridge to Bus")
                .link(G3, 16).atomics(false, false, false, false, false);
        fx.gpu("0000:05:00.0").link(G3, 16).name("Cezanne [Radeon Vega Series / Radeon Vega Mobile Series]");
        Topology t = fx.build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:05:00.0"));
        assertThat(v.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(v.need()).isEqualTo(AtomicsChain.Need.PROCESSOR_FUNCTION);
        assertThat(v.isFault()).isFalse();
        assertThat(v.reason()).contains("part of the processor");
        assertThat(Analyzer.analyze(t).summary()).noneMatch(l -> l.contains("AtomicOps"));
    }

    /** The per-port rule with bits partly printed: a break wins over a missing bit, a missing bit is never a break. */
    @Test
    void portRuleWithPartlyPrintedBits() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.0", 1, 1).atomics(null, true, null, false, false);
        fx.rootPort("0000:00:02.0", 2, 2).atomics(null, false, null, false, false);
        fx.usp("0000:03:00.0", 4, 5).atomics(true, null, null, null, null);
        fx.usp("0000:06:00.0", 7, 8).atomics(null, null, null, null, true);
        fx.dsp("0000:09:00.0", 10, 10).atomics(null, null, null, null, false);
        fx.dsp("0000:0b:00.0", 12, 12).atomics(true, null, null, null, null);
        Topology t = fx.build();
        assertThat(AtomicsChain.port(Fx.node(t, "0000:00:01.0")).status()).isEqualTo(AtomicsChain.PortStatus.UNKNOWN);
        assertThat(AtomicsChain.port(Fx.node(t, "0000:00:02.0")))
                .isEqualTo(new AtomicsChain.PortJudgement(AtomicsChain.PortStatus.BREAKS, "AtomicOpsCap 32bit-", null));
        assertThat(AtomicsChain.port(Fx.node(t, "0000:03:00.0")).status()).isEqualTo(AtomicsChain.PortStatus.UNKNOWN);
        assertThat(AtomicsChain.port(Fx.node(t, "0000:06:00.0")).missingBit()).isEqualTo("AtomicOpsCtl EgressBlck+");
        assertThat(AtomicsChain.port(Fx.node(t, "0000:09:00.0")).why())
                .isEqualTo("part of its AtomicOps bits were not printed");
        assertThat(AtomicsChain.port(Fx.node(t, "0000:0b:00.0")).status()).isEqualTo(AtomicsChain.PortStatus.ROUTES);
    }

    @Test
    void egressBlockedUpstreamPort() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.0", 1, 3).link(G4, 16);
        fx.usp("0000:01:00.0", 2, 3).link(G4, 16).atomics(true, null, null, null, true);
        fx.dsp("0000:02:00.0", 3, 3).link(G4, 16);
        fx.gpu("0000:03:00.0").link(G4, 16);
        Topology t = fx.build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:03:00.0"));
        assertThat(v.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(v.breaksAt()).isEqualTo(b("0000:01:00.0"));
        assertThat(v.missingBit()).isEqualTo("AtomicOpsCtl EgressBlck+");
    }

    @Test
    void rootPortWithout64BitCompleter() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.0", 1, 1).link(G4, 16).atomics(null, true, false, false, false);
        fx.gpu("0000:01:00.0").link(G4, 16);
        Topology t = fx.build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:01:00.0"));
        assertThat(v.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(v.breaksAt()).isEqualTo(b("0000:00:01.0"));
        assertThat(v.missingBit()).isEqualTo("AtomicOpsCap 64bit-");
    }

    @Test
    void noRootPortIsUnverifiableAndReqEnMinusIsNotAFailure() {
        Fx vm = new Fx();
        vm.gpu("0000:00:05.0").link(G4, 16);
        Topology t = vm.build();
        AtomicsVerdict v = AtomicsChain.of(t, Fx.node(t, "0000:00:05.0"));
        assertThat(v.status()).isEqualTo(AtomicsVerdict.Status.UNVERIFIABLE);
        assertThat(v.reason()).contains("no Root Port is visible");

        Fx fx = new Fx();
        fx.rootPort("0000:00:01.0", 1, 1).link(G4, 16);
        fx.gpu("0000:01:00.0").link(G4, 16).atomics(null, true, true, false, null);
        Topology t2 = fx.build();
        AtomicsVerdict w = AtomicsChain.of(t2, Fx.node(t2, "0000:01:00.0"));
        assertThat(w.status()).isEqualTo(AtomicsVerdict.Status.ROUTABLE_NOT_REQUESTED);
        assertThat(w.reason()).contains("no driver asked yet");

        Fx old = new Fx();
        old.rootPort("0000:00:01.0", 1, 1).link(G4, 16).atomics(null, null, null, null, null);
        old.gpu("0000:01:00.0").link(G4, 16);
        Topology t3 = old.build();
        AtomicsVerdict o = AtomicsChain.of(t3, Fx.node(t3, "0000:01:00.0"));
        assertThat(o.status()).isEqualTo(AtomicsVerdict.Status.UNVERIFIABLE);
        assertThat(o.breaksAt()).isEqualTo(b("0000:00:01.0"));
        assertThat(o.reason()).contains("3.5.3");

        AtomicsVerdict port = AtomicsChain.of(t2, Fx.node(t2, "0000:00:01.0"));
        assertThat(port.status()).isEqualTo(AtomicsVerdict.Status.NOT_A_REQUESTER);
    }

    @Test
    void moveAdviceShowsAtomicsAndChipsetPerCandidate() {
        Topology t = am5().build();
        MoveAdvice a = MoveAdvisor.advise(t, b("0000:04:00.0"));
        // 00:01.1 holds the other GPU, the same Navi 31: x16 there (252.048) against x4 here (63.012), but a swap only
        // trades the two cards' places, so the machine gains nothing and the first sentence says so
        assertThat(a.answer()).isEqualTo("Moving it would not help the machine: the faster place, slot 1 (0000:00:01.1)"
                + " at 252.048 Gb/s against 63.012 Gb/s now, holds GPU Navi 31 [Radeon RX 7900 XT/7900 XTX]"
                + " 0000:01:00.0, the same model, so a swap only trades their places.");
        assertThat(a.helps()).isFalse();
        MoveCandidate cpu = a.candidates().get(0);
        assertThat(cpu.atomics().status()).isEqualTo(AtomicsVerdict.Status.ROUTABLE_NOT_REQUESTED);
        MoveCandidate here = a.current();
        assertThat(here.chipset()).isTrue();
        assertThat(here.notes()).anyMatch(n -> n.contains("shares the chipset uplink"));
        assertThat(here.atomics().status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(cpu.peerClasses()).containsExactly("PHB to 0000:01:00.0 (after the swap)");
    }

    // ---- peers

    static Fx switchPair(boolean nested, boolean acs) {
        Fx fx = new Fx();
        fx.add("0000:00:00.0").cls(0x0600, "Host bridge").ids(0x8086, 0x2020).name("Sky Lake-E DMI3 Registers");
        fx.rootPort("0000:00:01.0", 1, 6).link(G3, 16).ids(0x8086, 0x2030).name("Sky Lake-E PCI Express Root Port A");
        fx.usp("0000:01:00.0", 2, 6).link(G3, 16).ids(0x10b5, 0x8747).name("PEX 8747 48-Lane PCIe Gen 3 Switch");
        fx.dsp("0000:02:08.0", 3, 3).link(G3, 16).ids(0x10b5, 0x8747).name("PEX 8747");
        fx.nvidia("0000:03:00.0").link(G3, 16);
        if (!nested) {
            Fx.F d = fx.dsp("0000:02:10.0", 4, 4).link(G3, 16).ids(0x10b5, 0x8747).name("PEX 8747");
            if (acs) d.acsRedirect();
            fx.nvidia("0000:04:00.0").link(G3, 16);
        } else {
            fx.dsp("0000:02:10.0", 4, 6).link(G3, 16).ids(0x10b5, 0x8747).name("PEX 8747");
            fx.usp("0000:04:00.0", 5, 6).link(G3, 16).ids(0x10b5, 0x8733).name("PEX 8733");
            fx.dsp("0000:05:00.0", 6, 6).link(G3, 16).ids(0x10b5, 0x8733).name("PEX 8733");
            fx.nvidia("0000:06:00.0").link(G3, 16);
        }
        return fx;
    }

    @Test
    void pixUnderOneSwitchAndAcsRedirectNamed() {
        List<PeerPair> ps = PeerPaths.all(switchPair(false, true).build());
        assertThat(ps).hasSize(1);
        PeerPair p = ps.get(0);
        assertThat(p.pathClass()).isEqualTo(PathClass.PIX);
        assertThat(p.acsRedirectAt()).containsExactly(b("0000:02:10.0"));
        assertThat(p.ncclP2pLevel()).isEqualTo("default (PXB)");
        assertThat(p.explanation()).contains("Connection traversing at most a single PCIe bridge")
                .contains("ACS redirects peer traffic up to the root complex at 0000:02:10.0");
        assertThat(p.throughChipset()).isFalse();
        assertThat(PeerPaths.all(switchPair(false, false).build()).get(0).acsRedirectAt()).isEmpty();
    }

    @Test
    void pxbThroughNestedSwitches() {
        PeerPair p = PeerPaths.all(switchPair(true, false).build()).get(0);
        assertThat(p.pathClass()).isEqualTo(PathClass.PXB);
        assertThat(p.ncclP2pLevel()).isEqualTo("default (PXB)");
    }

    /** Seed 003: two R9700 on different CPU root ports of an X99 board; one BAR at 56 TiB. */
    @Test
    void phbOnIntelNeedsTheLevelAndFlagsThe56TiBBar() {
        Fx fx = new Fx();
        fx.add("0000:00:00.0").cls(0x0600, "Host bridge").ids(0x8086, 0x6f00)
                .name("Xeon E7 v4/Xeon E5 v4/Xeon E3 v4/Xeon D DMI2");
        fx.rootPort("0000:00:02.0", 3, 3).link(G3, 16).ids(0x8086, 0x6f04).name("Xeon E5 v4 PCI Express Root Port 2");
        fx.rootPort("0000:00:03.0", 4, 4).link(G3, 16).ids(0x8086, 0x6f08).name("Xeon E5 v4 PCI Express Root Port 3");
        fx.gpu("0000:03:00.0").link(G3, 16).name("Navi 48 [Radeon AI PRO R9700]").bar(0, 0x380000000000L);
        fx.gpu("0000:04:00.0").link(G3, 16).name("Navi 48 [Radeon AI PRO R9700]").bar(0, 0x3bf000000000L >>> 8);
        PeerPair p = PeerPaths.all(fx.build()).get(0);
        assertThat(p.pathClass()).isEqualTo(PathClass.PHB);
        assertThat(p.ncclP2pLevel()).isEqualTo("NCCL_P2P_LEVEL=PHB");
        assertThat(p.barsAbove44Bit()).containsExactly("0000:03:00.0 BAR 0 at 0x380000000000 (56 TiB)");
        assertThat(p.explanation()).contains("different root ports of root complex 0000:00")
                .contains("RCCL 2.27.7 also needed a patch").contains("44-bit DMA engine");
        assertThat(p.needsAttention()).isTrue();
    }

    @Test
    void amdHostWithTwoGpusDefaultsToSysAndChipsetIsFlagged() {
        PeerPair p = PeerPaths.all(am5().build()).get(0);
        assertThat(p.pathClass()).isEqualTo(PathClass.PHB);
        assertThat(p.ncclP2pLevel()).isEqualTo("default (SYS)");
        assertThat(p.throughChipset()).isTrue();
        // the chipset's cost is said in words and measured here, never with another machine's figures
        assertThat(p.explanation()).contains("shares the chipset's uplink").contains("measured on this machine")
                .doesNotContain("GB/s");
    }

    static Fx twoRoots(int numaA, int numaB) {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.0", 1, 1).link(G4, 16).numa(numaA).ids(0x8086, 0x347a).name("Ice Lake-SP Root Port");
        fx.nvidia("0000:01:00.0").link(G4, 16).numa(numaA);
        fx.rootPort("0000:80:01.0", 0x81, 0x81).link(G4, 16).numa(numaB).ids(0x8086, 0x347a)
                .name("Ice Lake-SP Root Port");
        fx.nvidia("0000:81:00.0").link(G4, 16).numa(numaB);
        return fx;
    }

    @Test
    void nodeAndSysByNumaNode() {
        PeerPair node = PeerPaths.all(twoRoots(0, 0).build()).get(0);
        assertThat(node.pathClass()).isEqualTo(PathClass.NODE);
        assertThat(node.ncclP2pLevel()).isEqualTo("NCCL_P2P_LEVEL=NODE");
        PeerPair sys = PeerPaths.all(twoRoots(0, 1).build()).get(0);
        assertThat(sys.pathClass()).isEqualTo(PathClass.SYS);
        assertThat(sys.explanation()).contains("NUMA nodes 0 and 1")
                .contains("the SMP interconnect between NUMA nodes");
        PeerPair unknown = PeerPaths.all(twoRoots(-1, -1).build()).get(0);
        assertThat(unknown.pathClass()).isEqualTo(PathClass.NODE);
        assertThat(unknown.explanation()).contains("records no NUMA node").contains("may be SYS");
    }

    @Test
    void pathClassOrderAndLegend() {
        assertThat(PathClass.values()).containsExactly(PathClass.PIX, PathClass.PXB, PathClass.PHB, PathClass.NODE,
                PathClass.SYS);
        assertThat(PathClass.PHB.legend())
                .isEqualTo("Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)");
    }

    @Test
    void gpuNicPairUsesGdrLevel() {
        Fx fx = twoRoots(0, 0);
        fx.rootPort("0000:00:02.0", 2, 2).link(G3, 16).numa(0).ids(0x8086, 0x347a);
        fx.endpoint("0000:02:00.0", 0x0200, "MT28908 Family [ConnectX-6]").link(G3, 16).numa(0);
        List<PeerPair> ps = PeerPaths.all(fx.build());
        PeerPair gpuNic = ps.stream().filter(p -> p.a().equals(b("0000:01:00.0")) && p.b().equals(b("0000:02:00.0")))
                .findFirst().orElseThrow();
        assertThat(gpuNic.pathClass()).isEqualTo(PathClass.PHB);
        assertThat(gpuNic.ncclP2pLevel()).isEqualTo("NCCL_NET_GDR_LEVEL=PHB");
        assertThat(ps).hasSize(3);
    }

    @Test
    void reportListsEverythingAndFaultsFirst() {
        Fx fx = am5();
        fx.rootPort("0000:00:03.1", 5, 5).cap(G3, 8).sta(Fx.G1, 8).target(G3);
        fx.endpoint("0000:05:00.0", 0x0200, "Ethernet Controller").link(G3, 8).sta(Fx.G1, 8);
        Report r = Analyzer.analyze(fx.build());
        assertThat(r.hops()).extracting(h -> h.link().port().bdf()).contains(b("0000:00:03.1"), b("0000:03:08.0"));
        assertThat(r.ceilings()).extracting(PathCeiling::device).contains(b("0000:01:00.0"), b("0000:04:00.0"),
                b("0000:02:00.0"), b("0000:05:00.0"));
        assertThat(r.summary().get(0)).startsWith("Link trained low on 0000:00:03.1");
        assertThat(r.summary().get(1)).startsWith("AtomicOps blocked for 0000:04:00.0");
        assertThat(r.summary()).anyMatch(s -> s.startsWith("Wired narrow on 0000:03:08.0"));
        assertThat(PortType.ROOT_PORT.isDownstreamFacing()).isTrue();
    }
}
