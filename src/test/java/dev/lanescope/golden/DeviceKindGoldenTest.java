package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.TopoNode;

/**
 * What counts as a GPU and as a peer, on real captures (docs/RULES.md §5 and §8; the "Advice that fits the device"): the
 * one vocabulary in {@link DeviceKind} that the status bar, peers, summary, "next GPU", badges and JSON share.
 */
class DeviceKindGoldenTest {

    private static DeviceKind kind(Sample s, String bdf) {
        TopoNode.FunctionNode n = s.topology().node(Bdf.parse(bdf)).orElseThrow();
        return DeviceKind.of(s.topology(), n);
    }

    /**
     * Acer Alder Lake-HX laptop: 00:02.0 "Alder Lake-HX GT1 [UHD Graphics 770]" is an Express Root Complex Integrated
     * Endpoint (the CPU's iGPU); 01:00.0 the RTX 4070 Mobile behind the PEG root port is the one GPU. Two domains
     * (0000 and the VMD's 10000): addresses are shown in full.
     */
    @Test
    void laptopIgpuIsNotAGpu() {
        Sample s = Sample.of("acer-alderlake-hx-rtx4070-vmd-domain10000");
        assertThat(kind(s, "0000:00:02.0")).isEqualTo(DeviceKind.INTEGRATED_GPU);
        assertThat(kind(s, "0000:01:00.0")).isEqualTo(DeviceKind.GPU);
        assertThat(s.report().accelerators()).containsExactly(Bdf.parse("0000:01:00.0"));
        assertThat(s.topology().multiDomain()).isTrue();
        assertThat(s.topology().address(Bdf.parse("10000:e1:00.0"))).isEqualTo("10000:e1:00.0");
    }

    /**
     * Meteor Lake laptop captured without root: no port types, no ids (plain -vv). 00:02.0 "Meteor Lake-P [Intel Arc
     * Graphics]" is Intel's iGPU address; 00:0b.0 "Meteor Lake NPU" (class Processing accelerators) sits on the root
     * bus from the host bridge's own vendor: built into the CPU. Only the RTX 500 at 01:00.0 is a GPU card.
     */
    @Test
    void nonRootLaptopIgpuAndNpuAreBuiltIn() {
        Sample s = Sample.of("lenovo-meteorlake-rtx500ada-nonroot");
        assertThat(kind(s, "00:02.0")).isEqualTo(DeviceKind.INTEGRATED_GPU);
        assertThat(kind(s, "00:0b.0")).isEqualTo(DeviceKind.INTEGRATED_ACCELERATOR);
        assertThat(s.report().accelerators()).containsExactly(Bdf.parse("0000:01:00.0"));
        assertThat(s.topology().multiDomain()).isFalse();
        assertThat(s.topology().address(Bdf.parse("0000:01:00.0"))).isEqualTo("01:00.0");
    }

    /** AMD APUs: the Lucienne (ASUS PN51) and Picasso (Emerson board) graphics are the CPU's, behind internal ports. */
    @Test
    void amdApuGraphicsAreIntegrated() {
        assertThat(kind(Sample.of("asus-pn51-amd-ryzen-cezanne"), "05:00.0")).isEqualTo(DeviceKind.INTEGRATED_GPU);
        Sample emb = Sample.of("amd-ryzen-embedded-picasso-pericom-switch");
        assertThat(kind(emb, "0b:00.0")).isEqualTo(DeviceKind.INTEGRATED_GPU);
        assertThat(emb.report().accelerators()).isEmpty();
    }

    /**
     * Servers: the BMC's display (HP iLO4's "MGA G200EH" at 01:00.1, Ice Lake-SP's "Integrated Matrox G200eW3" at
     * 03:00.0) is not a GPU; on the Ice Lake-SP box the ConnectX-5 (InfiniBand class) is a data-centre NIC and the
     * BCM5720 "Gigabit" management NIC is not a peer. The ConnectX-5's two functions are one device: no pair at all.
     */
    @Test
    void bmcDisplaysAndManagementNicsAreNotPeers() {
        Sample hp = Sample.of("hp-proliant-dl388-gen8-ilo4-p420i");
        assertThat(kind(hp, "01:00.1")).isEqualTo(DeviceKind.MANAGEMENT_DISPLAY);
        assertThat(hp.report().accelerators()).isEmpty();
        Sample ice = Sample.of("intel-xeon-icelake-sp-2s-connectx5");
        assertThat(kind(ice, "03:00.0")).isEqualTo(DeviceKind.MANAGEMENT_DISPLAY);
        assertThat(kind(ice, "4b:00.0")).isEqualTo(DeviceKind.DATACENTRE_NIC);
        assertThat(kind(ice, "04:00.0")).isEqualTo(DeviceKind.NIC);
        assertThat(ice.report().peers()).isEmpty();
        assertThat(ice.report().accelerators()).isEmpty();
    }

    /**
     * Puget WRX90: two RTX 6000 Ada (c1:00.0, c2:00.0) and a ConnectX-7 (21:00.0): three peers, three pairs. The
     * GPUs sit on different root ports of one root complex (PHB); the NIC is on another root bus (NODE).
     */
    @Test
    void workstationGpusAndConnectX7AreThePeers() {
        Sample s = Sample.of("puget-wrx90-threadripper-pro-rtx6000ada-cx7");
        assertThat(kind(s, "21:00.0")).isEqualTo(DeviceKind.DATACENTRE_NIC);
        assertThat(s.report().peers()).hasSize(3);
        assertThat(s.peer("c1:00.0", "c2:00.0").pathClass()).isEqualTo(dev.lanescope.analysis.PathClass.PHB);
        assertThat(s.report().accelerators()).containsExactly(Bdf.parse("0000:c1:00.0"), Bdf.parse("0000:c2:00.0"));
    }

    /**
     * A tree-only capture (`lspci -tv`: names, no classes) of a 2-socket GPU server: the names say which functions
     * are the four RTX 6000 Ada cards, the two ConnectX-7 ports, the X710 and the BMC's ASPEED display; the cards'
     * HD Audio functions, the switch ports and the AMD platform functions stay unguessed.
     */
    @Test
    void aTreeOnlyServerStillKnowsItsGpusAndNicsByName() {
        Sample s = Sample.of("asus-esc8000a-e12-genoa-2s-4gpu");
        assertThat(s.report().accelerators()).containsExactly(Bdf.parse("0000:01:00.0"), Bdf.parse("0000:41:00.0"),
                Bdf.parse("0000:c1:00.0"), Bdf.parse("0000:e1:00.0"));
        assertThat(kind(s, "21:00.0")).isEqualTo(DeviceKind.DATACENTRE_NIC);
        assertThat(kind(s, "81:00.1")).isEqualTo(DeviceKind.DATACENTRE_NIC);
        assertThat(kind(s, "82:00.0")).isEqualTo(DeviceKind.NIC); // X710 10GBASE-T: not a peer
        assertThat(kind(s, "75:00.0")).isEqualTo(DeviceKind.MANAGEMENT_DISPLAY);
        assertThat(kind(s, "65:00.0")).isEqualTo(DeviceKind.NVME);
        assertThat(kind(s, "71:00.0")).isEqualTo(DeviceKind.STORAGE); // the HighPoint card is a RAID controller
        assertThat(kind(s, "01:00.1")).isEqualTo(DeviceKind.OTHER); // the GPU's HD Audio function
        assertThat(kind(s, "00:18.0")).isEqualTo(DeviceKind.OTHER);
    }
}
