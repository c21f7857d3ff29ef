package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The receipt readers on any bytes: a receipt is read and shown (reading, table, comparison, the ceiling's
 * series) or refused with a message that names the file; never another exception, never an impossible number
 * shown. Seeds: the real receipts of docs/bench.
 */
class ReceiptFuzzTest {

    private static final Path FILE = Path.of("fuzz-receipt.json");

    @FuzzTest(maxDuration = "30s")
    void receiptReader(byte[] data) {
        Receipt r;
        try {
            r = ReceiptReader.parse(data, FILE);
        } catch (ReceiptReader.NotAReceipt refused) {
            assertThat(refused.getMessage()).contains(FILE.toString());
            return;
        }
        if (ReceiptChecks.impossible(r) != null) return; // refused by ReceiptReader.read with that reason
        for (ProbeResult p : r.results()) {
            assertThat(p.gbPerS()).as("a shown rate is possible").satisfiesAnyOf(
                    g -> assertThat(g).isNaN(), g -> assertThat(g).isBetween(0.0, 1e6));
        }
        ReceiptReading rd = ReceiptReading.of(r);
        assertThat(rd.text()).isNotNull();
        assertThat(rd.table()).isNotNull();
        assertThat(r.missing()).isNotNull();
        assertThat(ReceiptCompare.of(r, r).text()).isNotNull();
        ReceiptEvidence.of(r);
    }

    @FuzzTest(maxDuration = "30s")
    void ceilingReceipt(byte[] data) {
        H2dReceipt h;
        try {
            h = H2dReceipt.read(data, FILE);
        } catch (IOException refused) {
            assertThat(refused.getMessage()).contains(FILE.toString());
            return;
        }
        H2dReceipt.Series s = h.h2dSeries();
        assertThat(s.bySize()).isNotEmpty();
        for (ProbeResult p : s.bySize()) {
            assertThat(p.medianMs()).isPositive().isFinite();
            assertThat(p.bytes()).isPositive();
        }
    }
}
