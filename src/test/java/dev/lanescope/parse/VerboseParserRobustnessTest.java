package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;

/** Bad, pasted and odd input: located problems, no exceptions, everything else kept. */
class VerboseParserRobustnessTest {

    static String sample(String rel) throws IOException {
        return Files.readString(Path.of("samples", rel));
    }

    /** pciutils <= 3.6.2 prints "[virtual] Expansion ROM at ..."; that is the ROM, not an unreadable BAR. */
    @Test
    void oldVirtualExpansionRomIsNeitherABarNorAProblem() throws IOException {
        var r = VerboseParser.parse("vv.txt", sample("hp-proliant-dl388-gen8-ilo4-p420i/vv.txt"));
        assertThat(r.problems()).filteredOn(p -> p.severity() != Severity.INFO).isEmpty();
        PciFunction vga = r.value().stream().filter(f -> f.bdf().equals(Bdf.parse("01:00.1"))).findFirst()
                .orElseThrow();
        // Region 0 f5000000 [size=16M], Region 1 f7be0000 [16K], Region 2 f7000000 [8M]; the ROM is not among them
        assertThat(vga.bars()).extracting(b -> b.index() + ":" + b.addressHex() + ":" + b.sizeBytes())
                .containsExactly("0:f5000000:16777216", "1:f7be0000:16384", "2:f7000000:8388608");
    }

    @Test
    void crlfParsesIdentically() throws IOException {
        String lf = sample("intel-xeon-icelake-sp-2s-connectx5/vv.txt");
        String crlf = lf.replace("\n", "\r\n");
        var a = VerboseParser.parse("f", lf);
        var b = VerboseParser.parse("f", crlf);
        assertThat(b.value()).isEqualTo(a.value());
        assertThat(b.problems()).isEqualTo(a.problems());
        assertThat(b.value()).hasSize(320);
    }

    @Test
    void emptyInputGivesNothing() {
        assertThat(VerboseParser.parse("e", "").value()).isEmpty();
        assertThat(VerboseParser.parse("e", "").problems()).isEmpty();
        assertThat(VerboseParser.parse("e", List.of()).value()).isEmpty();
        assertThat(VerboseParser.parse(null, (String) null).value()).isEmpty();
    }

