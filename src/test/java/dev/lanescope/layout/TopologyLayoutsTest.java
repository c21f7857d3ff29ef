package dev.lanescope.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Topology;

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
}
