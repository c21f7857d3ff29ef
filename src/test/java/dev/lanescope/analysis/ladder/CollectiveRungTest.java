package dev.lanescope.analysis.ladder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.p2p.ChannelTransport;
import dev.lanescope.model.p2p.CollectiveOp;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.RungFinding;
import dev.lanescope.model.p2p.RungStatus;
import dev.lanescope.parse.p2p.NcclLogParser;
import dev.lanescope.parse.p2p.P2pFixtures;

/**
 * Rung 7 on the worked case: RCCL send/receive at 1 GiB reached 9.75 GB/s after the fix (94.7 % of the 10.29 GB/s push
 * copy) and 6.90 GB/s before it, when its log showed SHM; all-reduce bus bandwidth 9.51 after the fix.
 */
class CollectiveRungTest {

    static CollectiveTable table(CollectiveOp op, double bus) {
        CollectiveTable.Row row = new CollectiveTable.Row(1L << 30, 1L << 28, "float", "sum", -1, 1e5, bus, bus,
                Double.NaN, Double.NaN, 40);
        return new CollectiveTable("rccl.txt", op, "the command line above the table", 2, List.of("R9700", "R9700"),
                List.of(), List.of(row), Double.NaN, 40);
    }

    @Test
    void sendRecvAt947PercentOfTheCopyPasses() {
        RungFinding f = CollectiveRung.judge(List.of(table(CollectiveOp.SENDRECV, 9.75)), List.of(), 10.29);
        assertThat(f.status()).isEqualTo(RungStatus.PASS);
        // 9.75 / 10.29 = 0.9475
        assertThat(f.headline()).startsWith("Send/receive reaches 9.75 GB/s bus bandwidth at 1 GiB, 94.8 % of the "
                + "10.29 GB/s direct copy.");
        assertThat(f.evidence()).singleElement().satisfies(e -> assertThat(e.line()).isEqualTo(40));
        // no log: the number passes, and the next step is to keep the log that confirms the path
        assertThat(f.next()).contains("NCCL_DEBUG=INFO");
    }

    @Test
    void theStockRunWithShmInItsLogFails() {
        // a real log whose channels between the two ranks all go SHM/direct/direct
        List<String> lines = P2pFixtures.lines("nccl-shm-h800-issue1609.log");
        NcclLog log = NcclLogParser.parse("nccl.log", lines).value();
        List<ChannelTransport> pair = log.betweenRanks(2, 3);
        RungFinding f = CollectiveRung.judge(List.of(table(CollectiveOp.SENDRECV, 6.90)), pair, 10.29);
        assertThat(f.status()).isEqualTo(RungStatus.FAIL);
        assertThat(f.headline()).startsWith("The library does not use the direct path: 12 of 12 channels between "
                + "these GPUs go through host shared memory (SHM).");
        assertThat(f.next()).contains("NCCL_P2P_LEVEL");
        assertThat(f.evidence()).anySatisfy(e -> assertThat(e.text()).contains("via SHM/direct/direct"));
    }

    @Test
    void theStockFigureAloneFailsOnItsShare() {
        // 6.90 / 10.29 = 67.1 %, under 80 %
        RungFinding f = CollectiveRung.judge(List.of(table(CollectiveOp.SENDRECV, 6.90)), List.of(), 10.29);
        assertThat(f.status()).isEqualTo(RungStatus.FAIL);
        assertThat(f.headline()).contains("only 67.1 % of the 10.29 GB/s direct copy (under 80 %)");
    }

    @Test
    void withoutSendRecvTheAllReduceBusBandwidthSpeaksAndSendRecvIsPreferredWhenBothAreThere() {
        // 9.51 / 10.29 = 92.4 %
        assertThat(CollectiveRung.judge(List.of(table(CollectiveOp.ALL_REDUCE, 9.51)), List.of(), 10.29).headline())
                .startsWith("All-reduce reaches 9.51 GB/s").contains("92.4 %");
        RungFinding both = CollectiveRung.judge(List.of(table(CollectiveOp.ALL_REDUCE, 9.51),
                table(CollectiveOp.SENDRECV, 6.90)), List.of(), 10.29);
        assertThat(both.status()).isEqualTo(RungStatus.FAIL);
    }

    @Test
    void directChannelsWithoutAFigureOrACopyFigureAreNotProven() {
        NcclLog log = NcclLogParser.parse("r.log", P2pFixtures.lines("rccl-mi250x-issue1026.log")).value();
        List<ChannelTransport> pair = log.betweenBuses("0000:c6:00.0", "0000:ce:00.0");
        RungFinding f = CollectiveRung.judge(List.of(), pair, 10.29);
        assertThat(f.status()).isEqualTo(RungStatus.NOT_PROVEN);
        assertThat(f.headline()).contains("connects these GPUs directly").contains("direct peer-to-peer (P2P/IPC)");
        assertThat(f.next()).contains("sendrecv_perf");
        RungFinding noCopy = CollectiveRung.judge(List.of(table(CollectiveOp.SENDRECV, 9.75)), pair, Double.NaN);
        assertThat(noCopy.status()).isEqualTo(RungStatus.NOT_PROVEN);
    }
}
