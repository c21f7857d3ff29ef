package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.KernelBandwidthLine;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;

class KernelLogParserTest {

    @Test
    void dellT630DmesgNarrowedX1LinkAndFullIxgbeLines() {
        String rel = "dell-poweredge-t630-xeon-e5v4-2s/dmesg.txt";
        var r = KernelLogParser.parse(rel, Samples.lines(rel));
        assertThat(r.problems()).isEmpty();
        KernelBandwidthLine limited = r.value().stream().filter(KernelBandwidthLine::isLimited).findFirst().orElseThrow();
        assertThat(limited.device()).isEqualTo(Bdf.parse("0000:01:00.0"));
        assertThat(limited.availableMbps()).isEqualTo(4000);
        assertThat(limited.limitedBy()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 1));
        assertThat(limited.limitingBdf()).isEqualTo(Bdf.parse("0000:00:1c.2"));
        assertThat(limited.capableMbps()).isEqualTo(16000);
        assertThat(limited.capable()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 4));
        assertThat(limited.source().line()).isPositive();
        assertThat(limited.text()).startsWith("pci 0000:01:00.0: 4.000 Gb/s");
        List<KernelBandwidthLine> ixgbe = r.value().stream().filter(k -> !k.isLimited()).toList();
        assertThat(ixgbe).extracting(KernelBandwidthLine::device).contains(Bdf.parse("0000:82:00.1"));
        assertThat(ixgbe.get(0).availableMbps()).isEqualTo(32000);
        assertThat(ixgbe.get(0).capable()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 8));
        assertThat(ixgbe.get(0).limitingBdf()).isNull();
    }

    @Test
    void syslogPrefixAndPre57SpellingOfTheQuadroLine() {
        String rel = "dell-optiplex-xe3-i7-8700-quadro-p2000/syslog.txt";
        var r = KernelLogParser.parse(rel, Samples.lines(rel));
        assertThat(r.problems()).isEmpty();
        assertThat(r.value()).hasSize(1);
        KernelBandwidthLine k = r.value().get(0);
        assertThat(k.device()).isEqualTo(Bdf.parse("0000:01:00.0"));
        assertThat(k.availableMbps()).isEqualTo(32000);
        assertThat(k.limitedBy()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 16));
        assertThat(k.limitingBdf()).isEqualTo(Bdf.parse("0000:00:01.0"));
        assertThat(k.capableMbps()).isEqualTo(126016);
        assertThat(k.capable()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16));
        assertThat(k.text()).doesNotContain("kernel:").doesNotContain("0.351743");
    }

    @Test
    void genoaDmesgBothForms() {
        String rel = "dell-poweredge-r7615-epyc-genoa-dmesg/dmesg.txt";
        var r = KernelLogParser.parse(rel, Samples.lines(rel));
        assertThat(r.value()).anySatisfy(k -> {
            assertThat(k.device()).isEqualTo(Bdf.parse("0000:c3:00.0"));
            assertThat(k.limitingBdf()).isEqualTo(Bdf.parse("0000:c0:05.3"));
            assertThat(k.capable()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 2));
        });
        assertThat(r.value()).anySatisfy(k -> {
            assertThat(k.device()).isEqualTo(Bdf.parse("0000:81:00.0"));
            assertThat(k.availableMbps()).isEqualTo(126024);
            assertThat(k.capable()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 8));
            assertThat(k.isLimited()).isFalse();
        });
    }

    @Test
    void flitModeJournalAndUnknownForms() {
        List<String> lines = List.of(
                "Mar 10 12:00:00 host kernel: nvme 0000:41:00.0: 252.056 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x8 link), in Flit mode",
                "2025-03-10T12:00:01+0100 host kernel: pci 0000:05:00.0: 2.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x1 link at <unknown> (capable of 0.000 Gb/s with Unknown x16 link)",
                "pci 10000:e1:00.0: 15.753 Gb/s available PCIe bandwidth, limited by Unknown speed x1 link at 10000:e0:06.0 (capable of 63.012 Gb/s with 16 GT/s x4 link)",
                "usb 1-1: new high-speed USB device number 2",
                "[    1.0] pci 0000:00:01.0: available PCIe bandwidth appears in prose here");
        var r = KernelLogParser.parse("k.txt", lines);
        assertThat(r.value()).hasSize(3);
        assertThat(r.value().get(0).flitMode()).isTrue();
        assertThat(r.value().get(0).capable()).isEqualTo(LinkState.of(LinkSpeed.GEN5, 8));
        assertThat(r.value().get(1).limitingBdf()).isNull();
        assertThat(r.value().get(1).limitedBy()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 1));
        assertThat(r.value().get(1).capable().speed()).isEqualTo(LinkSpeed.UNKNOWN);
        assertThat(r.value().get(2).device()).isEqualTo(new Bdf(0x10000, 0xe1, 0, 0));
        assertThat(r.value().get(2).limitedBy().speed()).isEqualTo(LinkSpeed.UNKNOWN);
        assertThat(r.value().get(2).capable()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 4));
        // the unreadable marker line is located, the unrelated USB line is silent
        assertThat(r.problems()).singleElement().satisfies(p -> assertThat(p.line()).isEqualTo(5));
    }
}
