package dev.lanescope.ui.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/**
 * The AtomicOps colour of every edge, the box marked where the selected card's chain breaks, and the panel's words,
 * on one board read through the parser: they must tell the same story (one port rule, in the analysis).
 *
 * <pre>
 * 00:01.1 root port  32bit+ 64bit+           -> 01:00.0 NVIDIA GPU (ReqEn-)
 * 00:02.1 root port  32bit+ 64bit+           -> 02:00.0 chipset switch upstream (Routing+, EgressBlck-)
 *     03:08.0 downstream Routing-            -> 04:00.0 AMD GPU            (needs atomics: a fault)
 *     03:0c.0 downstream Routing-            -> 05:00.0 NVMe drive         (does not need them: information)
 *     03:0d.0 downstream, Routing not printed -> 06:00.0 AMD GPU           (cannot be told)
 * 00:03.1 root port  32bit+, 64bit not printed -> 07:00.0 AMD GPU          (cannot be told)
 * 00:04.1 root port  32bit+ 64bit+           -> 08:00.0 switch upstream, Routing+ but no AtomicOpsCtl line
 *     09:00.0 downstream Routing+            -> 0a:00.0 AMD GPU            (cannot be told: egress unknown)
 * </pre>
 */
class EdgeColoursTest {

    @TempDir
    static Path dir;
    static Topology topology;
    static InsightsFactory.Analysed analysed;
    static TopologyLayouts.Picture picture;
    static Map<String, String> colours;

