package dev.lanescope.parse.p2p;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Severity;
import dev.lanescope.model.p2p.CollectiveProbeRun;
import dev.lanescope.model.p2p.CollectiveProbeRun.OpStatus;
import dev.lanescope.parse.ParseResult;

/**
 * Receipts of native-probes/collective_probe.py, real runs on a CPU gloo group of two processes (no GPU here), one
 * healthy, one with rank 1 made to hang in all_reduce, one with rank 1 made to crash in send/recv
 * (LANESCOPE_COLLECTIVE_FAULT; resources/p2p/source.txt).
 */
class CollectiveProbeParserTest {

    static CollectiveProbeRun read(String f) {
        ParseResult<CollectiveProbeRun> r = CollectiveProbeParser.parse(f, P2pFixtures.lines(f));
        assertThat(r.problems()).isEmpty();
        return r.value();
    }

    @Test
    void aHealthyRunHasEveryOpOkOnBothRanks() {
        CollectiveProbeRun run = read("collective-gloo-ok.jsonl");
        assertThat(run.backend()).isEqualTo("gloo");
        assertThat(run.timeoutS()).isEqualTo(5.0);
        assertThat(run.ended()).isTrue();
        // 3 collectives + 2 send/recv directions, each on 2 ranks
        assertThat(run.ops()).hasSize(10).allMatch(o -> o.status() == OpStatus.OK);
    }

    @Test
    void aHangIsReadWithTheOtherRanksTimeoutAndTheOpsNotRun() {
        CollectiveProbeRun run = read("collective-gloo-hang-all_reduce.jsonl");
        assertThat(run.ops()).anySatisfy(o -> {
            assertThat(o.op()).isEqualTo("all_reduce");
            assertThat(o.rank()).isEqualTo(1);
            assertThat(o.status()).isEqualTo(OpStatus.HANG);
        });
        assertThat(run.ops()).anySatisfy(o -> {
            assertThat(o.op()).isEqualTo("all_reduce");
            assertThat(o.rank()).isZero();
            assertThat(o.status()).isEqualTo(OpStatus.FAIL);
            assertThat(o.error()).contains("Timed out");
        });
        assertThat(run.ops()).anySatisfy(o -> {
            assertThat(o.op()).isEqualTo("barrier");
            assertThat(o.status()).isEqualTo(OpStatus.NOT_RUN);
        });
    }

    @Test
    void aCrashIsNamedAtTheOpItHappenedIn() {
        CollectiveProbeRun run = read("collective-gloo-crash-sendrecv.jsonl");
        assertThat(run.ops()).anySatisfy(o -> {
            assertThat(o.phase()).isEqualTo("sendrecv");
            assertThat(o.op()).isEqualTo("send_recv_0_to_1");
            assertThat(o.rank()).isEqualTo(1);
            assertThat(o.status()).isEqualTo(OpStatus.CRASH);
            assertThat(o.error()).contains("exit code 9");
        });
    }

    @Test
    void aReceiptCutShortKeepsItsLinesAndSaysSo() {
        List<String> all = P2pFixtures.lines("collective-gloo-hang-all_reduce.jsonl");
        ParseResult<CollectiveProbeRun> r = CollectiveProbeParser.parse("cut.jsonl", all.subList(0, 4));
        assertThat(r.value().ended()).isFalse();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
            assertThat(p.message()).contains("stopped before its end line");
        });
        ParseResult<CollectiveProbeRun> junk = CollectiveProbeParser.parse("x.txt", List.of("Traceback (most recent"));
        assertThat(junk.value()).isNull();
        assertThat(junk.problems()).extracting(p -> p.line()).containsExactly(1, 0);
    }

    @Test
    void theSameReadsOnTorch2AndTheOneGpuRefusalIsNotAReceipt() {
        // torch 2.11 words gloo's timeout differently ("unbound_buffer.cc:78] Timed out"); the outcomes are the same
        CollectiveProbeRun run = read("collective-gloo-torch2-hang.jsonl");
        assertThat(run.versions()).startsWith("torch 2.11.0");
        assertThat(run.ops()).anyMatch(o -> o.op().equals("all_reduce") && o.rank() == 1
                && o.status() == OpStatus.HANG);
        assertThat(run.ops()).filteredOn(o -> o.phase().equals("sendrecv")).hasSize(4)
                .allMatch(o -> o.status() == OpStatus.OK);
        // one GPU: the probe refuses (exit 3) with one end line; the reader says the probe did not start, and why
        ParseResult<CollectiveProbeRun> one = CollectiveProbeParser.parse("c.jsonl",
                P2pFixtures.lines("collective-h200x1-nccl.jsonl"));
        assertThat(one.value()).isNull();
        assertThat(one.problems()).singleElement().satisfies(p -> assertThat(p.message())
                .startsWith("the collective probe did not start: needs two GPUs, torch sees 1"));
    }
}
