package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.parse.Samples;

/**
 * The hostile files of issue 13, run through the command line as a user would: each refused or read with a
 * clear message, an exit status a script can trust, and a bound (a watchdog that fails a hang, or a 512 MiB heap
 * in a child JVM that fails a blow-up). No timing is asserted: the watchdogs are minutes above the work.
 */
class HostileInputTest {

    /** Fails a run that makes no progress (a FIFO read, a backtracking pattern), without timing a good one. */
    private static final Duration WATCHDOG = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    private static CliRun run(String... args) {
        return assertTimeoutPreemptively(WATCHDOG, () -> CliRun.of(args));
    }

    private Path fifo() throws Exception {
        Path f = dir.resolve("capture.fifo");
        Process p = new ProcessBuilder(List.of("mkfifo", f.toString())).redirectErrorStream(true).start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        return f;
    }

    @Test
    void aDeviceOrFifoNamedOnTheCommandLineIsRefusedByNameWithoutReadingIt() throws Exception {
        Path fifo = fifo();
        for (String[] args : new String[][] {{"analyze", "/dev/zero"}, {"analyze", fifo.toString()},
                {"diff", "/dev/urandom", fifo.toString()}, {"receipt", fifo.toString()},
                {"ceiling", "--receipt", "/dev/zero", "--active-bytes", "1G", "--ram", "50"}}) {
            CliRun r = run(args);
            assertThat(r.exit()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).contains("not a regular file (a device, FIFO or socket)")
                    .containsAnyOf("/dev/zero", "/dev/urandom", fifo.toString());
        }
    }

    @Test
    void aReceiptWithAHugeNumberOrDeepNestingIsRefusedWithTheReasonNotAStackTrace() throws IOException {
        Path big = dir.resolve("big.json");
        Files.writeString(big, "{\"schema\":\"lanescope-receipt/1\",\"results\":[{\"kind\":\"result\",\"bytes\":1"
                + "0".repeat(1200) + "}]}");
        Path deep = dir.resolve("deep.json");
        Files.writeString(deep, "{\"results\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}");
        for (Path p : List.of(big, deep)) {
            for (CliRun r : List.of(run("receipt", p.toString()),
                    run("ceiling", "--receipt", p.toString(), "--active-bytes", "1G", "--ram", "50"))) {
                assertThat(r.exit()).isEqualTo(2);
                assertThat(r.err()).contains(p.toString()).containsAnyOf("a number longer than 64 digits",
                        "nested more than 64 levels deep").doesNotContain("Exception").doesNotContain("\tat ");
            }
        }
    }