    @BeforeAll
    static void load() throws IOException {
        StringBuilder vv = new StringBuilder();
        vv.append(fn("00:00.0", "Host bridge [0600]", "Advanced Micro Devices, Inc. [AMD] Raphael/Granite Ridge Root Complex [1022:14d8]", null, null, null, null));
        vv.append(fn("00:01.1", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD] Raphael/Granite Ridge GPP Bridge [1022:14db]", "Root Port (Slot+)", "01", "Routing- 32bit+ 64bit+ 128bitCAS-", "ReqEn- EgressBlck-"));
        vv.append(fn("01:00.0", "VGA compatible controller [0300]", "NVIDIA Corporation AD102 [GeForce RTX 4090] [10de:2684]", "Legacy Endpoint", null, "32bit- 64bit- 128bitCAS-", "ReqEn-"));
        vv.append(fn("00:02.1", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD] Raphael/Granite Ridge GPP Bridge [1022:14db]", "Root Port (Slot-)", "02-06", "Routing- 32bit+ 64bit+ 128bitCAS-", "ReqEn- EgressBlck-"));
        vv.append(fn("02:00.0", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD] 600 Series Chipset PCIe Switch Upstream Port [1022:43f4]", "Upstream Port", "03-06", "Routing+", "EgressBlck-"));
        vv.append(fn("03:08.0", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD] 600 Series Chipset PCIe Switch Downstream Port [1022:43f5]", "Downstream Port (Slot+)", "04", "Routing-", "EgressBlck-"));
        vv.append(fn("03:0c.0", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD] 600 Series Chipset PCIe Switch Downstream Port [1022:43f5]", "Downstream Port (Slot-)", "05", "Routing-", "EgressBlck-"));
        vv.append(fn("03:0d.0", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD] 600 Series Chipset PCIe Switch Downstream Port [1022:43f5]", "Downstream Port (Slot+)", "06", "32bit- 64bit-", "EgressBlck-"));
        vv.append(fn("04:00.0", "VGA compatible controller [0300]", "Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX] [1002:744c]", "Legacy Endpoint", null, "32bit+ 64bit+ 128bitCAS-", "ReqEn-"));
        vv.append(fn("05:00.0", "Non-Volatile memory controller [0108]", "Samsung Electronics Co Ltd NVMe SSD Controller PM9A1/PM9A3/980PRO [144d:a80a]", "Endpoint", null, "32bit- 64bit- 128bitCAS-", "ReqEn-"));
        vv.append(fn("06:00.0", "VGA compatible controller [0300]", "Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX] [1002:744c]", "Legacy Endpoint", null, "32bit+ 64bit+ 128bitCAS-", "ReqEn-"));
        vv.append(fn("00:03.1", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD] Raphael/Granite Ridge GPP Bridge [1022:14db]", "Root Port (Slot+)", "07", "Routing- 32bit+", "ReqEn- EgressBlck-"));
        vv.append(fn("07:00.0", "VGA compatible controller [0300]", "Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX] [1002:744c]", "Legacy Endpoint", null, "32bit+ 64bit+ 128bitCAS-", "ReqEn-"));
        vv.append(fn("00:04.1", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD] Raphael/Granite Ridge GPP Bridge [1022:14db]", "Root Port (Slot+)", "08-0a", "Routing- 32bit+ 64bit+ 128bitCAS-", "ReqEn- EgressBlck-"));
        vv.append(fn("08:00.0", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD/ATI] Navi 10 XL Upstream Port of PCI Express Switch [1002:1478]", "Upstream Port", "09-0a", "Routing+", null));
        vv.append(fn("09:00.0", "PCI bridge [0604]", "Advanced Micro Devices, Inc. [AMD/ATI] Navi 10 XL Downstream Port of PCI Express Switch [1002:1479]", "Downstream Port (Slot-)", "0a", "Routing+", "EgressBlck-"));
        vv.append(fn("0a:00.0", "VGA compatible controller [0300]", "Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX] [1002:744c]", "Legacy Endpoint", null, "32bit+ 64bit+ 128bitCAS-", "ReqEn-"));
        Path f = dir.resolve("vv.txt");
        Files.writeString(f, vv);
        topology = TopologyBuilder.build(CaptureLoader.load(List.of(f)));
        analysed = InsightsFactory.analyse(topology);
        picture = TopologyLayouts.of(topology, Set.of());
        colours = EdgeColours.of(picture, topology, analysed.insights(), EdgeColours.Mode.ATOMICS);
    }

    /** One function of {@code lspci -vv -nn}: header, bus numbers for bridges, Express type, link, AtomicOps. */
    private static String fn(String bdf, String cls, String name, String type, String buses, String cap, String ctl) {
        StringBuilder s = new StringBuilder(bdf + " " + cls + ": " + name + "\n");
        if (buses != null) {
            String[] b = buses.split("-");
            s.append("\tBus: primary=").append(bdf, 0, 2).append(", secondary=").append(b[0]).append(", subordinate=")
                    .append(b.length > 1 ? b[1] : b[0]).append(", sec-latency=0\n");
        }
        if (type != null) {
            s.append("\tCapabilities: [58] Express (v2) ").append(type).append(", MSI 00\n");
            s.append("\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM L1, Exit Latency L1 <64us\n");
            s.append("\t\tLnkSta:\tSpeed 16GT/s, Width x16\n");
            s.append("\t\tDevCap2: Completion Timeout: Range ABCD, TimeoutDis+ NROPrPrP- LTR+\n");
            if (cap != null) s.append("\t\t\t AtomicOpsCap: ").append(cap).append("\n");
            s.append("\t\tDevCtl2: Completion Timeout: 50us to 50ms, TimeoutDis- LTR- 10BitTagReq- OBFF Disabled,\n");
            if (ctl != null) s.append("\t\t\t AtomicOpsCtl: ").append(ctl).append("\n");
            s.append("\t\tLnkCtl2: Target Link Speed: 16GT/s, EnterCompliance- SpeedDis-\n");
        }
        return s.append('\n').toString();
    }

    private static String colour(String port, String device) {
        String id = picture.nodeOf(Bdf.parse(port)).id() + "->" + picture.nodeOf(Bdf.parse(device)).id();
        assertThat(colours).as("edge %s", id).containsKey(id);
        return colours.get(id);
    }

    private static Insights.Atomic panel(String device) {
        return analysed.insights().atomics().get(Bdf.parse(device));
    }

    @Test
    void portsThatRouteOrCompleteArePaintedAsRouting() {
        // a root port printing 32bit+ 64bit+ completes; a switch port printing Routing+ (and EgressBlck-) routes
        assertThat(colour("00:01.1", "01:00.0")).isEqualTo("routes");
        assertThat(colour("00:02.1", "02:00.0")).isEqualTo("routes");
        assertThat(colour("02:00.0", "03:08.0")).isEqualTo("routes");
        assertThat(panel("01:00.0").status()).isEqualTo("Routable (no driver asked yet)");
    }

    @Test
    void aRoutingMinusPortAboveAnAmdGpuBreaksTheChainAndIsMarked() {
        // 03:08.0 prints Routing-; the Navi 31 below it needs atomics (amdgpu/ROCm): a fault, the box is marked
        assertThat(colour("03:08.0", "04:00.0")).isEqualTo("blocks");
        Insights.Atomic a = panel("04:00.0");
        assertThat(a.status()).isEqualTo("Blocked");
        assertThat(a.broken()).isTrue();
        assertThat(EdgeColours.breakIds(picture, analysed.insights(), Bdf.parse("04:00.0")))
                .containsExactly(picture.nodeOf(Bdf.parse("03:08.0")).id());
    }

    @Test
    void aRoutingMinusPortAboveAnNvmeDriveIsInformationNotAFault() {
        // the same Routing- bit, but the NVMe driver never asks for atomics: neither red on the graph nor marked
        assertThat(colour("03:0c.0", "05:00.0")).isEqualTo("noroute");
        Insights.Atomic a = panel("05:00.0");
        assertThat(a.blocked()).isTrue();
        assertThat(a.broken()).isFalse();
        assertThat(a.reason()).contains("For information, not a fault").doesNotContain("hipErrorIllegalState");
        assertThat(EdgeColours.breakIds(picture, analysed.insights(), Bdf.parse("05:00.0"))).isEmpty();
        assertThat(analysed.report().summary()).noneMatch(l -> l.contains("05:00.0"));
    }

    @Test
    void partlyPrintedBitsAreNeitherRedNorGreenAndThePanelAgrees() {
        // 03:0d.0 printed AtomicOpsCap without Routing: the kernel's test for a switch port cannot be read
        assertThat(colour("03:0d.0", "06:00.0")).isEqualTo("na");
        // 00:03.1 printed 32bit+ but no 64bit: the root port's completer test cannot be read (was "blocks")
        assertThat(colour("00:03.1", "07:00.0")).isEqualTo("na");
        // 08:00.0 routes but printed no AtomicOpsCtl, so EgressBlck is unknown (was "routes")
        assertThat(colour("08:00.0", "09:00.0")).isEqualTo("na");
        for (String gpu : List.of("06:00.0", "07:00.0", "0a:00.0")) {
            Insights.Atomic a = panel(gpu);
            assertThat(a.status()).as(gpu).isEqualTo("Cannot be verified");
            assertThat(a.reason()).as(gpu).contains("part of its AtomicOps bits were not printed");
            assertThat(EdgeColours.breakIds(picture, analysed.insights(), Bdf.parse(gpu))).as(gpu).isEmpty();
        }
    }

    @Test
    void everyBlocksEdgeLeadsTowardADeviceWhoseChainThePanelCallsBlocked() {
        // the graph never paints a fault the panel does not state
        for (Map.Entry<String, String> e : colours.entrySet()) {
            if (!e.getValue().equals("blocks")) continue;
            String port = e.getKey().substring(0, e.getKey().indexOf("->"));
            assertThat(analysed.insights().atomics().values())
                    .anyMatch(a -> a.broken() && picture.nodeOf(a.breaksAt()).id().equals(port));
        }
        assertThat(EdgeColours.ATOMICS_LEGEND).extracting(EdgeColours.LegendEntry::key)
                .containsExactly("routes", "blocks", "noroute", "na");
    }
}
