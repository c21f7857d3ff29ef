package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

/** The runner against the fake probe: recorded H200 lines, a crash, a hang, junk lines, no GPU. Never a GPU. */
class ProbeRunnerTest {

    private final List<ProbeEvent> events = new CopyOnWriteArrayList<>();

    @Test
    void fullRunStreamsEveryRecordedLineAsTypedEvents() {
        ProbeRun run = ProbeRunner.run(FakeProbe.command("ok"), null, Duration.ofSeconds(30), events::add);
        assertThat(run.status()).isEqualTo(ProbeRun.Status.COMPLETED);
        assertThat(run.results()).hasSize(64);
        assertThat(run.start().tool()).isEqualTo("pcie_bw");
        assertThat(run.start().busIdOf(0)).isEqualTo("0000:00:06.0");
        assertThat(run.plannedResults()).isEqualTo(64);
        ProbeResult r = run.results().stream().filter(x -> x.bytes() == 1L << 30 && x.series().equals("pinned h2d_async"))
                .findFirst().orElseThrow();
        assertThat(r.gbPerS()).isEqualTo(54.67, org.assertj.core.data.Offset.offset(0.01));
        assertThat(events).first().isInstanceOf(ProbeEvent.Start.class);
        assertThat(events).last().isInstanceOf(ProbeEvent.End.class);
        assertThat(events.stream().filter(e -> e instanceof ProbeEvent.Progress).count()).isEqualTo(64);
        assertThat(run.otherLines()).extracting(ProbeEvent.Other::kind).containsOnly("verify");
        assertThat(run.stderr()).contains("fake_probe args: --gpu 0 --quick");
        assertThat(run.summary()).startsWith("probe finished: 64 of 64 results");
    }

    @Test
    void crashMidSweepKeepsPartialResultsAndStderr() {
        ProbeRun run = ProbeRunner.run(FakeProbe.command("crash"), null, Duration.ofSeconds(30), events::add);
        assertThat(run.status()).isEqualTo(ProbeRun.Status.FAILED);
        assertThat(run.exitCode()).isEqualTo(4);
        assertThat(run.results()).hasSize(9); // the first 20 lines: start, 9 results, their progress, one verify
        assertThat(run.end()).isNull();
        assertThat(run.stderrLines()).anyMatch(l -> l.contains("cudaErrorLaunchFailure"));
        assertThat(run.summary()).contains("probe failed (exit 4)").contains("cudaErrorLaunchFailure")
                .contains("partial results kept, 9 of 64 results");
    }

    @Test
    void segfaultKeepsWhatWasPrinted() {
        ProbeRun run = ProbeRunner.run(FakeProbe.command("segv"), null, Duration.ofSeconds(30), null);
        assertThat(run.status()).isEqualTo(ProbeRun.Status.FAILED);
        assertThat(run.exitCode()).isNotZero();
        assertThat(run.results()).isNotEmpty();
    }

    @Test
    void overItsTimeLimitItIsKilledAndPartialResultsKept() {
        long t0 = System.nanoTime();
        ProbeRun run = ProbeRunner.run(FakeProbe.command("hang"), null, Duration.ofSeconds(2), events::add);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(run.status()).isEqualTo(ProbeRun.Status.TIMED_OUT);
        assertThat(ms).isLessThan(15_000);
        assertThat(run.results()).hasSize(5);
        assertThat(run.notes()).anyMatch(n -> n.startsWith("killed after 2 s"));
        assertThat(run.summary()).contains("killed after its time limit").contains("5 of 64 results");
    }

    @Test
    void cancelKillsTheProbeAndKeepsPartialResults() throws Exception {
        ProbeRunner.Running r = ProbeRunner.start(FakeProbe.command("hang"), null, Duration.ofSeconds(60), events::add);
        long deadline = System.currentTimeMillis() + 10_000;
        while (r.resultsSoFar().size() < 5 && System.currentTimeMillis() < deadline) Thread.sleep(20);
        r.cancel();
        ProbeRun run = r.await();
        assertThat(run.status()).isEqualTo(ProbeRun.Status.CANCELLED);
        assertThat(run.results()).hasSize(5);
        assertThat(run.wall()).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void nonJsonLinesAreIgnoredWithANote() {
        ProbeRun run = ProbeRunner.run(FakeProbe.command("junk"), null, Duration.ofSeconds(30), events::add);
        assertThat(run.status()).isEqualTo(ProbeRun.Status.COMPLETED);
        assertThat(run.results()).hasSize(64);
        assertThat(run.notes()).contains("non-JSON line ignored: WARNING: nvidia driver message on stdout",
                "non-JSON line ignored: this is not json {", "non-JSON line ignored: [1,2,3]");
        assertThat(run.unparsedLines()).hasSize(3);
        assertThat(events).filteredOn(e -> e instanceof ProbeEvent.Note).hasSize(3);
    }

    @Test
    void noGpuIsTheProbesExit3() {
        ProbeRun run = ProbeRunner.run(FakeProbe.command("nodev"), null, Duration.ofSeconds(30), null);
        assertThat(run.status()).isEqualTo(ProbeRun.Status.FAILED);
        assertThat(run.noDevice()).isTrue();
        assertThat(run.summary()).contains("no CUDA device");
    }

    @Test
    void aBinaryThatDoesNotExistIsReportedNotThrown() {
        ProbeRun run = ProbeRunner.run(List.of("/nonexistent/pcie_bw", "--gpu", "0"), null, Duration.ofSeconds(5), null);
        assertThat(run.status()).isEqualTo(ProbeRun.Status.NOT_STARTED);
        assertThat(run.summary()).startsWith("probe could not start");
    }

    @Test
    void argumentsAreAList() {
        assertThat(ProbeRunner.arguments(java.nio.file.Path.of("/c/pcie_bw"), 1, "3M,1G", true, null))
                .containsExactly("/c/pcie_bw", "--gpu", "1", "--sizes", "3M,1G", "--quick");
    }

    @Test
    void eventsArePublishedInBatchesNotOnePerLine() {
        List<List<ProbeEvent>> batches = new CopyOnWriteArrayList<>();
        ProbeRun run;
        try (EventBatcher b = new EventBatcher(200, batches::add)) {
            run = ProbeRunner.run(FakeProbe.command("ok"), null, Duration.ofSeconds(30), b);
        }
        int lines = batches.stream().mapToInt(List::size).sum();
        assertThat(lines).isEqualTo(138); // every recorded line, in order
        assertThat(batches.size()).isLessThan(20);
        assertThat(batches.get(0).get(0)).isInstanceOf(ProbeEvent.Start.class);
        assertThat(batches.get(batches.size() - 1)).last().isInstanceOf(ProbeEvent.End.class);
        assertThat(run.ok()).isTrue();
    }
}
