package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bar;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Express;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.Severity;

/** Facts checked by hand against the dump text of real captures under samples/. */
class VerboseParserGoldenTest {

    static ParseResult<List<PciFunction>> read(String rel) throws IOException {
        Path p = Path.of("samples", rel);
        return VerboseParser.parse(rel, Files.readString(p));
    }

    static Map<Bdf, PciFunction> byBdf(ParseResult<List<PciFunction>> r) {
        return r.value().stream().collect(Collectors.toMap(PciFunction::bdf, Function.identity()));
    }

    static Bdf bdf(String s) {
        return Bdf.parse(s);
    }

    @Test
    void pugetWrx90SpaceIndented() throws IOException {
        var r = read("puget-wrx90-threadripper-pro-rtx6000ada-cx7/vv.txt");
        assertThat(r.problems()).noneMatch(p -> p.severity() != Severity.INFO);
        var m = byBdf(r);
        assertThat(m).hasSize(4);
        PciFunction gpu = m.get(bdf("c1:00.0"));
        assertThat(gpu.classCode()).isEqualTo(0x0300);
        assertThat(gpu.vendorDeviceName()).isEqualTo("NVIDIA Corporation AD102GL [RTX 6000 Ada Generation]");
        Express e = gpu.express();
        assertThat(e.portType()).isEqualTo(PortType.LEGACY_ENDPOINT);
        assertThat(e.lnkCap()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 16));
        assertThat(e.lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 16)); // "2.5GT/s (downgraded)" at idle
        assertThat(e.lnkCap2Max()).isEqualTo(LinkSpeed.GEN4);
        Bar bar1 = gpu.bars().get(1);
        assertThat(bar1.index()).isEqualTo(1);
        assertThat(bar1.address()).isEqualTo(0x13000000000L);
        assertThat(bar1.sizeBytes()).isEqualTo(64L << 30);
        assertThat(bar1.is64Bit()).isTrue();
        assertThat(bar1.prefetchable()).isTrue();
        assertThat(gpu.resizableBars()).hasSize(3);
        assertThat(gpu.resizableBars().get(1).currentBytes()).isEqualTo(64L << 30);
        assertThat(gpu.resizableBars().get(1).maxSupportedBytes()).isEqualTo(64L << 30);
        assertThat(gpu.driver()).isEqualTo("nvidia");
        assertThat(gpu.modules()).containsExactly("nvidiafb", "nouveau", "nvidia_drm", "nvidia");
        PciFunction cx7 = m.get(bdf("21:00.0"));
        assertThat(cx7.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN5, 16));
        assertThat(cx7.express().atomics().completer128()).isTrue();
        assertThat(cx7.express().atomics().requesterEnabled()).isTrue();
        assertThat(cx7.aerCorrectable()).containsExactly("Rollover", "Timeout");
        assertThat(cx7.aerUncorrectable()).isEmpty();
        PciFunction raid = m.get(bdf("11:00.0"));
        assertThat(raid.classCode()).isEqualTo(0x0104);
        assertThat(raid.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 1));
        assertThat(raid.bars()).filteredOn(Bar::io).hasSize(5);
    }

    @Test
    void armN1sdpOldOneLineLnkStaTwoDomainsHexRows() throws IOException {
        var r = read("arm-n1sdp-multidomain-plx8749-vvxxx/vv.txt");
        assertThat(r.problems()).isEmpty(); // the hex rows are skipped silently
        var m = byBdf(r);
        assertThat(m).hasSize(16);
        assertThat(m.keySet()).extracting(Bdf::domain).containsOnly(0, 1);
        assertThat(m.get(new Bdf(1, 0, 0, 0)).classCode()).isEqualTo(0x0600);
        PciFunction rp = m.get(bdf("0000:00:00.0"));
        assertThat(rp.busRange().secondary()).isEqualTo(1);
        assertThat(rp.busRange().subordinate()).isEqualTo(0x19);
        assertThat(rp.express().portType()).isEqualTo(PortType.ROOT_PORT);
        assertThat(rp.express().lnkCap()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16));
        assertThat(rp.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 16)); // one-line 3.5 LnkSta
        assertThat(rp.express().dlActive()).isFalse();
        assertThat(rp.lspciVersionHint()).isEqualTo("<=3.5");
        PciFunction dsp = m.get(bdf("0000:02:10.0"));
        assertThat(dsp.express().portType()).isEqualTo(PortType.DOWNSTREAM_PORT);
        assertThat(dsp.express().slotNumber()).isEqualTo(16);
        assertThat(dsp.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 0)); // empty slot
        assertThat(dsp.acs().ctl().reqRedir()).isTrue();
        assertThat(dsp.acs().ctl().cmpltRedir()).isTrue();
        assertThat(dsp.acs().ctl().transBlk()).isFalse();
        assertThat(dsp.acs().redirectsPeerTraffic()).isTrue();
        assertThat(m.get(bdf("0000:02:11.0")).express().hotPlug()).isTrue();
        assertThat(m.get(bdf("0000:01:00.0")).express().portType()).isEqualTo(PortType.UPSTREAM_PORT);
        assertThat(m.get(bdf("0000:07:00.0")).classCode()).isEqualTo(0x0200);
    }

    @Test
    void acerVmdDomain10000() throws IOException {
        var r = read("acer-alderlake-hx-rtx4070-vmd-domain10000/vv.txt");
        assertThat(r.problems()).noneMatch(p -> p.severity() != Severity.INFO);
        var m = byBdf(r);
        assertThat(m).hasSize(38);
        PciFunction vmdRp = m.get(new Bdf(0x10000, 0xe0, 6, 0));
        assertThat(vmdRp).isNotNull();
        assertThat(vmdRp.express().portType()).isEqualTo(PortType.ROOT_PORT);
        assertThat(vmdRp.express().lnkCap()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 4));
        assertThat(vmdRp.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 4));
        assertThat(vmdRp.express().targetSpeed()).isEqualTo(LinkSpeed.GEN3);
        assertThat(vmdRp.express().atomics().routing()).isTrue();
        assertThat(vmdRp.express().atomics().egressBlocked()).isTrue();
        assertThat(vmdRp.busRange().secondary()).isEqualTo(0xe2);
        assertThat(m.get(new Bdf(0x10000, 0xe2, 0, 0)).classCode()).isEqualTo(0x0108);
        PciFunction gpu = m.get(bdf("0000:01:00.0"));
        assertThat(gpu.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 8));
        assertThat(gpu.bars().get(1).address()).isEqualTo(0x6000000000L);
        assertThat(gpu.bars().get(1).sizeBytes()).isEqualTo(8L << 30);
        assertThat(gpu.lspciVersionHint()).isEqualTo(">=3.14");
        assertThat(m.get(bdf("0000:6c:00.0")).classCode()).isEqualTo(0xff00);
    }

    @Test
    void appleImacNonRootAccessDenied() throws IOException {
        var r = read("apple-imac2020-cometlake-navi14-titanridge/vv_nonroot.txt");
        assertThat(r.problems()).noneMatch(p -> p.severity() != Severity.INFO);
        var m = byBdf(r);
        PciFunction host = m.get(bdf("00:00.0"));
        assertThat(host.capabilitiesHidden()).isTrue();
        assertThat(host.express()).isNull();
        assertThat(host.classCode()).isEqualTo(0x0600);
        assertThat(host.vendorId()).isEqualTo(0x8086);
        assertThat(host.deviceId()).isEqualTo(0x9b53);
        assertThat(host.revision()).isEqualTo(3);
        assertThat(host.iommuGroup()).isZero();
        PciFunction rp = m.get(bdf("00:01.0"));
        assertThat(rp.busRange().subordinate()).isEqualTo(3);
        assertThat(rp.capabilitiesHidden()).isTrue();
        assertThat(m.get(bdf("00:1f.0")).capabilitiesHidden()).isFalse(); // no capability list at all
        assertThat(m.get(bdf("03:00.0")).vendorDeviceName())
                .isEqualTo("Advanced Micro Devices, Inc. [AMD/ATI] Navi 14 [Radeon RX 5500/5500M / Pro 5500M]");
        assertThat(m.values()).filteredOn(PciFunction::capabilitiesHidden).hasSizeGreaterThan(20);
    }

    @Test
    void appleImacPathSlots() throws IOException {
        var r = read("apple-imac2020-cometlake-navi14-titanridge/vv.txt");
        assertThat(r.problems()).noneMatch(p -> p.severity() == Severity.ERROR);
        var m = byBdf(r);
        PciFunction gpu = m.get(bdf("03:00.0")); // printed as 00:01.0/01:00.0/02:00.0/03:00.0
        assertThat(gpu).isNotNull();
        assertThat(gpu.classCode()).isEqualTo(0x0300);
        assertThat(gpu.vendorId()).isEqualTo(0x1002);
        assertThat(gpu.deviceId()).isEqualTo(0x7340);
        assertThat(gpu.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16));
        assertThat(m.get(bdf("02:00.0")).express().atomics().routing()).isTrue(); // switch port: Routing+ only
        assertThat(m.get(bdf("02:00.0")).express().atomics().completer32()).isNull();
    }

    @Test
    void icelakeServerConnectX5() throws IOException {
        var r = read("intel-xeon-icelake-sp-2s-connectx5/vv.txt");
        assertThat(r.problems()).noneMatch(p -> p.severity() != Severity.INFO);
        var m = byBdf(r);
        assertThat(m).hasSize(320);
        PciFunction ib = m.get(bdf("4b:00.0"));
        assertThat(ib.classCode()).isEqualTo(0x0207);
        assertThat(ib.numaNode()).isZero();
        assertThat(ib.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16));
        PciFunction rp = m.get(bdf("4a:02.0"));
        assertThat(rp.express().lnkCap()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 16));
        assertThat(rp.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16)); // "(downgraded)" ignored
        assertThat(rp.express().atomics().routing()).isTrue();
        assertThat(rp.express().slotNumber()).isEqualTo(1);
        assertThat(rp.physicalSlot()).isEqualTo("1");
        assertThat(rp.busRange().secondary()).isEqualTo(0x4b);
        PciFunction pch = m.get(bdf("00:1c.0"));
        assertThat(pch.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 0));
        assertThat(pch.lspciVersionHint()).isEqualTo("3.7.0");
    }

    @Test
    void awsNumericVvn() throws IOException {
        var r = read("aws-ec2-m4.2xlarge-xen-numeric-vvn/vv_n.txt");
        assertThat(r.problems()).noneMatch(p -> p.severity() != Severity.INFO);
        var m = byBdf(r);
        assertThat(m).hasSize(7);
        PciFunction host = m.get(bdf("00:00.0"));
        assertThat(host.classCode()).isEqualTo(0x0600);
        assertThat(host.vendorId()).isEqualTo(0x8086);
        assertThat(host.deviceId()).isEqualTo(0x1237);
        assertThat(host.revision()).isEqualTo(2);
        assertThat(host.vendorDeviceName()).isNull();
        assertThat(host.subsystem()).isEqualTo("1af4:1100");
        assertThat(host.physicalSlot()).isEqualTo("0");
        PciFunction ide = m.get(bdf("00:01.1"));
        assertThat(ide.bars().get(0).virtual()).isTrue(); // "[virtual]" before "Memory at" (<= 3.6.2)
        assertThat(ide.bars().get(0).address()).isEqualTo(0x1f0);
        assertThat(ide.bars().get(0).sizeBytes()).isEqualTo(8);
        assertThat(ide.bars().get(4).io()).isTrue();
        PciFunction vf = m.get(bdf("00:03.0"));
        assertThat(vf.deviceId()).isEqualTo(0x10ed);
        assertThat(vf.driver()).isEqualTo("ixgbevf");
        assertThat(vf.express()).isNull();
    }
}
