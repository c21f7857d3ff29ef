package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.capture.LadderEvidenceLoader;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Severity;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.parse.CatchAll;
import dev.lanescope.parse.Samples;

/**
 * The hostile evidence files, bundles and tables of issue 21, read as a user feeds them: every bad number is a
 * located warning, nothing ends as an internal error. A watchdog (minutes above the work) fails a hang; no timing
 * is asserted.
 */
class HostileReadersTest {

    private static final Duration WATCHDOG = Duration.ofSeconds(120);
    private static final String X99 = "src/test/resources/ladder/x99-two-r9700-reconstructed";
    private static final String HUGE = "99999999999999999999999";

    @TempDir
    Path dir;

    private static CliRun run(String... args) {
        return assertTimeoutPreemptively(WATCHDOG, () -> CliRun.of(args));
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void anExitStatusTooBigForAnIntInAManifestIsAWarningAtItsLineAndTheCaptureIsRead() throws Exception {
        Path folder = dir.resolve("bundle");
        Files.createDirectories(folder);
        Files.write(folder.resolve("lspci-vv.txt"), Samples.lines("dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt"));
        write("bundle/MANIFEST", "# lanescope collect.sh 1\nlspci-vv.txt\t0\tlspci -vv\n"
                + "nvidia-smi.txt\t99999999999\tnvidia-smi\n");
        Capture c = CaptureLoader.load(List.of(folder));
        CatchAll.assertNone(c.problems());
        assertThat(c.functions()).isNotEmpty();
        assertThat(c.problems()).anySatisfy(p -> {
            assertThat(p.file()).isEqualTo("bundle/MANIFEST");
            assertThat(p.line()).isEqualTo(3);
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
            assertThat(p.message()).startsWith("exit status '99999999999'");
        });
        for (String cmd : List.of("analyze", "ladder", "export")) {
            CliRun r = cmd.equals("export") ? run(cmd, folder.toString(), "--dot", dir.resolve("g.dot").toString())
                    : run(cmd, folder.toString());
            assertThat(r.exit()).as(cmd + r.err()).isZero();
            assertThat(r.err()).as(cmd).doesNotContain("internal error");
        }
    }

    @Test
    void outOfRangeNumbersInEveryEvidenceFormatAreLocatedWarnings() throws Exception {
        Path nccl = write("nccl-tests.txt", "# nThread " + HUGE + " nGpus 2\n"
                + "#  Rank " + HUGE + " Group  0 Pid 1 on host device  0 [0x03] AMD Radeon\n"
                + "#       size         count      type   redop    root     time   algbw   busbw #wrong\n"
                + "  " + HUGE + "   2   float     sum      -1    10.0    0.00    0.00      0\n"
                + "        1024           256     float     sum      -1    1e999    0.01    0.01      0\n"
                + "        2048           512     float     sum      -1    10.0    0.20    0.20      0\n");
        Path log = write("nccl.log", "host:1:1 [0] NCCL INFO Channel " + HUGE + "/0 : 0[3000] -> 1[4000] via P2P/IPC\n"
                + "host:1:1 [0] NCCL INFO comm 0x5 rank " + HUGE + " nranks 2 cudaDev 0 busId 3000 - Init COMPLETE\n"
                + "host:1:1 [0] NCCL INFO Channel 00/0 : 0[3000] -> 1[4000] via P2P/IPC\n");
        Path tb = write("transferbench.txt", "TransferBench v1.50\nBytes Per Direction " + HUGE + "\nTest 1:\n"
                + "Transfer 00 | 1.2.3 GB/s | 2.002 ms | 67108864 bytes | G0 -> GPU00:004 -> G1\n"
                + "Transfer 01 | 30.5 GB/s | 2.002 ms | " + HUGE + " bytes | G0 -> GPU" + HUGE + ":004 -> G1\n"
                + "Transfer 02 | 30.5 GB/s | 2.002 ms | 67108864 bytes | G1 -> GPU01:004 -> G0\n");
        Path kernel = write("kernel-p2p.txt", "[ 3.1] amdgpu 0000:03:00.0: amdgpu: Detected VRAM RAM=" + HUGE
                + "M, BAR=256M\n/sys/bus/pci/devices/0000:03:00.0/dma_mask_bits:" + HUGE + "\nCPU family: " + HUGE + "\n");
        LadderEvidence ev = LadderEvidenceLoader.load(List.of(nccl, log, tb, kernel));
        CatchAll.assertNone(ev.problems());
        assertThat(ev.problems()).filteredOn(p -> p.severity() == Severity.WARNING)
                .extracting(p -> p.file().substring(p.file().lastIndexOf('/') + 1) + ":" + p.line())
                .contains("nccl-tests.txt:1", "nccl-tests.txt:2", "nccl-tests.txt:4", "nccl-tests.txt:5",
                        "nccl.log:1", "nccl.log:2", "transferbench.txt:2", "transferbench.txt:4",
                        "transferbench.txt:5", "kernel-p2p.txt:1", "kernel-p2p.txt:2", "kernel-p2p.txt:3");
        assertThat(ev.tables()).singleElement().satisfies(t -> assertThat(t.rows()).hasSize(1));
        assertThat(ev.ncclLogs()).singleElement().satisfies(l -> assertThat(l.channels()).hasSize(1));
        CliRun r = run("ladder", X99, "--evidence", nccl.toString(), log.toString(), tb.toString(), kernel.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).doesNotContain("internal error");
        CliRun s = run("scaling", "--model", "qwen3-30b-a3b", "--gpu", "mi50", "--allreduce-table", nccl.toString());
        assertThat(s.exit()).as(s.err()).isIn(0, 2);
        assertThat(s.err()).doesNotContain("internal error").contains("nccl-tests.txt:4");
    }
    private static final String TABLE = "src/test/resources/scaling/all_reduce_perf-2x-rtx2080ti-pix.txt";

    private Path fifo() throws Exception {
        Path f = dir.resolve("table.fifo");
        Process p = new ProcessBuilder(List.of("mkfifo", f.toString())).redirectErrorStream(true).start();
        assertThat(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        return f;
    }

    @Test
    void anAllReduceTableIsReadWithTheCapturesBoundsAndRefusalsSaySoPlainly() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("tables"));
        Path sparse = dir.resolve("sparse.txt");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(sparse.toFile(), "rw")) {
            f.setLength(2L << 30); // 2 GiB of holes: nothing is written, a reader without a bound would take it all
        }
        Path fifo = fifo();
        String[][] cases = {{"/dev/zero", "not a regular file"}, {"/dev/urandom", "not a regular file"},
                {fifo.toString(), "not a regular file"}, {folder.toString(), "is a folder, not a file"},
                {sparse.toString(), "is larger than 16 MiB"}, {dir.resolve("none.txt").toString(), "does not exist"}};
        for (String[] c : cases) {
            CliRun r = run("scaling", "--gpu", "mi50", "--allreduce-table", c[0]);
            assertThat(r.exit()).as(c[0] + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).as(c[0]).contains("--allreduce-table", c[0], c[1]).doesNotContain("Exception");
        }
    }

    @Test
    void aUtf16AllReduceTableIsRead() throws Exception {
        String text = Files.readString(Path.of(TABLE), StandardCharsets.ISO_8859_1);
        Path le = dir.resolve("all_reduce_perf-utf16.txt");
        Files.write(le, text.getBytes(StandardCharsets.UTF_16)); // big-endian with a byte-order mark
        CliRun plain = run("scaling", "--model", "qwen3-30b-a3b", "--gpu", "2080ti", "--allreduce-table", TABLE);
        CliRun utf16 = run("scaling", "--model", "qwen3-30b-a3b", "--gpu", "2080ti", "--allreduce-table", le.toString());
        assertThat(utf16.exit()).as(utf16.err()).isZero();
        assertThat(utf16.out()).isEqualTo(plain.out().replace(TABLE, le.toString()));
    }

    @Test
    void aFifoOrDeviceGivenAsATextFileIsRefusedWithoutBeingOpened() throws Exception {
        Path fifo = fifo();
        var r = assertTimeoutPreemptively(WATCHDOG, () -> dev.lanescope.capture.TextFile.lines(fifo));
        assertThat(r.value()).isNull();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo(fifo.toString());
            assertThat(p.severity()).isEqualTo(Severity.ERROR);
        });
    }
    @Test
    void aLargeEvidenceFileOfJunkRowsGivesOneWarningWithItsCount() throws Exception {
        StringBuilder b = new StringBuilder("#       size         count      type   redop    root     time   algbw   busbw\n");
        String junk = "        1024           256     float     sum      -1    fast    0.01    0.01\n";
        while (b.length() < 12 << 20) b.append(junk);
        b.append("        2048           512     float     sum      -1    10.0    0.20    0.20\n");
        Path f = write("sendrecv_perf.txt", b.toString());
        CliRun r = run("ladder", X99, "--evidence", f.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err().lines().count()).isLessThan(10);
        assertThat(r.err()).contains("sendrecv_perf.txt:2: warning: time 'fast' is not a number").contains("times in this file");
        CliRun s = run("scaling", "--gpu", "mi50", "--allreduce-table", f.toString());
        assertThat(s.err().lines().count()).isLessThan(10);
    }
    @Test
    void aReceiptNamingALinkNoPcieHasIsRefusedNotShownAsGen99() throws Exception {
        String receipt = Files.readString(Path.of("docs/bench/receipt-h200.json"))
                .replace("\"pcie.link.gen.max\": 5", "\"pcie.link.gen.max\": 99");
        Path f = write("gen99.json", receipt);
        CliRun r = run("receipt", f.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("gen99.json", "generation 99 is not a PCIe generation");
        assertThat(r.out()).doesNotContain("Gen99");
    }

    @Test
    void anUnusableCaptureIsFiledUnderThePathGivenNotItsLabel() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("nothing-here"));
        write("nothing-here/notes.txt", "just words\n");
        Capture c = CaptureLoader.load(List.of(empty));
        assertThat(c.problems()).filteredOn(p -> p.severity() == Severity.ERROR)
                .anySatisfy(p -> assertThat(p.file()).isEqualTo(empty.toString()));
    }
}
