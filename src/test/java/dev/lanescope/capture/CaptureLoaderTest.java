package dev.lanescope.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Capture;
import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.CaptureFile.Role;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;
import dev.lanescope.model.TreeEntry;
import dev.lanescope.parse.Samples;

class CaptureLoaderTest {

    @TempDir
    Path tmp;

    private static Map<String, Role> roles(Capture c) {
        return c.files().stream().collect(Collectors.toMap(f -> f.name().substring(f.name().lastIndexOf('/') + 1),
                CaptureFile::role, (a, b) -> a));
    }

    private static List<Problem> of(Capture c, Severity s) {
        return c.problems().stream().filter(p -> p.severity() == s).toList();
    }

    @Test
    void microtcaFolderRolesAndSameMachineTreeKept() {
        Path dir = Samples.path("microtca-q170-plx-pex8725-pex8748");
        Capture c = CaptureLoader.load(List.of(dir), HeaderOnlyVerbose::parse);
        assertThat(c.label()).isEqualTo("microtca-q170-plx-pex8725-pex8748");
        assertThat(roles(c)).containsEntry("tv.txt", Role.LSPCI_TREE)
                .containsEntry("vv.txt", Role.LSPCI_VERBOSE)
                .containsEntry("dmesg.txt", Role.KERNEL_LOG)
                .containsEntry("hotplug_log.txt", Role.KERNEL_LOG)
                .containsEntry("source.txt", Role.METADATA);
        assertThat(of(c, Severity.ERROR)).isEmpty();
        // the provenance note is named as such, not listed as a file the tool could not read
        assertThat(c.problems()).noneSatisfy(p -> assertThat(p.file()).endsWith("source.txt"));
        assertThat(c.hasTree()).isTrue();
        assertThat(c.functions()).extracting(PciFunction::bdf).contains(Bdf.parse("0c:00.0"));
        TreeEntry fpga = c.tree().stream().filter(e -> e.bdf().equals(Bdf.parse("0c:00.0"))).findFirst().orElseThrow();
        assertThat(fpga.parent()).isEqualTo(Bdf.parse("04:0b.0"));
        assertThat(fpga.source().file()).isEqualTo("microtca-q170-plx-pex8725-pex8748/tv.txt");
        assertThat(c.metadata()).containsEntry("kernel", "6.18.0-rc7");
    }

    /**
     * collect.sh writes the P2P ladder's files (sysfs-p2p.txt with dma_mask_bits and IOMMU groups, lscpu.txt) beside
     * the topology: the capture names them as peer-to-peer evidence, never "not recognised".
     */
    @Test
    void theCollectorsPeerEvidenceFilesAreNamedNotRefused(@TempDir Path dir) throws IOException {
        Path ev = Path.of("src/test/resources/ladder/x99-two-r9700-evidence/sysfs-p2p.txt");
        Files.copy(Path.of("src/test/resources/ladder/x99-two-r9700-reconstructed/lspci-vv-nn.txt"),
                dir.resolve("lspci-vv.txt"));
        Files.copy(ev, dir.resolve("sysfs-p2p.txt"));
        Files.copy(Path.of("src/test/resources/ladder/x99-two-r9700-reconstructed/lscpu.txt"), dir.resolve("lscpu.txt"));
        Capture c = CaptureLoader.load(List.of(dir));
        assertThat(roles(c)).containsEntry("sysfs-p2p.txt", Role.PEER_EVIDENCE)
                .containsEntry("lscpu.txt", Role.PEER_EVIDENCE).containsEntry("lspci-vv.txt", Role.LSPCI_VERBOSE);
        assertThat(c.problems()).noneMatch(p -> p.message().contains("not recognised"));
    }

    @Test
    void dellT630TreeNnDmesgLscpu() {
        Path dir = Samples.path("dell-poweredge-t630-xeon-e5v4-2s");
        Capture c = CaptureLoader.load(List.of(dir));
        assertThat(roles(c)).containsEntry("tv.txt", Role.LSPCI_TREE)
                .containsEntry("nn.txt", Role.LSPCI_PLAIN)
                .containsEntry("dmesg.txt", Role.KERNEL_LOG)
                .containsEntry("lscpu.txt", Role.PEER_EVIDENCE)
                .containsEntry("source.txt", Role.METADATA);
        assertThat(c.kernelLines()).anySatisfy(k -> {
            assertThat(k.device()).isEqualTo(Bdf.parse("0000:01:00.0"));
            assertThat(k.limitingBdf()).isEqualTo(Bdf.parse("0000:00:1c.2"));
        });
        assertThat(c.problems()).anySatisfy(p -> assertThat(p.message()).contains("tree only: no link facts"));
        assertThat(of(c, Severity.ERROR)).isEmpty();
        assertThat(c.tree()).hasSizeGreaterThan(100);
    }

