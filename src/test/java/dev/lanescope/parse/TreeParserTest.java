package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.Severity;
import dev.lanescope.model.TreeEntry;

class TreeParserTest {

    private static Map<Bdf, TreeEntry> byBdf(List<TreeEntry> entries) {
        Map<Bdf, TreeEntry> m = new LinkedHashMap<>();
        entries.forEach(e -> m.put(e.bdf(), e));
        return m;
    }

    private static ParseResult<List<TreeEntry>> sample(String rel) {
        return TreeParser.parse(rel, Samples.lines(rel));
    }

    private static Bdf b(String s) {
        return Bdf.parse(s);
    }

    @Test
    void pugetFourRootBusesPutsEachGpuUnderItsRootPort() {
        var r = sample("puget-wrx90-threadripper-pro-rtx6000ada-cx7/tv.txt");
        assertThat(r.problems()).isEmpty();
        Map<Bdf, TreeEntry> t = byBdf(r.value());
        TreeEntry gpu1 = t.get(b("0000:c1:00.0"));
        assertThat(gpu1.parent()).isEqualTo(b("0000:c0:01.1"));
        assertThat(gpu1.name()).isEqualTo("NVIDIA Corporation AD102GL [RTX 6000 Ada Generation]");
        assertThat(t.get(b("0000:c2:00.0")).parent()).isEqualTo(b("0000:c0:03.1"));
        assertThat(t.get(b("0000:c0:01.1")).parent()).isNull();
        assertThat(t.get(b("0000:c0:01.1")).busRange()).isEqualTo(new BusRange(0xc0, 0xc1, 0xc1));
        // ConnectX-7 on root bus 20
        assertThat(t.get(b("0000:21:00.1")).parent()).isEqualTo(b("0000:20:01.1"));
        // four NVMe drives deep behind a switch: 03.1 -> 01:00.0 -> 02:00.0 -> 03:00.0 -> 04:10.0 -> 05:00.0
        assertThat(t.get(b("0000:05:00.0")).parent()).isEqualTo(b("0000:04:10.0"));
        assertThat(t.get(b("0000:04:10.0")).parent()).isEqualTo(b("0000:03:00.0"));
        assertThat(t.get(b("0000:03:00.0")).parent()).isEqualTo(b("0000:02:00.0"));
        assertThat(t.get(b("0000:02:00.0")).parent()).isEqualTo(b("0000:01:00.0"));
        assertThat(t.get(b("0000:01:00.0")).parent()).isEqualTo(b("0000:00:03.1"));
        assertThat(t.get(b("0000:02:00.0")).busRange()).isEqualTo(new BusRange(0x02, 0x03, 0x08));
        // the NVMe behind switch port 04.0 on a continuation line: 0c:00.0 under 0a:04.0
        assertThat(t.get(b("0000:0c:00.0")).parent()).isEqualTo(b("0000:0a:04.0"));
        // an empty bridge (-[12]--) and the last device of the last root bus
        assertThat(t.get(b("0000:10:15.0")).busRange()).isEqualTo(new BusRange(0x10, 0x12, 0x12));
        assertThat(t.get(b("0000:e3:00.4")).parent()).isEqualTo(b("0000:e0:07.1"));
        // the ASPEED BMC VGA behind its own bridge: e0:05.2 -> e1:00.0 -> e2:00.0
        assertThat(t.get(b("0000:e2:00.0")).parent()).isEqualTo(b("0000:e1:00.0"));
        assertThat(t.keySet().stream().map(Bdf::bus).filter(x -> x == 0xe0).count()).isEqualTo(10);
        // a name with [brackets] glued to a word
        assertThat(t.get(b("0000:05:00.0")).name()).endsWith("S4LV008[Pascal]");
        assertThat(t.get(b("0000:05:00.0")).vendorId()).isEqualTo(-1);
    }

    @Test
    void dellT630DescendingRootBusesWithNnIds() {
        var r = sample("dell-poweredge-t630-xeon-e5v4-2s/tv.txt");
        assertThat(r.problems()).isEmpty();
        Map<Bdf, TreeEntry> t = byBdf(r.value());
        TreeEntry qpi = t.get(b("0000:ff:08.0"));
        assertThat(qpi.parent()).isNull();
        assertThat(qpi.vendorId()).isEqualTo(0x8086);
        assertThat(qpi.deviceId()).isEqualTo(0x6f80);
        assertThat(qpi.name()).isEqualTo("Intel Corporation Xeon E7 v4/Xeon E5 v4/Xeon E3 v4/Xeon D QPI Link 0");
        // the 10GbE ports of the first socket and the narrowed x1 device from dmesg
        assertThat(t.get(b("0000:04:00.1")).parent()).isNotNull();
        assertThat(t.get(b("0000:01:00.0")).parent()).isEqualTo(b("0000:00:1c.2"));
        Set<Integer> rootBuses = r.value().stream().filter(e -> e.parent() == null).map(e -> e.bdf().bus())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(rootBuses).contains(0x00, 0x7f, 0x80, 0xff);
    }

