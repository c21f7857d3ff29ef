package dev.lanescope.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

class TopologyLayoutsTest {

    @Test
    void everyFunctionIsPlacedOnceAndTheSameInputGivesTheSamePicture() {
        Topology t = SyntheticTopologies.build(120, 0);
        TopologyLayouts.Picture a = TopologyLayouts.of(t, Set.of());
        TopologyLayouts.Picture b = TopologyLayouts.of(t, Set.of());
        assertThat(a.functionCount()).isEqualTo(t.functions().size());
        assertThat(a.layout()).isEqualTo(b.layout());
        assertThat(a.layout().boxes()).hasSize(a.nodes().size());
        for (LayoutResult.PlacedBox box : a.layout().boxes()) {
            assertThat(box.width()).isGreaterThan(0);
            assertThat(box.x()).isGreaterThanOrEqualTo(0);
            assertThat(box.y()).isGreaterThanOrEqualTo(0);
        }
    }

    @Test
    void identicalVirtualFunctionsFoldIntoOneCountedBoxAndExpandBack() {
        Topology t = SyntheticTopologies.build(40, 8);
        TopologyLayouts.Picture folded = TopologyLayouts.of(t, Set.of());
        TopologyLayouts.NodeView group = folded.nodes().values().stream()
                .filter(n -> n.kind() == TopologyLayouts.Kind.GROUP).findFirst().orElseThrow();
        assertThat(group.count()).isEqualTo(8);
        assertThat(group.title()).startsWith("8× ");
        assertThat(group.name()).startsWith("Mellanox ConnectX-6 Virtual");
        assertThat(folded.functionCount()).isEqualTo(t.functions().size());

        TopologyLayouts.Picture open = TopologyLayouts.of(t, Set.of(group.groupKey()));
        assertThat(open.nodes()).hasSize(folded.nodes().size() - 1 + 8);
        assertThat(open.nodes().values()).filteredOn(n -> group.groupKey().equals(n.groupKey())).hasSize(8);
    }

    @Test
    void namesLoseTheirVendorPrefix() {
        assertThat(TopologyLayouts.withoutVendor("Advanced Micro Devices, Inc. [AMD/ATI] Picasso (rev c2)"))
                .isEqualTo("Picasso");
        assertThat(TopologyLayouts.withoutVendor("NVIDIA Corporation GA102 [GeForce RTX 3090]"))
                .isEqualTo("GA102 [GeForce RTX 3090]");
        assertThat(TopologyLayouts.withoutVendor("Pericom Semiconductor PI7C9X2G608GP")).isEqualTo("PI7C9X2G608GP");
        assertThat(TopologyLayouts.withoutVendor("Ampere Computing, LLC Altra PCI Express Root Port a0"))
                .isEqualTo("Altra PCI Express Root Port a0");
        assertThat(TopologyLayouts.withoutVendor("Renesas Technology Corp. SH7758 PCIe Switch [PS]"))
                .isEqualTo("SH7758 PCIe Switch [PS]");
        assertThat(TopologyLayouts.withoutVendor("Broadcom Inc. and subsidiaries NetXtreme BCM5720 Gigabit Ethernet"))
                .isEqualTo("NetXtreme BCM5720 Gigabit Ethernet");
        assertThat(TopologyLayouts.withoutVendor("Intel Corporation Ethernet Controller X710 for 10GbE SFP+"))
                .isEqualTo("Ethernet Controller X710 for 10GbE SFP+");
        // a device pci.ids does not know keeps whose it is
        assertThat(TopologyLayouts.withoutVendor("NVIDIA Corporation Device 2335")).isEqualTo("NVIDIA device 2335");
        assertThat(TopologyLayouts.withoutVendor("Shenzhen Longsys Electronics Co., Ltd. Device 1602"))
                .isEqualTo("Shenzhen device 1602");
    }

