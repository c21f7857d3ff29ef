package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;

/**
 * Reading the host-to-device part of receipts. The fixtures under src/test/resources/ceiling are written by hand
 * from the formats in native-probes/README.md (see the README beside them), not taken from a real run.
 */
class H2dReceiptTest {

    private static final Path FIXTURES = Path.of("src/test/resources/ceiling");

    @Test
    void receiptGivesPinnedAsyncBySizeAndTheRootPortLink() throws IOException {
        H2dReceipt r = H2dReceipt.read(FIXTURES.resolve("receipt-gen4x4.json"));
        assertThat(r.results()).hasSize(7);
        assertThat(r.skipped()).isEqualTo(1); // the entry whose bytes is not a number
        // the GPU's own endpoint says x16; the root port above it trained x4, and that is the link that limits
        assertThat(r.link()).contains(LinkState.of(LinkSpeed.GEN4, 4));
        assertThat(r.linkAt()).isEqualTo("0000:00:01.1");
        assertThat(r.gpuName()).isEqualTo("Fixture GPU");
        H2dReceipt.Series s = r.h2dSeries();
        assertThat(s.label()).isEqualTo("pinned h2d_async");
        assertThat(s.bySize()).extracting(ProbeResult::bytes).containsExactly(460_800L, 3_145_728L, 67_108_864L,
                1_073_741_824L);
        assertThat(s.bySize().get(0).gbPerS()).isEqualTo(6.472);
    }

    @Test
    void rawProbeLinesAreReadAndJunkLinesSkipped() throws IOException {
        H2dReceipt r = H2dReceipt.read(FIXTURES.resolve("probe-lines.jsonl"));
        assertThat(r.results()).hasSize(2);
        assertThat(r.skipped()).isEqualTo(1);
        assertThat(r.link()).isEmpty();
        assertThat(r.gpuName()).isEqualTo("Fixture Gen4 x16");
        assertThat(r.h2dSeries().bySize().get(0).medianMs()).isEqualTo(0.106);
    }

    @Test
    void shFallbackReceiptWithStringWidthsIsAccepted(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("r.json");
        Files.writeString(f, "{\"schema\":\"lanescope-receipt/1\",\"rootPort\":null,\"checks\":null,"
                + "\"link\":{\"before\":{\"gpu\":{\"pciBusId\":\"0000:01:00.0\",\"currentLinkSpeed\":\"8.0 GT/s PCIe\","
                + "\"currentLinkWidth\":\"16\"},\"path\":[]}},"
                + "\"results\":[{\"kind\":\"result\",\"memory\":\"pageable\",\"mode\":\"h2d_sync\",\"bytes\":3145728,"
                + "\"medianMs\":0.5}]}");
        H2dReceipt r = H2dReceipt.read(f);
        assertThat(r.link()).contains(LinkState.of(LinkSpeed.GEN3, 16));
        assertThat(r.h2dSeries().label()).isEqualTo("pageable h2d_sync");
        assertThat(r.h2dSeries().bySize().get(0).gbPerS()).isNaN(); // absent in the line: the rate is derived later
    }

    @Test
    void aFileWithoutHostToDeviceResultsIsRefusedWithTheReason(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("d2h-only.jsonl");
        Files.writeString(f, "{\"kind\":\"result\",\"memory\":\"pinned\",\"mode\":\"d2h\",\"bytes\":4096,\"medianMs\":0.01}\n");
        assertThatThrownBy(() -> H2dReceipt.read(f)).isInstanceOf(IOException.class)
                .hasMessageContaining("no host-to-device result lines");
    }

    @Test
    void theRealH200ReceiptInDocsBenchReads() throws IOException {
        // docs/bench/receipt-h200.json: a real run_receipt.sh receipt (H200, Gen5 x16, inside a VM: no root port)
        H2dReceipt r = H2dReceipt.read(Path.of("docs/bench/receipt-h200.json"));
        assertThat(r.link()).contains(LinkState.of(LinkSpeed.GEN5, 16));
        assertThat(r.linkAt()).isEqualTo("0000:00:06.0");
        assertThat(r.gpuName()).isEqualTo("NVIDIA H200");
        H2dReceipt.Series s = r.h2dSeries();
        assertThat(s.label()).isEqualTo("pinned h2d_async");
        assertThat(s.bySize()).hasSize(8);
        assertThat(s.bySize().get(0).bytes()).isEqualTo(460_800L);
        assertThat(s.bySize().get(s.bySize().size() - 1).gbPerS()).isBetween(50.0, 63.0); // below Gen5 x16 usable
    }
}
