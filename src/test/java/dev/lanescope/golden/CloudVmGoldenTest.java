package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.MoveAdvice;
import dev.lanescope.analysis.MoveAdvisor;
import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.PathClass;
import dev.lanescope.analysis.PeerPair;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/**
 * Cloud virtual machines: GPUs passed through onto a virtual root bus (docs/RULES.md §3, §5). The captures are real
 * (samples/cloud-vm-h200-passthrough-virtio: a KVM guest with an H200, captured on the lent GPU machine;
 * samples/aws-ec2-g2.2xlarge-xen-grid-k520: a Xen guest) except the two-GPU one, a synthetic fixture built by hand
 * from the KVM capture (src/test/resources/fixtures/synthetic-vm-two-h200/source.txt says exactly how).
 */
class CloudVmGoldenTest {

    private static final String VM = "cloud-vm-h200-passthrough-virtio";
    private static final Bdf H200 = Bdf.parse("0000:00:06.0");

    /**
     * lspci-vv.txt, 00:06.0: "Express (v2) Endpoint", LnkCap "Speed 32GT/s, Width x16", LnkSta "Speed 32GT/s, Width
     * x16"; no bridge above it (the tree is one root bus). The kernel's walk is the device alone: 32 GT/s is 31507
     * Mb/s per lane x 16 = 504112 Mb/s, equal to its capability, so no "limited by" clause.
     */
    @Test
    void h200OnTheVirtualRootBusHasItsOwnLinkAsCeiling() {
        Sample s = Sample.of(VM);
        PathCeiling c = s.ceiling("00:06.0");
        assertThat(c.known()).isTrue();
        assertThat(c.availableMbps()).isEqualTo(504_112);
        assertThat(c.sentence()).isEqualTo("504.112 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)");
        assertThat(c.onRootBus()).isTrue();
        // with no link above it, what its path is capable of is its own capable link (LnkCap 32GT/s x16), not unknown
        assertThat(c.pathCapableMbps()).isEqualTo(504_112);
        assertThat(c.hostPathNote()).contains("hypervisor hides the host's real path").contains("probe under load");
        // the first sentence a user reads: the GPU and its link, never "no link to judge"
        List<String> summary = s.report().summary();
        assertThat(summary.get(0)).startsWith("GPU 0000:00:06.0 sits directly on a root bus")
                .contains("504.112 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)");
        assertThat(summary).noneMatch(l -> l.contains("no link to judge"));
        // the status bar, "next GPU" and the peers count the same one GPU: the five virtio functions are not GPUs
        assertThat(s.report().accelerators()).containsExactly(H200);
    }

    /**
     * nvidia-smi-pcie.csv row 2 reads "0, 00000000:00:06.0, NVIDIA H200, ..." while the Debian 12 pci.ids names
     * 10de:2335 "Device 2335": the capture's own nvidia-smi names the card, and the note says where each name came from.
     */
    @Test
    void theCardTakesNvidiaSmisNameWhereThePciIdsLacksIt() {
        Sample s = Sample.of(VM);
        assertThat(s.topology().function(H200).orElseThrow().vendorDeviceName()).isEqualTo("NVIDIA H200");
        assertThat(s.topology().problems()).anySatisfy(p -> {
            assertThat(p.file()).endsWith("nvidia-smi-pcie.csv");
            assertThat(p.line()).isEqualTo(2);
            assertThat(p.message()).contains("Device 2335").contains("NVIDIA H200");
        });
        // and the picture's box shows it, with the card's own link on its line from the root bus
        TopologyLayouts.Picture pic = TopologyLayouts.of(s.topology(), java.util.Set.of());
        assertThat(pic.nodeOf(H200).name()).isEqualTo("NVIDIA H200");
        assertThat(pic.nodeOf(H200).badge()).isEqualTo("GPU");
        // no drawn edge carries a root-bus card's link (the line from the root bus is not a PCIe link), so the box does
        assertThat(pic.nodeOf(H200).link()).isEqualTo("link Gen5 x16 / cap Gen5 x16");
    }

    /** advise: it cannot compare slots the hypervisor hides; its first sentence says so and gives the card's own link. */
    @Test
    void adviseSaysTheHostSlotsAreHiddenAndGivesTheOwnLink() {
        Sample s = Sample.of(VM);
        MoveAdvice a = MoveAdvisor.advise(s.topology(), H200);
        assertThat(a.answer()).startsWith("Cannot say from this capture: 0000:00:06.0 sits directly on a root bus")
                .contains("hypervisor hides the host's slots")
                .contains("504.112 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)");
        assertThat(a.notes()).anyMatch(n -> n.contains("probe under load"));
    }

    /**
     * vv_nonroot.txt (lspci -vv as nobody) prints "Capabilities: <access denied>" for 01.0 .. 06.0, its first record
     * 00:01.0 at line 5. The warning is located there, names what is hidden and the command; the GPU's ceiling is
     * unknown (no sysfs here) and the summary says it cannot judge it rather than "no link to judge".
     */
    @Test
    void theNonRootCaptureOfTheSameVmSaysWhatIsHiddenAndHow() {
        Sample s = Sample.of(VM + "/vv_nonroot.txt", VM + "/tv_nonroot.txt");
        Problem p = s.topology().problems().stream().filter(x -> x.message().contains("without root"))
                .findFirst().orElseThrow();
        assertThat(p.file()).endsWith("vv_nonroot.txt");
        assertThat(p.line()).isEqualTo(5);
        assertThat(p.severity()).isEqualTo(Severity.WARNING);
        assertThat(p.message()).contains("6 of 7 functions").contains("sudo lspci -vv");
        assertThat(s.ceiling("00:06.0").known()).isFalse();
        assertThat(s.ceiling("00:06.0").sentence()).contains("grep -H . /sys/bus/pci/devices/0000:00:06.0/*_link_*");
        assertThat(s.report().summary()).noneMatch(l -> l.contains("no link to judge"))
                .anyMatch(l -> l.startsWith("Cannot judge GPU 0000:00:06.0"));
        // the hidden GPU is still the one GPU (NVIDIA on an Intel host bridge's bus: not built into the platform)
        assertThat(s.report().accelerators()).containsExactly(H200);
    }

