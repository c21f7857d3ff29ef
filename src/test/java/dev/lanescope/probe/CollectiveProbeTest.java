package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.p2p.CollectiveProbeRun.OpStatus;

/**
 * The collective probe run for real, without GPUs: a CPU gloo group of two processes, with one rank made to hang, to
 * crash, or both to hang past the whole-run limit. These need torch (Debian: apt-get install python3-torch, about
 * 180 MB, too large for CI's time budget); where no python3 imports torch.distributed they are skipped. The reader and
 * the verdicts are tested without torch on receipts of the same runs (CollectiveProbeParserTest,
 * CollectiveProbeRungTest).
 */
class CollectiveProbeTest {

    static final Path SCRIPT = Path.of("native-probes/collective_probe.py");
    static String python;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findTorch() {
        for (String p : List.of("python3", "/usr/bin/python3")) {
            Commands.Outcome o = Commands.SYSTEM.run(List.of(p, "-c", "import torch.distributed as d; "
                    + "assert d.is_available() and d.is_gloo_available()"), Duration.ofSeconds(120));
            if (o.ok()) {
                python = p;
                return;
            }
        }
    }

    CollectiveProbe.Outcome run(String fault, int groupTimeoutS, int wallS) {
        assumeTrue(python != null, "no python3 with torch.distributed (gloo) here");
        CollectiveProbe.Request r = new CollectiveProbe.Request(python, SCRIPT, "gloo", 0, 1, null, null,
                Duration.ofSeconds(groupTimeoutS), Duration.ofSeconds(wallS), tmp.resolve("c.jsonl"),
                fault == null ? Map.of() : Map.of("LANESCOPE_COLLECTIVE_FAULT", fault));
        return CollectiveProbe.run(r, null);
    }

    @Test
    void aHangIsReportedAndTheFreshSendRecvGroupStillRuns() throws Exception {
        CollectiveProbe.Outcome o = run("1:broadcast:hang", 3, 400);
        assertThat(o.run().ok()).isTrue();
        assertThat(o.reading().ops()).anyMatch(x -> x.op().equals("broadcast") && x.rank() == 1
                && x.status() == OpStatus.HANG);
        assertThat(o.reading().ops()).filteredOn(x -> x.phase().equals("sendrecv"))
                .hasSize(4).allMatch(x -> x.status() == OpStatus.OK);
        // the receipt on disk is what was read
        assertThat(Files.readAllLines(o.receipt())).hasSizeGreaterThan(10);
    }

    @Test
    void aCrashedRankIsNamed() {
        CollectiveProbe.Outcome o = run("0:all_reduce:crash", 3, 400);
        assertThat(o.reading().ops()).anyMatch(x -> x.op().equals("all_reduce") && x.rank() == 0
                && x.status() == OpStatus.CRASH);
        assertThat(o.reading().ended()).isTrue();
    }

    @Test
    void theWholeRunLimitKillsTheProbeAndLeavesAPartialReceipt() throws Exception {
        // both ranks hang in broadcast and the group timeout (300 s) is far past the whole-run limit (60 s): lanescope
        // kills the probe and its ranks; the start line and whatever followed are kept
        CollectiveProbe.Outcome o = run("0:broadcast:hang,1:broadcast:hang", 300, 60);
        assertThat(o.run().status()).isEqualTo(ProbeRun.Status.TIMED_OUT);
        assertThat(o.reading()).isNotNull();
        assertThat(o.reading().ended()).isFalse();
        assertThat(o.problems()).anySatisfy(p -> assertThat(p.message()).contains("killed after 60 s"));
        assertThat(o.problems()).anySatisfy(p -> assertThat(p.message()).contains("stopped before its end line"));
        assertThat(Files.readAllLines(o.receipt()).get(0)).contains("\"kind\"").contains("start");
    }

    @Test
    void aGpuInUseIsNeverProbed() {
        Commands.Runner busy = (cmd, env, dir, t) -> new Commands.Outcome(cmd, 0,
                "4242, /usr/bin/python3 -m sglang.launch_server, 70123 MiB, 00000000:19:00.0\n", "", false, null);
        CollectiveProbe.Request r = CollectiveProbe.Request.of(SCRIPT, 0, 1, Bdf.parse("0000:19:00.0"),
                Bdf.parse("0000:1a:00.0"), tmp.resolve("c.jsonl"));
        CollectiveProbe.Outcome o = CollectiveProbe.run(r, new GpuUsers(busy, tmp));
        assertThat(o.run()).isNull();
        assertThat(o.refused()).startsWith("not started").contains("pid 4242").contains("0000:19:00.0");
        assertThat(tmp.resolve("c.jsonl")).doesNotExist();
    }

    @Test
    void theCommandIsAnArgumentList() {
        CollectiveProbe.Request r = CollectiveProbe.Request.of(SCRIPT, 2, 3, null, null, Path.of("out.jsonl"));
        assertThat(CollectiveProbe.command(r)).containsExactly("python3", SCRIPT.toString(), "--backend", "nccl",
                "--devices", "2,3", "--timeout", "25", "--out", "out.jsonl");
    }

    @Test
    void theScriptIsFoundInTheTreeOrUnpackedFromTheJar() throws Exception {
        assertThat(CollectiveProbe.script(null, tmp)).isEqualTo(Path.of("native-probes/collective_probe.py"));
        // no such folder: the copy bundled on the class path (target/classes) is written into the cache
        Path unpacked = CollectiveProbe.script(tmp.resolve("nowhere"), tmp.resolve("cache"));
        assertThat(unpacked).startsWith(tmp.resolve("cache"));
        assertThat(Files.readString(unpacked)).isEqualTo(Files.readString(SCRIPT));
    }
}