    @Test
    void vmdDomain10000IsItsOwnTopLevelTree() {
        var r = sample("dell-xps-alderlake-p-vmd-domain10000-tree/tv.txt");
        assertThat(r.problems()).isEmpty();
        Map<Bdf, TreeEntry> t = byBdf(r.value());
        TreeEntry nvme = t.get(new Bdf(0x10000, 0xe1, 0, 0));
        assertThat(nvme.parent()).isEqualTo(new Bdf(0x10000, 0xe0, 6, 0));
        assertThat(nvme.name()).isEqualTo("SK hynix Platinum P41/PC801 NVMe Solid State Drive");
        TreeEntry vmdPort = t.get(new Bdf(0x10000, 0xe0, 6, 0));
        assertThat(vmdPort.parent()).isNull();
        assertThat(vmdPort.busRange()).isEqualTo(new BusRange(0xe0, 0xe1, 0xe1));
        // Thunderbolt hot-plug ranges with nothing behind them
        assertThat(t.get(b("0000:00:07.0")).busRange()).isEqualTo(new BusRange(0, 0x01, 0x3f));
        assertThat(t.get(b("0000:41:04.0")).parent()).isEqualTo(b("0000:40:00.0"));
        assertThat(t.get(b("0000:00:1f.5")).parent()).isNull();
    }

    @Test
    void numericTreeTvnGivesIdsEvenWithOneSpaceBeforeThem() {
        var r = sample("dell-optiplex-5055-ryzen-tvn/tvn.txt");
        assertThat(r.problems()).isEmpty();
        Map<Bdf, TreeEntry> t = byBdf(r.value());
        TreeEntry nvme = t.get(b("0000:01:00.0"));
        assertThat(nvme.vendorId()).isEqualTo(0x8086);
        assertThat(nvme.deviceId()).isEqualTo(0xf1a6);
        assertThat(nvme.parent()).isEqualTo(b("0000:00:01.1"));
        TreeEntry bcm = t.get(b("0000:04:00.0"));
        assertThat(bcm.vendorId()).isEqualTo(0x14e4);
        assertThat(bcm.parent()).isEqualTo(b("0000:03:00.0"));
        assertThat(t.get(b("0000:03:00.0")).parent()).isEqualTo(b("0000:02:00.2"));
        assertThat(t.get(b("0000:02:00.2")).parent()).isEqualTo(b("0000:00:01.3"));
        assertThat(t.get(b("0000:06:00.0")).deviceId()).isEqualTo(0x682b);
    }

    @Test
    void microtcaPlxSwitchesAndTheFpga() {
        var r = sample("microtca-q170-plx-pex8725-pex8748/tv.txt");
        assertThat(r.problems()).isEmpty();
        Map<Bdf, TreeEntry> t = byBdf(r.value());
        assertThat(t.get(b("0000:0c:00.0")).parent()).isEqualTo(b("0000:04:0b.0"));
        assertThat(t.get(b("0000:04:0b.0")).parent()).isEqualTo(b("0000:03:00.0"));
        assertThat(t.get(b("0000:03:00.0")).parent()).isEqualTo(b("0000:02:01.0"));
        assertThat(t.get(b("0000:02:0a.0")).parent()).isEqualTo(b("0000:01:00.0"));
        assertThat(t.get(b("0000:01:00.0")).parent()).isEqualTo(b("0000:00:01.0"));
        assertThat(t.get(b("0000:01:00.0")).busRange()).isEqualTo(new BusRange(1, 2, 0x13));
        assertThat(t.get(b("0000:18:00.0")).parent()).isEqualTo(b("0000:00:1c.3"));
    }