    @Test
    void mailArtifactsAndQuotedLogLinesDoNotFoolRoleDetection() {
        // vv.txt indented with no-break spaces by a mail client
        Capture acer = CaptureLoader.load(List.of(Samples.path("acer-alderlake-hx-rtx4070-vmd-domain10000")),
                HeaderOnlyVerbose::parse);
        assertThat(roles(acer)).containsEntry("vv.txt", Role.LSPCI_VERBOSE);
        assertThat(acer.functions()).extracting(PciFunction::bdf).contains(new Bdf(0x10000, 0xe1, 0, 0));
        // source.txt quotes a syslog bandwidth line inside prose: not a kernel log, and not counted twice
        Capture xe3 = CaptureLoader.load(List.of(Samples.path("dell-optiplex-xe3-i7-8700-quadro-p2000")));
        assertThat(roles(xe3)).containsEntry("source.txt", Role.METADATA).containsEntry("syslog.txt",
                Role.KERNEL_LOG);
        assertThat(xe3.kernelLines()).hasSize(1);
        // a tree cut out of a longer one (" \\-[0000:00]-...") is still a tree
        Capture hp = CaptureLoader.load(List.of(Samples.path("hp-proliant-dl388-gen8-ilo4-p420i/tv.txt")));
        assertThat(roles(hp)).containsEntry("tv.txt", Role.LSPCI_TREE);
        assertThat(hp.problems()).anySatisfy(p -> assertThat(p.message()).startsWith("tree only"));
    }

