package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.AtomicsChain;
import dev.lanescope.analysis.AtomicsVerdict;
import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.model.Insights;
import dev.lanescope.ui.model.InsightsFactory;

/**
 * AtomicOps on bundled real captures: which devices need the chain (an AMD GPU under amdgpu, or a device that printed
 * {@code AtomicOpsCtl: ReqEn+}), and that a chain which does not reach the CPU is a fault only for those. Each
 * expectation was read off the capture's own AtomicOpsCap/AtomicOpsCtl and "Kernel driver in use" lines.
 */
class AtomicsGoldenTest {

    private static List<String> atomicsLines(Sample s) {
        return s.report().summary().stream().filter(l -> l.contains("AtomicOps")).toList();
    }

    /**
     * iMac 2020: the Navi 14 (03:00.0, an AMD GPU, so ROCm would need atomics) sits behind its own switch: 01:00.0
     * upstream prints Routing+ EgressBlck-, 02:00.0 downstream Routing+, root port 00:01.0 32bit+ 64bit+; its
     * AtomicOpsCtl is ReqEn- (no driver bound in the capture): routable, nobody asked yet.
     * The Apple NVMe 04:00.0 sits on 00:1b.0 (32bit- 64bit-) and the Thunderbolt NHI 09:00.0 below the Titan Ridge
     * port 08:00.0 (Routing-): both ReqEn-, neither driver uses atomics, so the broken chains are information only.
     */
    @Test
    void imacNavi14RoutesAndTheNvmeAndThunderboltChainsAreInformation() {
        Sample s = Sample.of("apple-imac2020-cometlake-navi14-titanridge");
        AtomicsVerdict navi = s.atomics("03:00.0");
        assertThat(navi.status()).isEqualTo(AtomicsVerdict.Status.ROUTABLE_NOT_REQUESTED);
        assertThat(navi.need()).isEqualTo(AtomicsChain.Need.AMD_GPU);
        AtomicsVerdict nvme = s.atomics("04:00.0");
        assertThat(nvme.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(nvme.breaksAt()).isEqualTo(Bdf.parse("00:1b.0"));
        assertThat(nvme.isFault()).isFalse();
        assertThat(nvme.reason()).contains("For information, not a fault").doesNotContain("Move it");
        AtomicsVerdict nhi = s.atomics("09:00.0");
        assertThat(nhi.breaksAt()).isEqualTo(Bdf.parse("08:00.0"));
        assertThat(nhi.isFault()).isFalse();
        assertThat(atomicsLines(s)).isEmpty();

        // the graph agrees: the NVMe's and the NHI's ports are drawn as "does not route, not needed", never red
        InsightsFactory.Analysed a = InsightsFactory.analyse(s.topology());
        TopologyLayouts.Picture p = TopologyLayouts.of(s.topology(), Set.of());
        var colours = EdgeColours.of(p, s.topology(), a.insights(), EdgeColours.Mode.ATOMICS);
        assertThat(colours.get(edge(p, "00:1b.0", "04:00.0"))).isEqualTo("noroute");
        assertThat(colours.get(edge(p, "08:00.0", "09:00.0"))).isEqualTo("noroute");
        assertThat(colours.get(edge(p, "00:01.0", "01:00.0"))).isEqualTo("routes");
        assertThat(colours).doesNotContainValue("blocks");
        assertThat(EdgeColours.breakIds(p, a.insights(), Bdf.parse("04:00.0"))).isEmpty();
    }

    /**
     * ROG Zephyrus G14 (Ryzen 6700H): the Radeon 680M 07:00.0 prints ReqEn+ yet its root port 00:08.1, the
     * processor's "Internal PCIe GPP Bridge", prints 32bit- 64bit-. The chain the kernel would test breaks there, but
     * the function is part of the processor (amdgpu enables an APU's atomics without that chain; no card plugs in
     * there): no alarm. Before, this was the summary's first line.
     */
    @Test
    void apuGpuBehindTheInternalBridgeIsNoAlarm() {
        Sample s = Sample.of("asus-zephyrus-g14-ga402rj-ryzen6700h");
        AtomicsVerdict igpu = s.atomics("07:00.0");
        assertThat(igpu.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(igpu.breaksAt()).isEqualTo(Bdf.parse("00:08.1"));
        assertThat(igpu.need()).isEqualTo(AtomicsChain.Need.PROCESSOR_FUNCTION);
        assertThat(igpu.isFault()).isFalse();
        // the HD audio 07:00.1 printed ReqEn+ as well, behind the same internal bridge
        assertThat(s.atomics("07:00.1").isFault()).isFalse();
        assertThat(atomicsLines(s)).isEmpty();
    }

    /**
     * Two old Radeons bound to the radeon driver (Kernel driver in use: radeon), which never asks for atomics:
     * the Loongson box's Oland 11:00.0 below a Routing- port 00:1e.0, and the NI controller's E6460 01:00.0 on a root
     * port 00:1c.0 with 32bit- 64bit-. Information, with the driver named, not a fault.
     */
    @Test
    void radeonDriverCardsDoNotNeedTheChain() {
        Sample loongson = Sample.of("loongson-7a2000-radeon-oland");
        AtomicsVerdict oland = loongson.atomics("11:00.0");
        assertThat(oland.status()).isEqualTo(AtomicsVerdict.Status.BLOCKED);
        assertThat(oland.need()).isEqualTo(AtomicsChain.Need.NONE);
        assertThat(oland.reason()).contains("its driver (radeon) has not asked for them");
        assertThat(atomicsLines(loongson)).isEmpty();
        Sample ni = Sample.of("ni-haswell-ep-e5-2618lv3-pci-bridges-radeon-e6460");
        assertThat(ni.atomics("01:00.0").isFault()).isFalse();
        assertThat(atomicsLines(ni)).isEmpty();
    }

    /**
     * NVIDIA cards: the Acer's RTX 4070 01:00.0 (ReqEn-, driver nvidia) on root port 00:01.0 with Routing+ 32bit+
     * 64bit+: routable, not needed. The Puget's RTX 6000 Ada c1:00.0 (ReqEn-) below root ports the capture has only in
     * the tree: cannot be verified, and not needed either. The cloud VM's H200 00:06.0 printed ReqEn+ (its driver
     * asked), but no root port is visible: cannot be verified, which is no fault line either.
     */
    @Test
    void nvidiaGpusAreInformationUnlessTheirDriverAsked() {
        Sample acer = Sample.of("acer-alderlake-hx-rtx4070-vmd-domain10000");
        AtomicsVerdict rtx = acer.atomics("0000:01:00.0");
        assertThat(rtx.status()).isEqualTo(AtomicsVerdict.Status.ROUTABLE_NOT_REQUESTED);
        assertThat(rtx.need()).isEqualTo(AtomicsChain.Need.NONE);
        assertThat(atomicsLines(acer)).isEmpty();

        Sample puget = Sample.of("puget-wrx90-threadripper-pro-rtx6000ada-cx7");
        AtomicsVerdict ada = puget.atomics("c1:00.0");
        assertThat(ada.status()).isEqualTo(AtomicsVerdict.Status.UNVERIFIABLE);
        assertThat(ada.need()).isEqualTo(AtomicsChain.Need.NONE);
        // the ConnectX-7 21:00.0 printed ReqEn+ (mlx5_core asked): it needs the chain, still unverifiable here
        assertThat(puget.atomics("21:00.0").need()).isEqualTo(AtomicsChain.Need.DRIVER_ENABLED);
        assertThat(atomicsLines(puget)).isEmpty();

        Sample vm = Sample.of("cloud-vm-h200-passthrough-virtio");
        AtomicsVerdict h200 = vm.atomics("00:06.0");
        assertThat(h200.status()).isEqualTo(AtomicsVerdict.Status.UNVERIFIABLE);
        assertThat(h200.need()).isEqualTo(AtomicsChain.Need.DRIVER_ENABLED);
        assertThat(h200.reason()).contains("no Root Port is visible");
        assertThat(atomicsLines(vm)).isEmpty();
    }

    /**
     * The Ryzen Embedded board: the Intel I210 07:00.0 (ReqEn-, driver igb) sits below the Pericom downstream port
     * 04:03.0 with Routing-; the panel says "information", not "blocked", and the command line prints words, not
     * status constants.
     */
    @Test
    void panelWordsForANicBehindARoutingMinusSwitch() {
        Sample s = Sample.of("amd-ryzen-embedded-picasso-pericom-switch");
        InsightsFactory.Analysed a = InsightsFactory.analyse(s.topology());
        Insights.Atomic i210 = a.insights().atomics().get(Bdf.parse("07:00.0"));
        assertThat(i210.status()).startsWith("Not routed (information");
        assertThat(i210.blocked()).isTrue();
        assertThat(i210.broken()).isFalse();
        String text = dev.lanescope.cli.CliRun.of("analyze", "samples/amd-ryzen-embedded-picasso-pericom-switch").out();
        assertThat(text).contains("0000:07:00.0: Not routed (information").doesNotContain("BLOCKED")
                .doesNotContain("ROUTABLE_").doesNotContain("seed 000");
    }

    private static String edge(TopologyLayouts.Picture p, String port, String device) {
        return p.nodeOf(Bdf.parse(port)).id() + "->" + p.nodeOf(Bdf.parse(device)).id();
    }
}
