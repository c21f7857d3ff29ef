package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/** One by one against batched, on the H200 receipt of probe 1.1.0 (docs/bench/probe-h200-batched.md). */
class BatchReadingTest {

    private static final Path H200 = Path.of("docs/bench/h200-probe-1.1.0/receipt.json");

    @Test
    void theH200ReceiptSaysWhatBatchingRecoversAndWhichWayWon() throws Exception {
        Receipt r = ReceiptReader.read(H200);
        BatchReading b = BatchReading.of(r.results());
        BatchReading.Row small = b.at(460_800).orElseThrow();
        assertThat(small.oneByOne()).isCloseTo(42.42, within(0.01));
        assertThat(small.bestMode()).contains("h2d_coalesced");
        assertThat(small.best()).isCloseTo(55.41, within(0.01));
        assertThat(small.batchedGbps().get("h2d_batch")).isCloseTo(52.52, within(0.01));
        assertThat(small.leftOnTable()).isCloseTo(0.23, within(0.01));
        assertThat(b.oneByOne().orElseThrow().overheadUs()).isBetween(2.3, 2.9);
        assertThat(b.batched().orElseThrow().overheadUs()).isLessThan(0.3);

        List<String> words = ReceiptReading.of(r).sentences();
        assertThat(words).anySatisfy(s -> assertThat(s).startsWith("At 460,800 B this GPU gets 42.42 GB/s one by one"
                + " and 55.41 batched (merged into large copies; one cudaMemcpyBatchAsync call 52.52")
                .endsWith("an engine issuing these copies one at a time leaves 23 % on the table; a faster link would"
                        + " not help."));
        assertThat(words).anySatisfy(s -> assertThat(s).startsWith("Fixed cost of a copy, one by one: 2."));
        assertThat(ReceiptReading.of(r).table()).contains("pin-batch").contains("55.41");
    }

    @Test
    void aReceiptWithoutBatchedModesKeepsTheOneByOneReading() throws Exception {
        Receipt r = ReceiptReader.read(Path.of("docs/bench/receipt-h200.json"));
        assertThat(BatchReading.of(r.results()).hasBatched()).isFalse();
        List<String> words = ReceiptReading.of(r).sentences();
        assertThat(words).noneMatch(s -> s.contains("batched ("));
        assertThat(words).anySatisfy(s -> assertThat(s).startsWith("At 460,800 B a pinned copy takes"));
        assertThat(ReceiptReading.of(r).table()).doesNotContain("pin-batch");
    }

    @Test
    void smallGainSaysBatchingGainsLittle() {
        List<ProbeResult> r = List.of(new ProbeResult("pinned", "h2d_async", 64L << 20, 1.21, 55.4),
                new ProbeResult("pinned", "h2d_coalesced", 64L << 20, 1.21, 55.5));
        assertThat(BatchReading.of(r).sentences(55.5)).first().asString().contains("batching gains little");
    }
}