    @Test
    void mismatchedTreeAndVerboseAreRefusedTreeDropped() throws IOException {
        Path tv = tmp.resolve("tv.txt");
        Path vv = tmp.resolve("vv.txt");
        Files.copy(Samples.path("puget-wrx90-threadripper-pro-rtx6000ada-cx7/tv.txt"), tv);
        Files.copy(Samples.path("microtca-q170-plx-pex8725-pex8748/vv.txt"), vv);
        Capture c = CaptureLoader.load(List.of(vv, tv), HeaderOnlyVerbose::parse);
        assertThat(c.label()).as("files of one folder are named by the folder").isEqualTo(tmp.getFileName().toString());
        assertThat(c.tree()).isEmpty();
        assertThat(c.functions()).hasSize(42);
        assertThat(of(c, Severity.ERROR)).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo(tv.toString());
            assertThat(p.message()).contains(vv.toString()).contains("not come from the same machine")
                    .contains("of 42 -vv functions");
        });
        assertThat(c.files()).anySatisfy(f -> {
            assertThat(f.role()).isEqualTo(Role.LSPCI_TREE);
            assertThat(f.detail()).startsWith("refused");
        });
    }

    @Test
    void goodBundleArchive() throws IOException {
        Path tgz = tmp.resolve("node7-bundle.tar.gz");
        try (Tgz t = new Tgz(tgz)) {
            t.file("bundle/tv.txt", Files.readString(Samples.path("microtca-q170-plx-pex8725-pex8748/tv.txt")));
            t.file("bundle/lspci-version", "lspci version 3.9.0\n");
            t.file("bundle/hostname", "node7\n");
            t.file("bundle/boot_id", "0d3f6c2e-1111-4a2b-9c3d-123456789abc\n");
            t.file("bundle/uname", "6.8.0-45-generic\n");
            t.file("bundle/links.txt", "/sys/bus/pci/devices/0000:0c:00.0/current_link_speed:2.5 GT/s PCIe\r\n"
                    + "/sys/bus/pci/devices/0000:0c:00.0/current_link_width:1\r\n");
            t.file("bundle/sys/0000:99:00.0/current_link_speed", "8.0 GT/s PCIe\n");
            t.file("bundle/sys/0000:99:00.0/current_link_width", "4\n");
            t.file("bundle/sys/0000:99:00.0/config", "\u0000\u0001binary");
            t.file("bundle/smi.csv", "index, pci.bus_id, pcie.link.gen.current, pcie.link.width.current\n"
                    + "0, 00000000:0c:00.0, 1, 16\n");
            t.file("bundle/README", "How this bundle was made.\n");
        }
        Capture c = CaptureLoader.load(List.of(tgz));
        assertThat(c.label()).isEqualTo("node7-bundle");
        assertThat(c.metadata()).containsEntry("lspciVersion", "3.9.0").containsEntry("hostname", "node7")
                .containsEntry("kernel", "6.8.0-45-generic")
                .containsEntry("bootId", "0d3f6c2e-1111-4a2b-9c3d-123456789abc");
        assertThat(roles(c)).containsEntry("tv.txt", Role.LSPCI_TREE).containsEntry("links.txt", Role.SYSFS_LINKS)
                .containsEntry("smi.csv", Role.NVIDIA_SMI_CSV).containsEntry("README", Role.UNRECOGNISED)
                .containsEntry("hostname", Role.METADATA);
        assertThat(of(c, Severity.ERROR)).isEmpty();
        Map<Bdf, PciFunction> f = c.functions().stream().collect(Collectors.toMap(PciFunction::bdf, x -> x));
        assertThat(f.get(Bdf.parse("0c:00.0")).sysfsLink().current()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 1));
        assertThat(f.get(Bdf.parse("99:00.0")).sysfsLink().current()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 4));
        assertThat(c.nvidiaSmi()).singleElement().satisfies(n -> assertThat(n.genCurrent()).isEqualTo(1));
        assertThat(c.tree()).isNotEmpty();
        assertThat(c.files()).anySatisfy(x -> assertThat(x.name()).isEqualTo(tgz + "!/bundle/tv.txt"));
        // sysfs facts present: no "tree only" note
        assertThat(c.problems()).noneSatisfy(p -> assertThat(p.message()).contains("tree only"));
    }

    @Test
    void hostileEntriesAreRefusedAndNamed() throws IOException {
        Path tgz = tmp.resolve("evil.tgz");
        try (Tgz t = new Tgz(tgz)) {
            t.file("../x", "escape\n");
            t.absolute("/etc/passwd", "root:x:0:0\n");
            t.symlink("link", "/etc/shadow");
            t.hardlink("hard", "tv.txt");
            t.file("tv.txt", Files.readString(Samples.path("microtca-q170-plx-pex8725-pex8748/tv.txt")));
        }
        Capture c = CaptureLoader.load(List.of(tgz));
        List<Problem> errors = of(c, Severity.ERROR);
        assertThat(errors).anySatisfy(p -> {
            assertThat(p.file()).endsWith("!/../x");
            assertThat(p.message()).contains("refused").contains("..");
        });
        assertThat(errors).anySatisfy(p -> {
            assertThat(p.file()).endsWith("!//etc/passwd");
            assertThat(p.message()).contains("absolute path");
        });
        assertThat(errors).anySatisfy(p -> assertThat(p.message()).contains("symbolic link").contains("/etc/shadow"));
        assertThat(errors).anySatisfy(p -> assertThat(p.message()).contains("hard link"));
        assertThat(errors).hasSize(4);
        assertThat(c.tree()).isNotEmpty(); // the good entry is still read
    }

    @Test
    void truncatedArchiveKeepsWhatWasRead() throws IOException {
        Path tgz = tmp.resolve("cut.tar.gz");
        try (Tgz t = new Tgz(tgz)) {
            t.file("a/tv.txt", Files.readString(Samples.path("microtca-q170-plx-pex8725-pex8748/tv.txt")));
            t.file("a/dmesg.txt", Files.readString(Samples.path("dell-poweredge-t630-xeon-e5v4-2s/dmesg.txt")));
        }
        byte[] all = Files.readAllBytes(tgz);
        Files.write(tgz, java.util.Arrays.copyOf(all, all.length / 2));
        Capture c = CaptureLoader.load(List.of(tgz));
        assertThat(of(c, Severity.ERROR)).anySatisfy(p -> {
            assertThat(p.file()).isEqualTo(tgz.toString());
            assertThat(p.message()).contains("truncated or corrupt").contains("kept the 1 file(s)");
        });
        assertThat(c.tree()).isNotEmpty();
    }

    @Test
    void tarballOfUnrelatedFilesIsUnusable() throws IOException {
        Path tgz = tmp.resolve("photos.tgz");
        try (Tgz t = new Tgz(tgz)) {
            t.file("notes.md", "# shopping\n- milk\n");
            t.file("img.png", "\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR");
        }
        Capture c = CaptureLoader.load(List.of(tgz));
        assertThat(c.functions()).isEmpty();
        assertThat(c.tree()).isEmpty();
        assertThat(of(c, Severity.ERROR)).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("unusable capture"));
        assertThat(of(c, Severity.INFO)).anySatisfy(p -> assertThat(p.message()).contains("binary file skipped"));
        assertThat(of(c, Severity.INFO)).anySatisfy(p -> {
            assertThat(p.file()).endsWith("notes.md");
            assertThat(p.message()).contains("not recognised");
        });
    }

    @Test
    void missingInputIsAnErrorAndTheOthersAreStillRead() {
        Path missing = tmp.resolve("nope.txt");
        Capture c = CaptureLoader.load(List.of(missing,
                Samples.path("dell-xps-alderlake-p-vmd-domain10000-tree/tv.txt")));
        assertThat(of(c, Severity.ERROR)).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo(missing.toString());
            assertThat(p.message()).contains("does not exist");
        });
        assertThat(c.tree()).anySatisfy(e -> assertThat(e.bdf().domain()).isEqualTo(0x10000));
    }

    @Test
    void verboseFilesMergeFirstWinsWithOneWarningPerPair() throws IOException {
        Path a = tmp.resolve("a.txt");
        Path b = tmp.resolve("b.txt");
        Files.writeString(a, "00:02.0 VGA compatible controller: Intel Corporation UHD [8086:3e92]\n"
                + "\tControl: I/O+ Mem+ BusMaster+\n");
        Files.writeString(b, "00:02.0 VGA compatible controller: Intel Corporation Other [8086:3e91]\n"
                + "\tControl: I/O+ Mem+ BusMaster+\n"
                + "01:00.0 3D controller: NVIDIA Corporation GP107 [10de:1c82]\n\tControl: I/O+\n");
        Capture c = CaptureLoader.load(List.of(a, b), HeaderOnlyVerbose::parse);
        assertThat(c.functions()).hasSize(2);
        assertThat(c.functions().get(0).deviceId()).isEqualTo(0x3e92);
        assertThat(of(c, Severity.WARNING)).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo(b.toString());
            assertThat(p.message()).contains(a.toString()).contains("0000:00:02.0").contains("first file wins");
        });
    }

    @Test
    void crlfAndLatin1AreDecodedAndTheEncodingIsSaid() throws IOException {
        Path t = tmp.resolve("tree.txt");
        byte[] text = ("-[0000:00]-+-00.0  Caf\u00e9 Host\r\n           \\-1f.3  SMBus \u00ff\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        Files.write(t, text);
        Capture c = CaptureLoader.load(List.of(t));
        assertThat(c.tree()).hasSize(2);
        // not UTF-8: read as Latin-1, which every byte is, and said so
        assertThat(c.tree().get(0).name()).isEqualTo("Caf\u00e9 Host");
        assertThat(c.tree().get(1).name()).isEqualTo("SMBus \u00ff");
        assertThat(c.problems()).anySatisfy(p -> assertThat(p.toString()).isEqualTo(t + ": info: read as Latin-1 (the"
                + " bytes are not UTF-8)"));
    }

    /** Writes a .tar.gz in the test, with the odd entries a hostile archive has. */
    private static final class Tgz implements AutoCloseable {
        private final org.apache.commons.compress.archivers.tar.TarArchiveOutputStream out;

        Tgz(Path p) throws IOException {
            OutputStream os = Files.newOutputStream(p);
            out = new org.apache.commons.compress.archivers.tar.TarArchiveOutputStream(
                    new org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream(os));
            out.setLongFileMode(org.apache.commons.compress.archivers.tar.TarArchiveOutputStream.LONGFILE_POSIX);
        }

        void file(String name, String content) throws IOException {
            put(new org.apache.commons.compress.archivers.tar.TarArchiveEntry(name), content);
        }

        void absolute(String name, String content) throws IOException {
            put(new org.apache.commons.compress.archivers.tar.TarArchiveEntry(name, true), content);
        }

        void symlink(String name, String target) throws IOException {
            var e = new org.apache.commons.compress.archivers.tar.TarArchiveEntry(name,
                    org.apache.commons.compress.archivers.tar.TarConstants.LF_SYMLINK);
            e.setLinkName(target);
            out.putArchiveEntry(e);
            out.closeArchiveEntry();
        }

        void hardlink(String name, String target) throws IOException {
            var e = new org.apache.commons.compress.archivers.tar.TarArchiveEntry(name,
                    org.apache.commons.compress.archivers.tar.TarConstants.LF_LINK);
            e.setLinkName(target);
            out.putArchiveEntry(e);
            out.closeArchiveEntry();
        }

        private void put(org.apache.commons.compress.archivers.tar.TarArchiveEntry e, String content)
                throws IOException {
            byte[] b = content.getBytes(StandardCharsets.ISO_8859_1);
            e.setSize(b.length);
            out.putArchiveEntry(e);
            out.write(b);
            out.closeArchiveEntry();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