    private Path receipt(String name, String memory, String gbPerS) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "{\"schema\":\"lanescope-receipt/1\",\"link\":{\"before\":{\"gpu\":{\"currentLinkSpeed\":"
                + "\"16.0 GT/s PCIe\",\"currentLinkWidth\":16,\"maxLinkSpeed\":\"16.0 GT/s PCIe\",\"maxLinkWidth\":16}}},"
                + "\"results\":[{\"kind\":\"result\",\"memory\":\"" + memory + "\",\"mode\":\"h2d_async\",\"direction\":"
                + "\"h2d\",\"bytes\":1073741824,\"medianMs\":50.0,\"gbPerS\":" + gbPerS + "}]}");
        return p;
    }

    @Test
    void impossibleReceiptNumbersAreRefusedWithTheFieldAndThePhysics() throws IOException {
        Path infinite = receipt("inf.json", "pinned", "\"Infinity\"");
        Path negative = receipt("neg.json", "pinned", "-3");
        Path tooFast = receipt("fast.json", "pinned", "40.0"); // Gen4 x16 carries 31.5 GB/s
        for (Path p : List.of(infinite, negative, tooFast)) {
            for (CliRun r : List.of(run("receipt", p.toString()),
                    run("ceiling", "--receipt", p.toString(), "--active-bytes", "1G", "--ram", "50"))) {
                assertThat(r.exit()).as(p.toString()).isEqualTo(2);
                assertThat(r.err()).contains(p.toString()).contains("results[0].gbPerS")
                        .containsAnyOf("is infinite", "is negative", "faster than the receipt's link (Gen4 x16)");
                assertThat(r.out()).doesNotContain("GB/s");
            }
        }
        CliRun fine = run("receipt", receipt("ok.json", "pinned", "25.1").toString());
        assertThat(fine.exit()).isZero();
    }

    @Test
    void aReceiptWithOnlyManagedMemoryAndAnImpossibleLinkWidthExitTwoNamingTheField() throws IOException {
        CliRun managed = run("ceiling", "--receipt", receipt("managed.json", "managed", "20").toString(),
                "--active-bytes", "1G", "--ram", "50");
        assertThat(managed.exit()).isEqualTo(2);
        assertThat(managed.err()).contains("results[].memory").contains("[managed h2d_async]")
                .doesNotContain("Exception");
        CliRun wide = run("ceiling", "--link", "gen4x99", "--active-bytes", "1G", "--ram", "50");
        assertThat(wide.exit()).isEqualTo(2);
        assertThat(wide.err()).contains("--link").contains("width x99 does not exist");
    }

    /** A .tar.gz of a few hundred KiB that holds {@code entries} x {@code mib} MiB of repeated lines. */
    private Path bomb(int entries, int mib, String line) throws IOException {
        Path p = dir.resolve("bomb.tar.gz");
        byte[] chunk = line.repeat((1 << 20) / line.length()).getBytes(StandardCharsets.UTF_8);
        try (OutputStream f = Files.newOutputStream(p);
             GzipCompressorOutputStream gz = new GzipCompressorOutputStream(f);
             TarArchiveOutputStream tar = new TarArchiveOutputStream(gz)) {
            for (int e = 0; e < entries; e++) {
                TarArchiveEntry t = new TarArchiveEntry("bundle/part" + e + ".txt");
                t.setSize((long) chunk.length * mib);
                tar.putArchiveEntry(t);
                for (int i = 0; i < mib; i++) tar.write(chunk);
                tar.closeArchiveEntry();
            }
        }
        return p;
    }

    /** Runs the real command line in a child JVM with a 512 MiB heap, as a fleet script would. */
    private static ChildRun child(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes(); // ends when the child ends
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("the child run ended").isTrue();
        return new ChildRun(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private record ChildRun(int exit, String output) {
    }

    @Test
    void anArchiveBombStopsAtTheCaptureBudgetInA512MiBHeapWithOneMessagePerKind() throws Exception {
        // 12 entries of 8 MiB (96 MiB of text from a file of about 100 KiB): past the 64 MiB a capture may hold
        Path bomb = bomb(12, 8, "not a capture line at all\n");
        assertThat(Files.size(bomb)).isLessThan(1 << 20);
        ChildRun r = child("analyze", bomb.toString());
        assertThat(r.output()).doesNotContain("OutOfMemoryError").doesNotContain("ran out of memory");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.output()).contains("more than 64 MiB of files, the most this tool reads");
        // the output is bounded by the kinds of problem, not by the 3.6 million bad lines
        assertThat(r.output().length()).isLessThan(64 * 1024);
    }

    @Test
    void aCaptureAtTheDocumentedLimitsLoadsInA512MiBHeap() throws Exception {
        // four 16 MiB files (64 MiB, the capture limit) of the shortest lines that still parse as -vv text
        Path cap = Files.createDirectory(dir.resolve("at-limits"));
        String vv = String.join("\n", Samples.lines("dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt")) + "\n";
        byte[] record = vv.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 4; i++) {
            try (OutputStream o = Files.newOutputStream(cap.resolve("vv" + i + ".txt"))) {
                long written = 0;
                while (written + record.length <= (16L << 20)) {
                    o.write(record);
                    written += record.length;
                }
            }
        }
        ChildRun r = child("analyze", cap.toString());
        assertThat(r.output()).doesNotContain("OutOfMemoryError").doesNotContain("ran out of memory");
        assertThat(r.exit()).as(r.output().substring(0, Math.min(2000, r.output().length()))).isZero();
        assertThat(r.output()).contains("times in this file");
        assertThat(r.output().length()).isLessThan(256 * 1024);
    }

    @Test
    void exportsGetTheUsersFileModeForEveryFormatAndRemoveALeftoverOfAKilledExport() throws Exception {
        Path dot = dir.resolve("g.dot");
        Path leftover = dir.resolve(".g.dot.2147483647.lanescope-tmp"); // pid far above any live one
        Files.writeString(leftover, "half a graph");
        Path graphml = dir.resolve("g.graphml");
        Path csv = dir.resolve("c.csv");
        String sample = Samples.path("dell-optiplex-xe3-i7-8700-quadro-p2000").toString();
        assertThat(run("export", sample, "--dot", dot.toString(), "--graphml", graphml.toString()).exit()).isZero();
        assertThat(run("ceiling", "--h2d", "7.877", "--ram-preset", "ddr5-6000", "--active-bytes", "10G", "--csv",
                csv.toString()).exit()).isZero();
        Path plain = Files.createFile(dir.resolve("plain.txt")); // what the umask gives any new file
        Set<PosixFilePermission> umask = Files.getPosixFilePermissions(plain);
        for (Path p : List.of(dot, graphml, csv)) {
            assertThat(Files.getPosixFilePermissions(p)).as(p.toString()).isEqualTo(umask);
        }
        assertThat(leftover).doesNotExist();
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp")
                    || n.endsWith(".lanescope-tmp"));
        }
    }
}
