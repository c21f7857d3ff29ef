package dev.lanescope.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;
import dev.lanescope.parse.Samples;

/**
 * Malformed, truncated and foreign archives: refused or read safely, the message says what was wrong, and nothing
 * is ever written to disk (the loader reads archives in memory). Complements CaptureLoaderTest, which covers
 * '..', absolute names, symbolic and hard links, truncation and a tarball of unrelated files.
 */
class ArchiveSafetyTest {

    @TempDir
    Path tmp;

    static final byte[] TREE = String.join("\n", Samples.lines("microtca-q170-plx-pex8725-pex8748/tv.txt"))
            .getBytes(StandardCharsets.UTF_8);

    private static List<Problem> errors(Capture c) {
        return c.problems().stream().filter(p -> p.severity() == Severity.ERROR).toList();
    }

    private Set<Path> everythingUnder(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.collect(Collectors.toSet());
        }
    }

    /** Loads with a snapshot of the folder around the archive before and after: nothing may appear. */
    private Capture loadWatching(Path archive) throws IOException {
        Set<Path> before = everythingUnder(tmp);
        Path escape = tmp.getParent().resolve("evil.txt");
        boolean escapeBefore = Files.exists(escape);
        Capture c = CaptureLoader.load(List.of(archive));
        assertThat(everythingUnder(tmp)).as("nothing extracted next to the archive").isEqualTo(before);
        assertThat(Files.exists(escape)).as("nothing extracted above it").isEqualTo(escapeBefore);
        return c;
    }

    @Test
    void windowsStyleEscapesAreRefused() throws IOException {
        Path tgz = tmp.resolve("win.tar.gz");
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("b/..\\..\\evil.txt", "x\n".getBytes(StandardCharsets.UTF_8));
        m.put("C:/Windows/evil.txt", "x\n".getBytes(StandardCharsets.UTF_8));
        m.put("b/tv.txt", TREE);
        Bundles.write(tgz, m);
        Capture c = loadWatching(tgz);
        assertThat(errors(c)).anySatisfy(p -> {
            assertThat(p.file()).endsWith("!/b/..\\..\\evil.txt");
            assertThat(p.message()).contains("refused").contains("'..'");
        });
        assertThat(errors(c)).anySatisfy(p -> assertThat(p.message()).contains("absolute path"));
        assertThat(c.tree()).isNotEmpty();
    }

    @Test
    void symlinkOutsideDevicesAndFifosAreRefusedAndNamed() throws IOException {
        Path tgz = tmp.resolve("odd.tgz");
        try (OutputStream f = Files.newOutputStream(tgz);
             GzipCompressorOutputStream gz = new GzipCompressorOutputStream(f);
             TarArchiveOutputStream tar = new TarArchiveOutputStream(gz)) {
            TarArchiveEntry link = new TarArchiveEntry("b/sysfs-links.txt", TarConstants.LF_SYMLINK);
            link.setLinkName("../../../../etc/shadow");
            tar.putArchiveEntry(link);
            tar.closeArchiveEntry();
            TarArchiveEntry dev = new TarArchiveEntry("b/mem", TarConstants.LF_CHR);
            tar.putArchiveEntry(dev);
            tar.closeArchiveEntry();
            TarArchiveEntry fifo = new TarArchiveEntry("b/pipe", TarConstants.LF_FIFO);
            tar.putArchiveEntry(fifo);
            tar.closeArchiveEntry();
            TarArchiveEntry ok = new TarArchiveEntry("b/tv.txt");
            ok.setSize(TREE.length);
            tar.putArchiveEntry(ok);
            tar.write(TREE);
            tar.closeArchiveEntry();
        }
        Capture c = loadWatching(tgz);
        assertThat(errors(c)).anySatisfy(p -> {
            assertThat(p.file()).endsWith("!/b/sysfs-links.txt");
            assertThat(p.message()).contains("symbolic link").contains("../../../../etc/shadow");
        });
        assertThat(errors(c)).anySatisfy(p -> assertThat(p.message()).contains("device file"));
        assertThat(errors(c)).anySatisfy(p -> assertThat(p.message()).contains("FIFO"));
        assertThat(c.tree()).isNotEmpty();
    }

    @Test
    void aZipNamedTarGzIsRefusedWithAReason() throws IOException {
        Path zip = tmp.resolve("bundle.tar.gz");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("tv.txt"));
            z.write(TREE);
            z.closeEntry();
        }
        Capture c = loadWatching(zip);
        assertThat(c.functions()).isEmpty();
        assertThat(c.tree()).isEmpty();
        assertThat(errors(c)).anySatisfy(p -> {
            assertThat(p.file()).isEqualTo(zip.toString());
            assertThat(p.message()).contains("it is a ZIP archive, not a .tar.gz");
        });
    }

    @Test
    void gzipOfPlainTextAndEmptyFilesAreRefusedWithAReason() throws IOException {
        Path gz = tmp.resolve("text.tar.gz");
        try (GZIPOutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write("just some text, not a tar\n".repeat(40).getBytes(StandardCharsets.UTF_8));
        }
        Path empty = Files.createFile(tmp.resolve("empty.tgz"));
        for (Path p : List.of(gz, empty)) {
            Capture c = loadWatching(p);
            assertThat(c.functions()).isEmpty();
            assertThat(errors(c)).as(p.toString()).anySatisfy(e -> {
                assertThat(e.file()).isEqualTo(p.toString());
                assertThat(e.message()).containsAnyOf("gzip data, but not a tar archive inside", "the file is empty");
            });
        }
    }

    @Test
    void anArchiveInsideTheBundleIsNotOpened() throws IOException {
        Path inner = tmp.resolve("inner.tar.gz");
        Bundles.write(inner, Map.of("tv.txt", TREE));
        Path outer = tmp.resolve("outer.tar.gz");
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("b/inner.tar.gz", Files.readAllBytes(inner));
        m.put("b/tv.txt", TREE);
        Bundles.write(outer, m);
        Capture c = loadWatching(outer);
        assertThat(c.problems()).anySatisfy(p -> {
            assertThat(p.file()).endsWith("!/b/inner.tar.gz");
            assertThat(p.message()).contains("binary file skipped");
        });
        assertThat(c.tree()).isNotEmpty();
    }

    @Test
    void aSymlinkInACaptureFolderIsNotFollowed() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("capture"));
        Files.write(dir.resolve("tv.txt"), TREE);
        Path secret = Files.writeString(tmp.resolve("secret.txt"), "00:01.0 Host bridge: leaked\n");
        Files.createSymbolicLink(dir.resolve("lspci-vv.txt"), secret);
        Capture c = CaptureLoader.load(List.of(dir));
        assertThat(c.problems()).anySatisfy(p -> {
            assertThat(p.file()).endsWith("lspci-vv.txt");
            assertThat(p.message()).contains("symbolic link not followed");
        });
        assertThat(c.functions()).noneSatisfy(f -> assertThat(f.vendorDeviceName()).contains("leaked"));
    }

    @Test
    void anEntryLongerThanItsHeaderSaysStopsTheRead() throws IOException {
        // a tar whose first entry header claims 10 bytes but whose gzip stream was spliced: read safely, named
        Path tgz = tmp.resolve("lies.tar.gz");
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("b/tv.txt", TREE);
        Bundles.write(tgz, m);
        byte[] raw;
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(tgz))) {
            raw = in.readAllBytes();
        }
        // corrupt the size field of the header (offset 124, 12 octal bytes) to a huge value
        byte[] size = String.format("%011o ", 07777777777L).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(size, 0, raw, 124, 12);
        try (GZIPOutputStream o = new GZIPOutputStream(Files.newOutputStream(tgz))) {
            o.write(raw);
        }
        Capture c = loadWatching(tgz);
        assertThat(errors(c)).anySatisfy(p -> assertThat(p.file()).startsWith(tgz.toString()));
        assertThat(c.tree()).isEmpty();
    }
}