    @Test
    void everyTreeInTheSamplesParsesWithoutProblems() {
        List<String> trees = List.of(
                "amd-raphael-am5-w5700-chipset-switch-tree/tv.txt",
                "amd-ryzen-embedded-picasso-pericom-switch/tv.txt",
                "dell-xps13-9360-kabylake-alpineridge/tv.txt",
                "hp-proliant-dl388-gen8-ilo4-p420i/tv.txt", // only the " \\-[0000:00]-" part of a longer tree
                "hp-spectre-x360-icelake-tb3-dock-trees/tv_coldplugged.txt",
                "hp-spectre-x360-icelake-tb3-dock-trees/tv_hotplugged.txt",
                "hp-spectre-x360-icelake-tb3-dock-trees/tv_unplugged.txt",
                "intel-alderlake-s-desktop-pch-switch-tree/tv.txt");
        for (String rel : trees) {
            var r = sample(rel);
            assertThat(r.problems()).as(rel).isEmpty();
            assertThat(r.value()).as(rel).hasSizeGreaterThan(5);
            // every parent is itself an entry, and each child's bus is inside its parent's range
            Map<Bdf, TreeEntry> t = byBdf(r.value());
            for (TreeEntry e : r.value()) {
                if (e.parent() == null) continue;
                TreeEntry p = t.get(e.parent());
                assertThat(p).as(rel + " parent of " + e.bdf()).isNotNull();
                assertThat(p.busRange().secondary()).as(rel + " " + e.bdf()).isEqualTo(e.bdf().bus());
            }
        }
    }

    @Test
    void raphaelGpuBehindItsInternalSwitchAndHpSpectreDock() {
        Map<Bdf, TreeEntry> t = byBdf(sample("amd-raphael-am5-w5700-chipset-switch-tree/tv.txt").value());
        TreeEntry gpu = t.get(b("0000:03:00.0"));
        assertThat(gpu.name()).isEqualTo("Advanced Micro Devices, Inc. [AMD/ATI] Navi 10 [Radeon Pro W5700]");
        assertThat(gpu.parent()).isEqualTo(b("0000:02:00.0"));
        assertThat(t.get(b("0000:03:00.3")).parent()).isEqualTo(b("0000:02:00.0"));
        assertThat(t.get(b("0000:02:00.0")).parent()).isEqualTo(b("0000:01:00.0"));
        assertThat(t.get(b("0000:01:00.0")).parent()).isEqualTo(b("0000:00:01.1"));

        Map<Bdf, TreeEntry> dock = byBdf(sample("hp-spectre-x360-icelake-tb3-dock-trees/tv_hotplugged.txt").value());
        TreeEntry nic = dock.get(b("0000:2f:00.0"));
        assertThat(nic.parent()).isEqualTo(b("0000:2d:01.0"));
        assertThat(nic.vendorId()).isEqualTo(0x14e4);
        assertThat(nic.deviceId()).isEqualTo(0x1682);
        assertThat(nic.name()).isEqualTo("Broadcom Inc. and subsidiaries NetXtreme BCM57762 Gigabit Ethernet PCIe");
        // "Killer Wi-Fi 6 AX1650i 160MHz Wireless Network Adapter (201NGW) [8086:34f0]": only the last [..] is the id
        TreeEntry wifi = dock.get(b("0000:00:14.3"));
        assertThat(wifi.deviceId()).isEqualTo(0x34f0);
        assertThat(wifi.name()).endsWith("(201NGW)");
        TreeEntry sata = dock.get(b("0000:00:17.0"));
        assertThat(sata.name()).isEqualTo("Intel Corporation 82801 Mobile SATA Controller [RAID mode]");
        assertThat(sata.deviceId()).isEqualTo(0x282a);
    }

    /** The dumps in tree-by-version.txt, split per "### version dump" heading. */
    private static Map<String, Map<String, List<String>>> byVersion() {
        Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
        List<String> cur = null;
        for (String l : Samples.lines("pciutils-versions/tree-by-version.txt")) {
            if (l.startsWith("### ")) {
                String[] w = l.split(" ");
                cur = new ArrayList<>();
                out.computeIfAbsent(w[2], k -> new LinkedHashMap<>()).put(w[1], cur);
            } else if (cur != null) {
                cur.add(l);
            }
        }
        return out;
    }

