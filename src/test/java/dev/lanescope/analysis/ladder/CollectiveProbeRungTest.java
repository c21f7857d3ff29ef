package dev.lanescope.analysis.ladder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.ladder.CollectiveProbeRung.Matrix;
import dev.lanescope.analysis.ladder.CollectiveProbeRung.Verdict;
import dev.lanescope.model.p2p.CollectiveProbeRun;
import dev.lanescope.model.p2p.CollectiveProbeRun.OpOutcome;
import dev.lanescope.model.p2p.RungStatus;
import dev.lanescope.parse.p2p.CollectiveProbeParser;
import dev.lanescope.parse.p2p.P2pFixtures;

/**
 * The probe matrix: broadcast/all_reduce/barrier failing means tensor parallel is dead; send/recv alone failing too
 * means pipeline parallel is dead too. The receipts are real CPU (gloo) runs; read as if the backend had been NCCL
 * (the backend field is the only change) so the GPU verdicts can be shown on real fault shapes.
 */
class CollectiveProbeRungTest {

    static CollectiveProbeRun asNccl(String f) {
        CollectiveProbeRun r = CollectiveProbeParser.parse(f, P2pFixtures.lines(f)).value();
        return new CollectiveProbeRun(r.file(), "nccl", r.devices(), r.busIds(), r.timeoutS(), r.versions(), r.ops(),
                r.ended(), r.endError());
    }

    @Test
    void aHangInAllReduceKillsTensorParallelWhileSendRecvAloneStillWorks() {
        Matrix m = CollectiveProbeRung.judge(asNccl("collective-gloo-hang-all_reduce.jsonl"));
        assertThat(m.tensorParallel()).isEqualTo(Verdict.DEAD);
        assertThat(m.pipelineParallel()).isEqualTo(Verdict.WORKS);
        assertThat(m.finding().status()).isEqualTo(RungStatus.FAIL);
        assertThat(m.finding().headline()).startsWith("Tensor parallel is dead here: all_reduce timed out on rank 0 "
                + "and hung (no answer in 13 s) on rank 1.")
                .contains("Pipeline parallel still works");
        assertThat(m.finding().next()).contains("AMD_LOG_LEVEL=3").contains("NCCL_DEBUG=INFO");
    }

    @Test
    void aCrashInSendRecvAloneKillsPipelineParallel() {
        Matrix m = CollectiveProbeRung.judge(asNccl("collective-gloo-crash-sendrecv.jsonl"));
        assertThat(m.tensorParallel()).isEqualTo(Verdict.WORKS);
        assertThat(m.pipelineParallel()).isEqualTo(Verdict.DEAD);
        assertThat(m.finding().headline()).contains("Pipeline parallel is dead here: send/recv, alone in a fresh "
                + "group, rank 0 sending to rank 1 failed on rank 0 and crashed on rank 1.");
    }

    @Test
    void bothDeadReadsAsTheMatrixSays() {
        // the hang receipt's collectives with the crash receipt's send/recv: the chipset-card column of the matrix
        CollectiveProbeRun hang = asNccl("collective-gloo-hang-all_reduce.jsonl");
        CollectiveProbeRun crash = asNccl("collective-gloo-crash-sendrecv.jsonl");
        List<OpOutcome> ops = new ArrayList<>(hang.ops().stream().filter(o -> o.phase().equals("collectives")).toList());
        ops.addAll(crash.ops().stream().filter(o -> o.phase().equals("sendrecv")).toList());
        CollectiveProbeRun both = new CollectiveProbeRun("both", "nccl", hang.devices(), hang.busIds(), 25, null, ops,
                true, null);
        Matrix m = CollectiveProbeRung.judge(both);
        assertThat(m.finding().headline()).startsWith("Tensor parallel is dead here")
                .contains("Pipeline parallel is dead too: send/recv, alone in a fresh group,");
    }

    @Test
    void aHealthyRunPassesButOnlyOnGpus() {
        assertThat(CollectiveProbeRung.judge(asNccl("collective-gloo-ok.jsonl")).finding().status())
                .isEqualTo(RungStatus.PASS);
        CollectiveProbeRun cpu = CollectiveProbeParser.parse("ok", P2pFixtures.lines("collective-gloo-ok.jsonl")).value();
        Matrix m = CollectiveProbeRung.judge(cpu);
        assertThat(m.finding().status()).isEqualTo(RungStatus.NOT_PROVEN);
        assertThat(m.finding().headline()).contains("CPU backend (gloo)");
        assertThat(CollectiveProbeRung.judge(null).finding().next()).contains("collective_probe.py");
    }
}
