package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Severity;

class SysfsLinkParserTest {

    @Test
    void grepListingWithBothSpeedSpellingsAndWidth255() {
        List<String> lines = List.of(
                "/sys/bus/pci/devices/0000:00:01.1/current_link_speed:16.0 GT/s PCIe",
                "/sys/bus/pci/devices/0000:00:01.1/current_link_width:16",
                "/sys/bus/pci/devices/0000:00:01.1/max_link_speed:32.0 GT/s PCIe",
                "/sys/bus/pci/devices/0000:00:01.1/max_link_width:16",
                "/sys/bus/pci/devices/0000:01:00.0/current_link_speed:8 GT/s",
                "/sys/bus/pci/devices/0000:01:00.0/current_link_width:4",
                "/sys/bus/pci/devices/0000:01:00.0/max_link_speed:Unknown speed",
                "/sys/bus/pci/devices/0000:01:00.0/max_link_width:255",
                "/sys/bus/pci/devices/0000:02:00.0/current_link_speed:Unknown",
                "/sys/bus/pci/devices/0000:02:00.0/current_link_width:0",
                "grep: /sys/bus/pci/devices/0000:00:00.0/current_link_speed: No such file or directory",
                "/sys/bus/pci/devices/0000:03:00.0/current_link_speed:fast");
        var r = SysfsLinkParser.parseListing("links.txt", lines);
        Map<Bdf, PciFunction.SysfsLink> m = r.value();
        assertThat(m.get(Bdf.parse("0000:00:01.1")).current()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 16));
        assertThat(m.get(Bdf.parse("0000:00:01.1")).max()).isEqualTo(LinkState.of(LinkSpeed.GEN5, 16));
        assertThat(m.get(Bdf.parse("0000:01:00.0")).current()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 4));
        // 255 = unknown width: never a LinkState of width 255
        assertThat(m.get(Bdf.parse("0000:01:00.0")).max()).isEqualTo(LinkState.of(LinkSpeed.UNKNOWN, 0));
        assertThat(m.get(Bdf.parse("0000:02:00.0")).current().isDown()).isTrue();
        assertThat(m.get(Bdf.parse("0000:02:00.0")).max()).isNull();
        assertThat(m).doesNotContainKey(Bdf.parse("0000:03:00.0"));
        assertThat(r.problems()).anySatisfy(p -> {
            assertThat(p.line()).isEqualTo(8);
            assertThat(p.message()).contains("255");
        });
        assertThat(r.problems()).anySatisfy(p -> {
            assertThat(p.line()).isEqualTo(12);
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
        });
        assertThat(r.problems()).anySatisfy(p -> assertThat(p.line()).isEqualTo(11));
    }

    @Test
    void realFilesInDeviceFolders() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("bundle/sys/bus/pci/devices/0000:c1:00.0/current_link_speed", "2.5 GT/s PCIe\n");
        files.put("bundle/sys/bus/pci/devices/0000:c1:00.0/current_link_width", "16\n");
        files.put("bundle/sys/bus/pci/devices/0000:c1:00.0/max_link_speed", "16.0 GT/s PCIe\n");
        files.put("bundle/sys/bus/pci/devices/0000:c1:00.0/max_link_width", "16\n");
        files.put("bundle/sys/bus/pci/devices/0000:c1:00.0/vendor", "0x10de\n");
        var r = SysfsLinkParser.parseFiles(files);
        assertThat(r.problems()).isEmpty();
        PciFunction.SysfsLink l = r.value().get(Bdf.parse("0000:c1:00.0"));
        assertThat(l.current()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 16));
        assertThat(l.max()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 16));
    }

    /** One line per device with key=value pairs (spaces inside values, commas or spaces between pairs, quotes). */
    @Test
    void oneKeyValueLinePerDevice() {
        List<String> lines = List.of(
                "0000:00:06.0 current_link_speed=32.0 GT/s PCIe current_link_width=16 max_link_speed=32.0 GT/s PCIe"
                        + " max_link_width=16 numa_node=1",
                "/sys/bus/pci/devices/0000:00:07.0: current_link_speed=\"2.5 GT/s PCIe\", current_link_width=16,"
                        + " max_link_speed=\"32.0 GT/s PCIe\", max_link_width=16",
                "not a link line");
        var r = SysfsLinkParser.parseListing("links.txt", lines);
        assertThat(r.value().get(Bdf.parse("0000:00:06.0")).current()).isEqualTo(LinkState.of(LinkSpeed.GEN5, 16));
        assertThat(r.value().get(Bdf.parse("0000:00:06.0")).max()).isEqualTo(LinkState.of(LinkSpeed.GEN5, 16));
        assertThat(r.value().get(Bdf.parse("0000:00:07.0")).current()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 16));
        assertThat(SysfsLinkParser.numaNodes(lines)).containsEntry(Bdf.parse("0000:00:06.0"), 1);
        assertThat(SysfsLinkParser.isListingLine(lines.get(0))).isTrue();
        assertThat(r.problems()).singleElement().satisfies(p -> assertThat(p.line()).isEqualTo(3));
    }
}