    @Test
    void aLongNameWrapsAndKeepsTheTailThatTellsPortsApart() {
        assertThat(BoxNames.boxName("Intel Corporation C620 Series Chipset Family PCI Express Root Port #5"))
                .isEqualTo("C620 Series Chipset Family PCI\nExpress Root Port #5");
        String longest = BoxNames.boxName("Intel Corporation Xeon E7 v4/Xeon E5 v4/Xeon E3 v4/Xeon D PCI Express"
                + " Root Port 2 with an extra long model name that goes on");
        assertThat(longest.split("\n")).hasSize(2).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(
                BoxNames.LINE));
        assertThat(longest).startsWith("Xeon E7 v4").endsWith("long model name that goes on");
    }

    @Test
    void linkEdgesAreLabelledTrainedThenCapable() {
        Topology t = SyntheticTopologies.build(20, 0);
        TopologyLayouts.Picture p = TopologyLayouts.of(t, Set.of());
        assertThat(p.edges().values()).extracting(TopologyLayouts.EdgeView::label)
                .contains("Gen1 x8 / cap Gen4 x16", "Gen4 x16 / cap Gen4 x16");
        assertThat(p.nodes().values()).extracting(TopologyLayouts.NodeView::badge)
                .contains("GPU", "NIC", "root port", "switch ↑", "switch ↓");
    }

    private static Topology real(String sample) {
        return TopologyBuilder.build(CaptureLoader.load(List.of(Path.of("samples", sample))));
    }

    private static Bdf bdf(String s) {
        return Bdf.parse(s);
    }

    /**
     * A 2-socket EPYC GPU server captured as a tree only (`lspci -tv`): its switch ports have no name and no link
     * facts. Behind root port 60:01.1 the tree reads 61:00.0 (switch up, 4 ports) - 62:00.0 (down, one child) -
     * 63:00.0 (up, 4 ports) - 64:10.0/14.0/18.0/1c.0 (down, one NVMe each) - 65..68:00.0 (NVMe). The one-child ports
     * say nothing, so their child takes their place: 61:00.0 links straight to 63:00.0 ("via 62:00.0"), the four
     * NVMe drives become leaves of 63:00.0 and fold into one "4x" box, and the empty port 62:1c.0 joins the box of
     * 61:00.0. Root ports stay (they are the slots a card could move to).
     */
    @Test
    void portsThatSayNothingFoldIntoTheirNeighbours() {
        Topology t = real("asus-esc8000a-e12-genoa-2s-4gpu");
        TopologyLayouts.Picture p = TopologyLayouts.of(t, Set.of());
        // every function is still in some box: clicking or searching a folded port finds its neighbour
        assertThat(p.functionCount()).isEqualTo(t.functions().size());
        assertThat(p.nodes()).doesNotContainKeys("0000:62:00.0", "0000:64:10.0", "0000:62:1c.0", "0000:70:15.0");
        assertThat(p.nodeOf(bdf("0000:62:00.0")).id()).isEqualTo("0000:63:00.0");
        assertThat(p.nodeOf(bdf("0000:62:1c.0")).id()).isEqualTo("0000:61:00.0");
        assertThat(p.nodeOf(bdf("0000:70:15.0")).id()).isEqualTo("0000:6f:00.0");
        assertThat(p.edges().get("0000:61:00.0->0000:63:00.0").label()).isEqualTo("via 62:00.0");
        TopologyLayouts.NodeView drives = p.nodeOf(bdf("0000:65:00.0"));
        assertThat(drives.kind()).isEqualTo(TopologyLayouts.Kind.GROUP);
        assertThat(drives.title()).startsWith("4× 65:00.0");
        assertThat(drives.members()).contains(bdf("0000:64:10.0"), bdf("0000:68:00.0"));
        assertThat(p.nodes()).containsKeys("0000:60:01.1", "0000:a0:01.1", "0000:01:00.0");
        // a bridge the tree does not name says where it leads (the tree's -[61-73]- and -[c1]-), not "PCI bridge"
        assertThat(p.nodes().get("0000:60:01.1").name()).isEqualTo("bridge to buses 61-73");
        assertThat(p.nodes().get("0000:c0:01.1").name()).isEqualTo("bridge to bus c1");
        // no switch or bridge box is left that has one child and shows no link: each one drawn branches
        for (TopologyLayouts.NodeView n : p.nodes().values()) {
            if (n.kind() != TopologyLayouts.Kind.FUNCTION) continue;
            TopoNode.FunctionNode f = t.node(n.members().get(0)).orElseThrow();
            if (f.role() == TopoNode.Role.SWITCH_UPSTREAM || f.role() == TopoNode.Role.SWITCH_DOWNSTREAM
                    || f.role() == TopoNode.Role.PCI_BRIDGE) {
                assertThat(t.children(f)).as("children of %s", n.id()).hasSizeGreaterThan(1);
            }
        }
        // the 27 functions on buses 61-73 (behind root port 60:01.1) took 27 boxes; now 7: 61:00.0, 63:00.0,
        // 69:00.0, 6f:00.0, the two "4x" NVMe boxes and the RAID controller 71:00.0
        long boxes = p.nodes().values().stream()
                .filter(n -> n.members().stream().anyMatch(b -> b.bus() >= 0x61 && b.bus() <= 0x73)).count();
        assertThat(boxes).isEqualTo(7);
    }

    /**
     * A non-root capture hides every port's link: the Dell T630's BMC display hangs below root port 00:1c.1 through
     * a Renesas switch (06:00.0 up, 07:00.0 down) and its PCIe-to-PCI bridge (08:00.0), none with a link status.
     * Focused on the display, the path is root port, then the display, "via 3 ports".
     */
    @Test
    void hiddenPortsOnTheCardsPathFoldAndTheEdgeNamesThem() {
        Topology t = real("dell-poweredge-t630-xeon-e5v4-2s");
        Bdf display = bdf("0000:09:00.0");
        TopologyLayouts.Picture p = TopologyLayouts.of(t, Set.of(), Set.of(display));
        assertThat(p.edges()).containsKey("0000:00:1c.1->0000:09:00.0");
        assertThat(p.edges().get("0000:00:1c.1->0000:09:00.0").label()).isEqualTo("via 3 ports");
        for (String port : List.of("0000:06:00.0", "0000:07:00.0", "0000:08:00.0")) {
            assertThat(p.nodes()).doesNotContainKey(port);
            assertThat(p.nodeOf(bdf(port)).id()).isEqualTo("0000:09:00.0");
        }
        // the focus function itself is never folded, even when it is a port that says nothing
        TopologyLayouts.Picture onPort = TopologyLayouts.of(t, Set.of(), Set.of(bdf("0000:07:00.0")));
        assertThat(onPort.nodes()).containsKey("0000:07:00.0");
    }
}
