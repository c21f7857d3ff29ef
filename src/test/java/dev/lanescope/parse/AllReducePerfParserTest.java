package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.AllReduceTable;
import dev.lanescope.model.Severity;

/** all_reduce_perf output as nccl-tests/rccl-tests print it (a real public run: src/test/resources/scaling/source.txt). */
class AllReducePerfParserTest {

    @Test
    void readsThePublishedTwoCardTable() throws Exception {
        Path f = Path.of("src/test/resources/scaling/all_reduce_perf-2x-rtx2080ti-pix.txt");
        ParseResult<AllReduceTable> r = AllReducePerfParser.parse("t.txt", Files.readAllLines(f));
        AllReduceTable t = r.value();
        assertThat(r.problems()).isEmpty();
        assertThat(t.ranks()).isEqualTo(2);
        assertThat(t.devices()).containsExactly("NVIDIA GeForce RTX 2080 Ti", "NVIDIA GeForce RTX 2080 Ti");
        assertThat(t.rows()).hasSize(28);
        assertThat(t.rows().get(0).bytes()).isEqualTo(8);
        assertThat(t.rows().get(0).outOfPlaceUs()).isEqualTo(12.25);
        assertThat(t.rows().get(11).bytes()).isEqualTo(16384);
        assertThat(t.rows().get(11).outOfPlaceUs()).isEqualTo(17.11);
        assertThat(t.rows().get(11).line()).isEqualTo(22);
        assertThat(t.rows().get(27).busGbPerS()).isEqualTo(4.00);
    }

    @Test
    void readsTheOlderLayoutWithoutRootAndRankLabelledMpiLines() {
        List<String> lines = List.of(
                " 0: # nThread 1 nGpus 1 minBytes 8 maxBytes 1024 step: 2(factor) warmup iters: 5 iters: 20 validation: 1",
                " 0: #   Rank  0 Pid   1320 on a device  0 [0x00] Tesla V100-SXM2-16GB",
                " 0: #   Rank  1 Pid   2066 on b device  0 [0x00] Tesla V100-SXM2-16GB",
                " 0: #   Rank  2 Pid   2067 on b device  1 [0x01] Tesla V100-SXM2-16GB",
                " 0:            8             2   float     sum    25.06    0.00    0.00  4e-07    25.95    0.00    0.00  4e-07",
                " 0:         1024           256   float     sum    31.25    0.03    0.06  4e-07    16.80    0.06    0.11  2e-07");
        AllReduceTable t = AllReducePerfParser.parse("mpi.log", lines).value();
        assertThat(t.ranks()).isEqualTo(3);
        assertThat(t.rows()).extracting(AllReduceTable.Row::outOfPlaceUs).containsExactly(25.06, 31.25);
    }

    @Test
    void anAllGatherTableIsRefusedWithAReasonAndNothingElseIsGuessed() {
        List<String> lines = List.of("# nThread 1 nGpus 2 minBytes 8 maxBytes 16 step: 2(factor)",
                "           8             1     float    none      -1    10.1    0.00    0.00      0    9.9    0.00    0.00      0");
        ParseResult<AllReduceTable> r = AllReducePerfParser.parse("ag.txt", lines);
        assertThat(r.value()).isNull();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.ERROR);
            assertThat(p.file()).isEqualTo("ag.txt");
            assertThat(p.message()).contains("not an all-reduce table");
        });
    }

    @Test
    void aDamagedRowIsNamedByLineAndTheOthersAreKept() {
        List<String> lines = List.of("# nThread 1 nGpus 4 minBytes 8 maxBytes 16 step: 2(factor)",
                "           8             2     float     sum      -1    20.5    0.00    0.00      0    20.1    0.00    0.00      0",
                "          16             4     float     sum      -1    2x.1    0.00    0.00      0    20.1    0.00    0.00      0");
        ParseResult<AllReduceTable> r = AllReducePerfParser.parse("d.txt", lines);
        assertThat(r.value().ranks()).isEqualTo(4);
        assertThat(r.value().rows()).hasSize(1);
        assertThat(r.problems()).singleElement().satisfies(p -> assertThat(p.line()).isEqualTo(3));
    }

    @Test
    void aFileWithNoTableSaysWhatToRun() {
        ParseResult<AllReduceTable> r = AllReducePerfParser.parse("x.png", List.of("\u0089PNG", "garbage"));
        assertThat(r.value()).isNull();
        assertThat(r.problems().get(0).message()).contains("all_reduce_perf -b 8 -e 128M -f 2 -g N");
    }
}