    private static Set<String> shape(List<TreeEntry> entries) {
        return entries.stream().map(e -> e.bdf() + " < " + e.parent() + " " + e.busRange())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void theSameDumpGivesTheSameEntriesInEveryPciutilsVersion() {
        Map<String, Map<String, List<String>>> dumps = byVersion();
        assertThat(dumps.keySet()).contains("tree-asus-p6t6", "PCI-X-bridges-and-domains", "tree-fsl-p2020",
                "tree-fujitsu-p8010");
        for (var dump : dumps.entrySet()) {
            List<TreeEntry> head = TreeParser.parse("HEAD", dump.getValue().get("HEAD")).value();
            Set<String> reference = shape(head);
            Set<Bdf> referenceAddresses = head.stream().map(TreeEntry::bdf).collect(Collectors.toSet());
            assertThat(head).as(dump.getKey()).hasSizeGreaterThan(5);
            for (var version : dump.getValue().entrySet()) {
                var r = TreeParser.parse(version.getKey(), version.getValue());
                assertThat(r.problems()).as(dump.getKey() + " " + version.getKey()).isEmpty();
                Set<String> s = shape(r.value());
                Set<Bdf> addresses = r.value().stream().map(TreeEntry::bdf).collect(Collectors.toSet());
                assertThat(addresses).as(dump.getKey() + " " + version.getKey()).isEqualTo(referenceAddresses);
                if (dump.getKey().equals("tree-fujitsu-p8010") && version.getKey().equals("v3.5.0")) {
                    // 3.5.0 did not follow the CardBus bridge 1c:03.0: it prints bus [0000:1d] under 1e.0
                    Map<Bdf, TreeEntry> t = byBdf(r.value());
                    assertThat(t.get(b("1d:00.0")).parent()).isEqualTo(b("00:1e.0"));
                    assertThat(t.get(b("1c:03.0")).busRange()).isNull();
                    continue;
                }
                assertThat(s).as(dump.getKey() + " " + version.getKey()).isEqualTo(reference);
            }
        }
    }

    @Test
    void multiDomainDumpPutsDevicesInTheirDomains() {
        List<String> head = byVersion().get("PCI-X-bridges-and-domains").get("HEAD");
        Map<Bdf, TreeEntry> t = byBdf(TreeParser.parse("head", head).value());
        TreeEntry matrox = t.get(new Bdf(1, 0x62, 0, 0));
        assertThat(matrox.parent()).isEqualTo(new Bdf(1, 0x61, 1, 0));
        assertThat(t.get(new Bdf(1, 0x61, 1, 0)).parent()).isEqualTo(new Bdf(1, 0, 2, 6));
        assertThat(t.get(new Bdf(2, 0x42, 3, 0)).parent()).isEqualTo(new Bdf(2, 0x41, 1, 0));
        assertThat(t.get(new Bdf(1, 1, 1, 0)).name()).isEqualTo("Broadcom / LSI 53c1010 66MHz  Ultra3 SCSI Adapter");
        // fsl: a domain whose root bus is 4, "---" single child at the root
        List<String> fsl = byVersion().get("tree-fsl-p2020").get("HEAD");
        Map<Bdf, TreeEntry> f = byBdf(TreeParser.parse("fsl", fsl).value());
        assertThat(f.get(new Bdf(0, 5, 0, 0)).parent()).isEqualTo(new Bdf(0, 4, 0, 0));
        assertThat(f.get(new Bdf(1, 3, 0, 0)).parent()).isEqualTo(new Bdf(1, 2, 0, 0));
        assertThat(f).hasSize(6);
    }

    @Test
    void treeWithoutNamesAndBridgeWithSecondaryZero() {
        List<String> lines = List.of(
                "-[0000:00]-+-00.0",
                "           +-1c.0-+-05.0",
                "           |      \\-05.1",
                "           +-1d.0-",
                "           \\-1e.0-[05]--");
        var r = TreeParser.parse("t.txt", lines);
        assertThat(r.problems()).isEmpty();
        Map<Bdf, TreeEntry> t = byBdf(r.value());
        assertThat(t.get(b("00:1c.0")).busRange()).isEqualTo(new BusRange(0, 0, 0));
        assertThat(t.get(b("00:1d.0")).busRange()).isEqualTo(new BusRange(0, 0, 0));
        assertThat(t.get(b("00:1e.0")).busRange()).isEqualTo(new BusRange(0, 5, 5));
        assertThat(t.get(b("00:00.0")).name()).isNull();
        assertThat(t.get(b("00:05.1")).parent()).isEqualTo(b("00:1c.0"));
    }

    @Test
    void badLinesAreLocatedAndTheRestIsKept() {
        List<String> lines = List.of(
                "-[0000:00]-+-00.0  Host bridge",
                "garbage here",
                "                         +-99.0  nowhere",
                "           +-3f.0  device number too big",
                "           \\-1f.3  SMBus");
        var r = TreeParser.parse("bad.txt", lines);
        assertThat(r.value()).extracting(TreeEntry::bdf).containsExactly(b("00:00.0"), b("00:1f.3"));
        assertThat(r.problems()).extracting(p -> p.line()).containsExactly(2, 3, 4);
        assertThat(r.problems()).allMatch(p -> p.severity() == Severity.WARNING && p.file().equals("bad.txt"));
    }
}
