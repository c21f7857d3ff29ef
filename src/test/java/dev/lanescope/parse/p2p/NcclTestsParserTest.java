package dev.lanescope.parse.p2p;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.p2p.CollectiveOp;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.parse.ParseResult;

/** nccl-tests tables of several programs and versions, from public threads (resources/p2p/source.txt). */
class NcclTestsParserTest {

    @Test
    void readsASendRecvTableWithItsRanksAndBusNumbers() {
        String f = "sendrecv-2x-a40-issue214.txt";
        ParseResult<List<CollectiveTable>> r = NcclTestsParser.parse(f, P2pFixtures.lines(f));
        assertThat(r.problems()).isEmpty();
        CollectiveTable t = r.value().get(0);
        // nothing in the text names the program and this nccl-tests prints redop "sum" for send/receive too; the
        // columns cannot tell at these small sizes, so the file name decides
        assertThat(t.op()).isEqualTo(CollectiveOp.SENDRECV);
        assertThat(t.opFrom()).isEqualTo("the file name");
        assertThat(t.ranks()).isEqualTo(2);
        assertThat(t.devices()).containsExactly("NVIDIA A40", "NVIDIA A40");
        assertThat(t.busIds()).containsExactly("0x31", "0x31");
        assertThat(t.rows()).hasSize(5);
        CollectiveTable.Row last = t.largest();
        // "4096  1024  float  sum  -1  30.74  0.13  0.13  0  30.69  0.13  0.13  N/A" on line 14
        assertThat(last.bytes()).isEqualTo(4096);
        assertThat(last.timeUs()).isEqualTo(30.74);
        assertThat(last.busGbPerS()).isEqualTo(0.13);
        assertThat(last.inPlaceBusGbPerS()).isEqualTo(0.13);
        assertThat(last.root()).isEqualTo(-1);
        assertThat(last.line()).isEqualTo(14);
    }

    @Test
    void readsTheOlderLayoutWithoutRedopAndRootByItsColumnHeader() {
        String f = "sendrecv-old-2x-gtx1080-issue104.txt";
        CollectiveTable t = NcclTestsParser.parse(f, P2pFixtures.lines(f)).value().get(0);
        assertThat(t.op()).isEqualTo(CollectiveOp.SENDRECV);
        assertThat(t.opFrom()).isEqualTo("the command line above the table");
        assertThat(t.ranks()).isEqualTo(2);
        // "size count type time algbw busbw error time ...": time is the 4th column, not the 6th
        CollectiveTable.Row row = t.rows().get(0);
        assertThat(row.timeUs()).isEqualTo(6485.7);
        assertThat(row.busGbPerS()).isEqualTo(5.82);
        assertThat(row.redop()).isNull();
        // the posted row stops after the in-place time: that time is read, its bus bandwidth is unknown
        assertThat(row.inPlaceTimeUs()).isEqualTo(6496.1);
        assertThat(row.inPlaceBusGbPerS()).isNaN();
    }

    @Test
    void readsAnAllGatherTableNamedByItsCommandLine() {
        String f = "all_gather-2gpu-bf16-issue1435.txt";
        CollectiveTable t = NcclTestsParser.parse("ag.txt", P2pFixtures.lines(f)).value().get(0);
        assertThat(t.op()).isEqualTo(CollectiveOp.ALL_GATHER);
        assertThat(t.rows()).hasSize(7);
        // 100663296 bytes: 125.56 GB/s bus bandwidth, the peak; the largest (117440512) falls back to 119.64
        assertThat(t.peak().bytes()).isEqualTo(100663296L);
        assertThat(t.largest().busGbPerS()).isEqualTo(119.64);
    }

    @Test
    void withoutAnyNameTheColumnsTellAllGatherFromSendRecvByTheirBandwidthRatio() {
        // The all-gather rows alone with a two-rank header: bus/alg = 77.10/154.20 = 0.5 = (n-1)/n for n = 2,
        // and redop "none": an all-gather (send/receive would give 1).
        List<String> lines = new ArrayList<>();
        lines.add("# nThread 1 nGpus 2 minBytes 16777216 maxBytes 1073741824 step: 16777216(bytes)");
        lines.addAll(P2pFixtures.lines("all_gather-2gpu-bf16-issue1435.txt").subList(3, 8));
        CollectiveTable t = NcclTestsParser.parse("x.txt", lines).value().get(0);
        assertThat(t.op()).isEqualTo(CollectiveOp.ALL_GATHER);
        assertThat(t.opFrom()).startsWith("the table's columns");
        // a two-rank all-reduce (ratio 2(n-1)/n = 1) and a send/receive printing redop sum (ratio 1) look the same:
        // nothing is guessed
        List<CollectiveTable.Row> sumRows = List.of(new CollectiveTable.Row(1 << 30, 1 << 28, "float", "sum", -1,
                110000, 9.76, 9.76, Double.NaN, Double.NaN, 1));
        assertThat(NcclTestsParser.fromColumns(sumRows, 2)).isNull();
        // with 4 ranks the same ratio 1.5 = 2(n-1)/n proves an all-reduce
        List<CollectiveTable.Row> ar4 = List.of(new CollectiveTable.Row(1 << 30, 1 << 28, "float", "sum", -1,
                110000, 9.76, 14.64, Double.NaN, Double.NaN, 1));
        assertThat(NcclTestsParser.fromColumns(ar4, 4)).isEqualTo(CollectiveOp.ALL_REDUCE);
    }

    @Test
    void twoRunsInOneFileAreTwoTables() {
        List<String> lines = new ArrayList<>(P2pFixtures.lines("sendrecv-old-2x-gtx1080-issue104.txt"));
        lines.addAll(P2pFixtures.lines("all_gather-2gpu-bf16-issue1435.txt"));
        List<CollectiveTable> tables = NcclTestsParser.parse("both.log", lines).value();
        assertThat(tables).extracting(CollectiveTable::op)
                .containsExactly(CollectiveOp.SENDRECV, CollectiveOp.ALL_GATHER);
        // the all-gather's first row is line 11 (sendrecv file) + 7
        assertThat(tables.get(1).line()).isEqualTo(18);
    }
}