    /** A root capture beside the non-root one: no "without root" warning, since what is kept is the root dump. */
    @Test
    void theRootBundleRaisesNoNonRootWarning() {
        Sample s = Sample.of(VM + "/lspci-vv.txt", VM + "/lspci-tv.txt");
        assertThat(s.topology().problems()).noneMatch(x -> x.message().contains("without root"));
    }

    /**
     * lspci-xxxx.txt alone (lspci -D -xxxx): the Express capability is decoded from the hex, so the same ceiling as
     * the text gives; the file is read as a hex dump, not "not recognised".
     */
    @Test
    void theHexDumpAloneIsReadAndGivesTheSameCeiling() {
        Sample s = Sample.of(VM + "/lspci-xxxx.txt");
        CaptureFile f = s.capture().files().get(0);
        assertThat(f.role()).isEqualTo(CaptureFile.Role.LSPCI_PLAIN);
        assertThat(f.detail()).contains("hex");
        assertThat(s.ceiling("00:06.0").availableMbps()).isEqualTo(504_112);
    }

    /**
     * sysfs-links.txt as collect.sh writes it ("/sys/bus/pci/devices/0000:00:06.0/current_link_speed:32.0 GT/s PCIe",
     * one key per line) alone: the GPU has no class there, but its own sysfs link is its ceiling.
     */
    @Test
    void theCollectorsSysfsListingAloneGivesTheCeiling() {
        Sample s = Sample.of(VM + "/sysfs-links.txt");
        assertThat(s.capture().files().get(0).role()).isEqualTo(CaptureFile.Role.SYSFS_LINKS);
        assertThat(s.ceiling("00:06.0").availableMbps()).isEqualTo(504_112);
    }

    /**
     * EC2 g2.2xlarge (Xen HVM), pciutils with one-line LnkSta: the GRID K520 at 00:03.0 is an "Express (v2) Endpoint"
     * on bus 00 with LnkCap 8GT/s x16 and LnkSta 2.5GT/s x16. Walk = the device alone: 2.5 GT/s 2000 Mb/s x16 =
     * 32000 Mb/s, below its capability 8 GT/s 7876 x16 = 126016, so the kernel's "limited by" names the device itself;
     * an idle GPU is said not to be a fault. The Cirrus GD 5446 at 00:02.0 is the emulated VGA, not a GPU.
     */
    @Test
    void xenGuestGpuIdlesAtGen1OnItsOwnLink() {
        Sample s = Sample.of("aws-ec2-g2.2xlarge-xen-grid-k520");
        assertThat(s.report().hops()).isEmpty();
        assertThat(s.ceiling("00:03.0").sentence()).isEqualTo("32.000 Gb/s available PCIe bandwidth, limited by"
                + " 2.5 GT/s PCIe x16 link at 0000:00:03.0 (capable of 126.016 Gb/s with 8.0 GT/s PCIe x16 link)");
        assertThat(s.report().summary().get(0)).startsWith("GPU 0000:00:03.0 sits directly on a root bus")
                .contains("An idle GPU drops its link speed");
        assertThat(s.report().accelerators()).containsExactly(Bdf.parse("0000:00:03.0"));
    }

    /**
     * Synthetic two-H200 VM (fixture, not a real capture): both GPUs on root bus 00 with no bridge between them are
     * PHB over PCIe (NCCL builds its paths from the same sysfs tree); nvidia-smi's matrix says NV18 between GPU0 and
     * GPU1, and its CSV maps GPU0 to 00:06.0 and GPU1 to 00:07.0, so NV18 is shown beside PHB and NCCL needs no level.
     * Their BARs sit just above 16 TiB, which is no trap for NVIDIA GPUs (only amdgpu's 44-bit DMA is).
     */
    @Test
    void twoGpusOnOneVirtualRootBusArePhbPeersJoinedByNvlink() {
        Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(
                Path.of("src/test/resources/fixtures/synthetic-vm-two-h200"))));
        var report = Analyzer.analyze(t);
        assertThat(report.accelerators()).containsExactlyInAnyOrder(H200, Bdf.parse("0000:00:07.0"));
        PeerPair p = report.peers().stream().filter(x -> x.a().equals(H200)).findFirst().orElseThrow();
        assertThat(p.pathClass()).isEqualTo(PathClass.PHB);
        assertThat(p.nvlink()).isEqualTo("NV18");
        assertThat(p.classText()).isEqualTo("PHB over PCIe, NV18 by nvidia-smi");
        assertThat(p.ncclP2pLevel()).isEqualTo("default (NV18)");
        assertThat(p.explanation()).contains("both sit directly on root bus 0000:00");
        assertThat(p.barsAbove44Bit()).isEmpty();
        assertThat(report.summary()).noneMatch(l -> l.contains("no other GPU"));
    }
}
