package dev.lanescope.parse.p2p;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.p2p.CopyEngine;
import dev.lanescope.model.p2p.CopyInitiator;
import dev.lanescope.model.p2p.PeerCopy;
import dev.lanescope.model.p2p.PeerCopyRun;
import dev.lanescope.parse.ParseResult;

/** TransferBench output as AMD's own guide and a TransferBench pull request show it (resources/p2p/source.txt). */
class TransferBenchParserTest {

    @Test
    void readsTheP2pPresetMatricesAsPushKernelCopies() {
        String f = "transferbench-p2p-8x-mi300x-4M.txt";
        ParseResult<PeerCopyRun> r = TransferBenchParser.parse(f, P2pFixtures.lines(f));
        assertThat(r.problems()).isEmpty();
        PeerCopyRun run = r.value();
        assertThat(run.tool()).isEqualTo("TransferBench");
        assertThat(run.version()).isEqualTo("1.50");
        // 8 GPUs: 8 x 7 ordered pairs one way (the diagonal is a GPU copying to itself), and 8 x 7 "<->" cells
        assertThat(run.copies().stream().filter(c -> !c.bidirectional())).hasSize(56);
        assertThat(run.copies().stream().filter(PeerCopy::bidirectional)).hasSize(56);
        // "[Local read / Remote write] (GPU-Executor: GFX)": the source's compute units write into the peer: push
        assertThat(run.copies()).allMatch(c -> c.initiator() == CopyInitiator.PUSH && c.engine() == CopyEngine.KERNEL);
        // row "GPU 00  ->", column GPU 01: 64.58 GB/s, 4 MiB per direction ("Bytes Per Direction 4194304")
        PeerCopy g01 = uni(run, 0, 1);
        assertThat(g01.gbPerS()).isEqualTo(64.58);
        assertThat(g01.bytes()).isEqualTo(4L << 20);
        assertThat(g01.at().line()).isEqualTo(14);
        // and back, row GPU 01 column GPU 00: 66.52
        assertThat(uni(run, 1, 0).gbPerS()).isEqualTo(66.52);
        // both at once, row "GPU 00 <->" column GPU 01: 127.61 (62.40 + 65.21 on the two rows above it)
        PeerCopy both = run.copies().stream().filter(c -> c.bidirectional() && c.from() == 0 && c.to() == 1)
                .findFirst().orElseThrow();
        assertThat(both.gbPerS()).isEqualTo(127.61);
    }

    @Test
    void readsAConfigFileTransferWithItsExecutor() {
        String f = "transferbench-config-pr50.txt";
        ParseResult<PeerCopyRun> r = TransferBenchParser.parse(f, P2pFixtures.lines(f));
        // "G0 -> GPU00:004 -> G1": GPU 0's compute units (4 of them) copy its memory into GPU 1's: a push kernel copy
        assertThat(r.value().copies()).singleElement().satisfies(c -> {
            assertThat(c.from()).isZero();
            assertThat(c.to()).isEqualTo(1);
            assertThat(c.initiator()).isEqualTo(CopyInitiator.PUSH);
            assertThat(c.engine()).isEqualTo(CopyEngine.KERNEL);
            assertThat(c.bytes()).isEqualTo(67108864L);
            assertThat(c.gbPerS()).isEqualTo(33.52);
            assertThat(c.at().line()).isEqualTo(2);
        });
    }

    @Test
    void aDmaPullAndTwoOppositeTransfersOfOneTestAreReadAsSuch() {
        // The line format of the guide's config-file run, with executors moved: D001 on the destination is a DMA
        // pull; a test with 0->1 and 1->0 at once gives their sum as a both-directions figure.
        List<String> lines = List.of(
                "Test 1:",
                " Transfer 00  |   10.26 GB/s |    6.541 ms |     67108864 bytes | G0 -> D001:001 -> G1",
                "Test 2:",
                " Transfer 00  |    9.85 GB/s |    6.813 ms |     67108864 bytes | G0 -> D000:001 -> G1",
                " Transfer 01  |    9.85 GB/s |    6.813 ms |     67108864 bytes | G1 -> D001:001 -> G0");
        PeerCopyRun run = TransferBenchParser.parse("cfg.txt", lines).value();
        assertThat(run.copies()).hasSize(4);
        assertThat(run.copies().get(0).initiator()).isEqualTo(CopyInitiator.PULL);
        assertThat(run.copies().get(0).engine()).isEqualTo(CopyEngine.DMA);
        PeerCopy both = run.copies().get(3);
        assertThat(both.bidirectional()).isTrue();
        assertThat(both.gbPerS()).isEqualTo(19.70, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aFileWithoutTransferBenchFiguresSaysWhatToRun() {
        ParseResult<PeerCopyRun> r = TransferBenchParser.parse("n.txt", List.of("nothing here"));
        assertThat(r.value()).isNull();
        assertThat(r.problems().get(0).message()).contains("TransferBench p2p");
    }

    private static PeerCopy uni(PeerCopyRun run, int from, int to) {
        return run.copies().stream().filter(c -> !c.bidirectional() && c.from() == from && c.to() == to).findFirst()
                .orElseThrow();
    }
}
