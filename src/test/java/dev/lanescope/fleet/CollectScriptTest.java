package dev.lanescope.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Capture;
import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.CaptureFile.Role;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Severity;

/**
 * Runs {@code native-probes/collect.sh} for real on this machine and opens the bundle. Skipped, with the reason,
 * where there is no lspci; the unprivileged run also needs root (to drop to nobody) and setpriv.
 */
public class CollectScriptTest {

    static final Path SCRIPT = Path.of("native-probes/collect.sh");

    @TempDir
    Path tmp;

    public static Path onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) return null;
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }

    /**
     * A tool on the PATH, else in the folder where .ci/run keeps the Prometheus tools it takes out of Debian's packages
     * without installing them ({@code ${XDG_CACHE_HOME:-~/.cache}/lanescope-ci}); null when neither has it.
     */
    public static Path tool(String name) {
        Path p = onPath(name);
        if (p != null) return p;
        String cache = System.getenv("XDG_CACHE_HOME");
        Path dir = cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        Path cached = dir.resolve("lanescope-ci").resolve(name);
        return Files.isExecutable(cached) ? cached : null;
    }

    static void assumeLspci() {
        boolean there = onPath("lspci") != null;
        assumeTrue(there, "lspci is not installed (apt-get install pciutils)");
    }

    static boolean isRoot() throws IOException, InterruptedException {
        return "0".equals(output(List.of("id", "-u")).strip());
    }

    static String output(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly();
        return out;
    }

    /** Where {@link #run} keeps what the command said on stderr: beside its TMPDIR, not on the build's console. */
    static Path stderrOf(Path tmpDir) {
        return tmpDir.resolveSibling(tmpDir.getFileName() + ".stderr");
    }

    /** Runs a command with TMPDIR set, stdout to a file, stderr to {@link #stderrOf}; returns the exit status. */
    static int run(List<String> cmd, Path tmpDir, Path stdout) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(false)
                .redirectError(stderrOf(tmpDir).toFile());
        pb.redirectOutput(stdout == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stdout.toFile()));
        pb.environment().put("TMPDIR", tmpDir.toString());
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("collect.sh ran past 180 s: " + cmd);
        }
        return p.exitValue();
    }

    static Set<Bdf> sysfsDevices() throws IOException {
        Path dir = Path.of("/sys/bus/pci/devices");
        if (!Files.isDirectory(dir)) return Set.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> Bdf.tryParse(p.getFileName().toString())).filter(b -> b != null)
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    static Set<Role> roles(Capture c) {
        return c.files().stream().map(CaptureFile::role).collect(Collectors.toSet());
    }

    /** What every bundle must hold, whoever ran the collector. */
    static void assertBundle(Capture c, boolean root) throws IOException {
        assertThat(c.problems()).filteredOn(p -> p.severity() == Severity.ERROR).isEmpty();
        assertThat(c.metadata()).containsKeys("hostname", "kernel", "date", "uptime", "lspciVersion", "collector")
                .containsEntry("root", root ? "yes" : "no");
        assertThat(c.metadata().get("date")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(c.metadata().get("kernel")).isEqualTo(System.getProperty("os.version"));
        Path bootId = Path.of("/proc/sys/kernel/random/boot_id");
        if (Files.isReadable(bootId)) {
            assertThat(c.metadata()).containsEntry("bootId", Files.readString(bootId).strip());
        }
        assertThat(roles(c)).contains(Role.LSPCI_TREE, Role.LSPCI_VERBOSE, Role.METADATA);
        assertThat(c.files()).extracting(f -> f.name().substring(f.name().lastIndexOf('/') + 1))
                .contains("MANIFEST", "lspci-tv.txt", "lspci-tvnn.txt", "lspci-vv.txt", "lspci-vvv-nn-D-k.txt",
                        "lspci-xxxx.txt", "lspci-version.txt", "sysfs-links.txt", "hostname", "date", "root");
        Set<Bdf> live = sysfsDevices();
        if (!live.isEmpty()) {
            assertThat(roles(c)).contains(Role.SYSFS_LINKS);
            assertThat(c.functions()).extracting(PciFunction::bdf).containsExactlyInAnyOrderElementsOf(live);
        }
        assertThat(c.hasTree()).isTrue();
        // -tv and -tvnn are one tree; -vv and -vvv -nn -D -k one set of functions, the ids filled in from -nn
        assertThat(c.problems()).noneSatisfy(p -> assertThat(p.message()).contains("a second lspci tree"));
        assertThat(c.functions()).filteredOn(f -> f.source() != null && f.source().file().contains("lspci-"))
                .allSatisfy(f -> assertThat(f.vendorId()).as(f.bdf().toString()).isNotNegative());
    }

    @Test
    void collectsAndTheLoaderOpensTheBundle() throws Exception {
        assumeLspci();
        Path work = Files.createDirectories(tmp.resolve("tmpdir"));
        Path bundle = tmp.resolve("b.tar.gz");
        int rc = run(List.of("sh", SCRIPT.toString(), "-o", bundle.toString()), work, null);
        assertThat(rc).isZero();
        assertThat(bundle).isRegularFile();
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left).as("the collector removes its temporary folder").isEmpty();
        }
        Capture c = CaptureLoader.load(List.of(bundle));
        assertBundle(c, isRoot());
    }

    @Test
    void asAnUnprivilegedUserItStillRunsAndSaysSo() throws Exception {
        assumeLspci();
        boolean root = isRoot();
        Path setpriv = onPath("setpriv");
        Path su = onPath("su");
        if (!root || (setpriv == null && su == null)) {
            String why = !root ? "not running as root, so cannot switch to an unprivileged user"
                    : "neither setpriv nor su is installed";
            assumeTrue(false, why);
        }
        // the premise: user 65534 can start a shell at all (a system whose / is closed to others, as a chroot
        // unpacked into a private folder is, cannot run anything as that user, collect.sh or not)
        List<String> probe = setpriv != null
                ? List.of(setpriv.toString(), "--reuid=65534", "--regid=65534", "--clear-groups", "sh", "-c", "true")
                : List.of(su.toString(), "-s", "/bin/sh", "nobody", "-c", "true");
        Path probeDir = Files.createDirectories(tmp.resolve("premise"));
        assumeTrue(run(probe, probeDir, null) == 0, "an unprivileged user cannot start a shell on this system: "
                + Files.readString(stderrOf(probeDir)).strip());
        Path script = tmp.resolve("collect.sh");
        Files.copy(SCRIPT, script);
        Path work = Files.createDirectories(tmp.resolve("nobody-tmp"));
        Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(script, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(work, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Path bundle = tmp.resolve("nobody.tar.gz");
        // the script path travels as an argument ($0 of the inner sh), never inside the command string
        List<String> cmd = setpriv != null
                ? new ArrayList<>(List.of(setpriv.toString(), "--reuid=65534", "--regid=65534", "--clear-groups", "sh",
                        script.toString(), "-o", "-"))
                : new ArrayList<>(List.of(su.toString(), "-s", "/bin/sh", "nobody", "-c", "exec sh \"$0\" -o -",
                        script.toString()));
        int rc = run(cmd, work, bundle);
        assertThat(rc).as("exit status of %s; its stderr:%n%s", cmd, Files.readString(stderrOf(work))).isZero();
        try (Stream<Path> left = Files.list(work)) {
            assertThat(left).isEmpty();
        }
        Capture c = CaptureLoader.load(List.of(bundle));
        assertBundle(c, false);
    }

    @Test
    void refusesUnknownArguments() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("t"));
        assertThat(run(List.of("sh", SCRIPT.toString(), "-q"), work, null)).isEqualTo(2);
        assertThat(Files.readString(stderrOf(work))).contains("-q").contains("usage: collect.sh");
        assertThat(run(List.of("sh", SCRIPT.toString(), "extra"), work, null)).isEqualTo(2);
        assertThat(Files.readString(stderrOf(work))).contains("usage: collect.sh");
    }
}