    @Test
    void junkBetweenRecordsIsReportedWithItsLineAndSkipped() {
        String text = String.join("\n",
                "user@host:~$ sudo lspci -vv",                                 // 1
                "00:01.0 PCI bridge: Intel Corporation Root Port (rev 02)",   // 2
                "\tBus: primary=00, secondary=01, subordinate=01, sec-latency=0",
                "\tCapabilities: [40] Express (v2) Root Port (Slot+), MSI 00",
                "\t\tLnkCap:\tPort #1, Speed 8GT/s, Width x16, ASPM L1",
                "\t\tLnkSta:\tSpeed 8GT/s (ok), Width x16 (ok)",             // 6
                "",
                "pcilib: sysfs_read_vpd: read failed: No such device",       // 8
                "some junk pasted here",                                       // 9
                "01:00.0 VGA compatible controller [0300]: NVIDIA Corporation GA102 [GeForce RTX 3090] [10de:2204] (rev a1)",
                "\tCapabilities: [68] Express (v2) Legacy Endpoint, MSI 00",
                "\t\tLnkSta:\tSpeed fastest, Width x16",                      // 12: unreadable
                "user@host:~$ ");                                              // 13
        var r = VerboseParser.parse("paste.txt", text);
        assertThat(r.value()).extracting(PciFunction::bdf).containsExactly(Bdf.parse("00:01.0"), Bdf.parse("01:00.0"));
        assertThat(r.value().get(0).express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16));
        assertThat(r.value().get(1).vendorId()).isEqualTo(0x10de);
        assertThat(r.value().get(1).deviceId()).isEqualTo(0x2204);
        assertThat(r.value().get(1).vendorDeviceName()).isEqualTo("NVIDIA Corporation GA102 [GeForce RTX 3090]");
        assertThat(r.value().get(1).express().lnkSta()).isNull();
        assertThat(r.problems()).extracting(Problem::line).contains(1, 8, 12);
        // the pasted prompt and junk lines are one kind of problem: told once, at the first, with every place
        assertThat(r.problems()).filteredOn(p -> p.line() == 1).singleElement().extracting(Problem::message)
                .asString().contains("3 times in this file: lines 1, 9, 13");
        assertThat(r.problems()).allMatch(p -> p.file().equals("paste.txt"));
        assertThat(r.problems()).filteredOn(p -> p.line() == 8).allMatch(p -> p.severity() == Severity.INFO);
        assertThat(r.problems()).filteredOn(p -> p.line() == 9).allMatch(p -> p.severity() == Severity.WARNING);
    }

    @Test
    void duplicateRecordKeepsTheFirstAndWarnsAtTheSecond() {
        String text = "00:02.0 VGA compatible controller: Intel Corporation UHD Graphics\n"
                + "\tKernel driver in use: i915\n"
                + "00:02.0 VGA compatible controller: Intel Corporation UHD Graphics\n"
                + "\tKernel driver in use: other\n";
        var r = VerboseParser.parse("d", text);
        assertThat(r.value()).hasSize(1);
        assertThat(r.value().get(0).driver()).isEqualTo("i915");
        assertThat(r.value().get(0).source().line()).isEqualTo(1);
        assertThat(r.problems()).hasSize(1);
        assertThat(r.problems().get(0).line()).isEqualTo(3);
        assertThat(r.problems().get(0).severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void plainLspciAndKWithoutBlankSeparatorsAndShortPaths() {
        String text = String.join("\n",
                "00:1c.0 PCI bridge: Intel Corporation Root Port #1 (rev f1)",
                "\tBus: primary=00, secondary=02, subordinate=03, sec-latency=0",
                "\tKernel driver in use: pcieport",
                "00:1c.0/00.0 PCI bridge: PLX Technology, Inc. PEX 8747",  // -P: bus 02 from the bridge above
                "\tBus: primary=02, secondary=03, subordinate=03, sec-latency=0",
                "00:1c.0/00.0/00.0 Non-Volatile memory controller: Samsung Electronics Co Ltd NVMe SSD Controller",
                "\tKernel driver in use: nvme",
                "\tKernel modules: nvme",
                "0001:00:00.0 Class 0800: Device 1234:5678");
        var r = VerboseParser.parse("p", text);
        assertThat(r.problems()).isEmpty();
        assertThat(r.value()).extracting(PciFunction::bdf).containsExactly(Bdf.parse("00:1c.0"),
                Bdf.parse("02:00.0"), Bdf.parse("03:00.0"), new Bdf(1, 0, 0, 0));
        assertThat(r.value().get(2).classCode()).isEqualTo(0x0108);
        assertThat(r.value().get(2).driver()).isEqualTo("nvme");
        assertThat(r.value().get(3).classCode()).isEqualTo(0x0800);
        assertThat(r.value().get(3).vendorId()).isEqualTo(0x1234);
    }

    @Test
    void verboseOneFlagsLineAndBarsWithoutRegion() {
        String text = String.join("\n",
                "65:00.0 3D controller: NVIDIA Corporation GH100 [H100 PCIe] (rev a1)",
                "\tSubsystem: NVIDIA Corporation Device 1626",
                "\tPhysical Slot: 3",
                "\tFlags: bus master, fast devsel, latency 0, IRQ 16, NUMA node 1, IOMMU group 42",
                "\tMemory at d8000000 (32-bit, non-prefetchable) [size=16M]",
                "\tMemory at <unassigned> (64-bit, prefetchable)",
                "\tMemory at 2bfe0000000 (64-bit, prefetchable) [virtual] [size=32M]",
                "\tCapabilities: [60] Power Management version 3",
                "\tCapabilities: [78] Express Endpoint, IntMsgNum 0",
                "\tCapabilities: [100] Virtual Channel",
                "\tKernel driver in use: nvidia");
        var r = VerboseParser.parse("v", text);
        PciFunction f = r.value().get(0);
        assertThat(f.numaNode()).isEqualTo(1);
        assertThat(f.iommuGroup()).isEqualTo(42);
        assertThat(f.physicalSlot()).isEqualTo("3");
        assertThat(f.bars()).extracting(b -> b.index()).containsExactly(0, 1, 2);
        assertThat(f.bars().get(1).assigned()).isFalse();
        assertThat(f.bars().get(2).virtual()).isTrue();
        assertThat(f.bars().get(2).address()).isEqualTo(0x2bfe0000000L);
        assertThat(f.express().portType()).isEqualTo(dev.lanescope.model.PortType.ENDPOINT);
        assertThat(f.express().lnkSta()).isNull();
        assertThat(f.lspciVersionHint()).isEqualTo(">=3.11");
    }

    @Test
    void aerContinuationLinesOf313AreRead() {
        String text = String.join("\n",
                "02:00.0 Ethernet controller: Realtek Semiconductor Co., Ltd. RTL8125 2.5GbE Controller (rev 05)",
                "\tCapabilities: [100 v2] Advanced Error Reporting",
                "\t\tUESta:\tDLP- SDES- TLP- FCP- CmpltTO+ CmpltAbrt- UnxCmplt- RxOF- MalfTLP-",
                "\t\t\tECRC- UnsupReq+ ACSViol- UncorrIntErr- BlockedTLP- AtomicOpBlocked- TLPBlockedErr-",
                "\t\t\tPoisonTLPBlocked- DMWrReqBlocked- IDECheck- MisIDETLP- PCRC_CHECK- TLPXlatBlocked+",
                "\t\tUEMsk:\tDLP- SDES- TLP- FCP- CmpltTO+ CmpltAbrt- UnxCmplt- RxOF- MalfTLP-",
                "\t\t\tECRC- UnsupReq+ ACSViol- UncorrIntErr- BlockedTLP- AtomicOpBlocked- TLPBlockedErr-",
                "\t\tCESta:\tRxErr+ BadTLP- BadDLLP+ Rollover- Timeout- AdvNonFatalErr+ CorrIntErr- HeaderOF-");
        PciFunction f = VerboseParser.parse("a", text).value().get(0);
        assertThat(f.aerUncorrectable()).containsExactly("CmpltTO", "UnsupReq", "TLPXlatBlocked");
        assertThat(f.aerCorrectable()).containsExactly("RxErr", "BadDLLP", "AdvNonFatalErr");
        assertThat(f.lspciVersionHint()).isEqualTo(">=3.13");
    }

    @Test
    void express128GtsIsUnknownWithANote() {
        String text = "e1:00.0 Class 0800: Device aaaa:bbbb\n"
                + "\tCapabilities: [70] Express (v2) Endpoint, IntMsgNum 0\n"
                + "\t\tLnkCap:\tPort #0, Speed 128GT/s, Width x16, ASPM not supported\n"
                + "\t\tLnkSta:\tSpeed 128GT/s, Width x16\n";
        var r = VerboseParser.parse("g7", text);
        assertThat(r.value().get(0).express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.UNKNOWN, 16));
        assertThat(r.problems()).hasSize(1);
        assertThat(r.problems().get(0).severity()).isEqualTo(Severity.INFO);
        assertThat(r.problems().get(0).line()).isEqualTo(3);
    }
}
