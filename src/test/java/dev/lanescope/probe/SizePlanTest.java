package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-size progress a saved receipt shows when opened (the probe panel's table), the notes a probe line gives a
 * size while it runs, and saving a fresh receipt beside an older one: on the real H200 receipt.
 */
class SizePlanTest {

    @TempDir
    Path tmp;

    @Test
    void theH200SweepShowsEightSizesEachWithAllEightResults() throws Exception {
        List<SizePlan.Row> rows = SizePlan.of(ReceiptTest.h200());
        // the start line plans 460800 B .. 2 GiB (8 sizes); memories pinned+pageable x modes h2d_sync, h2d_async,
        // d2h, single = 8 results a size; the receipt holds 64 results, so every size is complete and none skipped
        assertThat(rows).extracting(SizePlan.Row::bytes).containsExactly(460800L, 2459136L, 3145728L, 16777216L,
                67108864L, 268435456L, 1073741824L, 2147483648L);
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.planned()).isEqualTo(8);
            assertThat(r.done()).isEqualTo(8);
            assertThat(r.note()).isEmpty();
        });
    }

    @Test
    void aSkippedSizeSaysWhyAndCountsNoResults() throws Exception {
        Receipt real = ReceiptTest.h200();
        ObjectNode json = real.json().deepCopy();
        // the 2 GiB size did not fit: drop its 8 results and keep the probe's skip line, as a smaller card's run would
        ArrayNode results = (ArrayNode) json.path("results");
        for (int i = results.size() - 1; i >= 0; i--) {
            if (results.get(i).path("bytes").asLong() == 2147483648L) results.remove(i);
        }
        ((ArrayNode) json.withArray("otherLines")).addObject().put("kind", "skip").put("bytes", 2147483648L)
                .put("reason", "not enough device memory");
        List<SizePlan.Row> rows = SizePlan.of(new Receipt(json, null));
        SizePlan.Row last = rows.get(rows.size() - 1);
        assertThat(last.bytes()).isEqualTo(2147483648L);
        assertThat(last.done()).isZero();
        assertThat(last.note()).isEqualTo("skipped: not enough device memory");
        assertThat(rows.get(0).note()).isEmpty();
    }

    @Test
    void liveLinesNoteSkippedSizesAndBadReadBacksOnly() {
        ProbeEvent skipAll = ProbeEvent.parse("{\"kind\":\"skip\",\"bytes\":2147483648,\"reason\":\"no memory\"}");
        ProbeEvent skipMode = ProbeEvent.parse(
                "{\"kind\":\"skip\",\"bytes\":460800,\"mode\":\"single\",\"reason\":\"too small\"}");
        ProbeEvent badVerify = ProbeEvent.parse("{\"kind\":\"verify\",\"bytes\":460800,\"ok\":false}");
        ProbeEvent goodVerify = ProbeEvent.parse("{\"kind\":\"verify\",\"bytes\":460800,\"ok\":true}");
        assertThat(((ProbeEvent.Other) skipAll).sizeNote()).isEqualTo("skipped: no memory");
        assertThat(((ProbeEvent.Other) skipAll).bytes()).isEqualTo(2147483648L);
        assertThat(((ProbeEvent.Other) skipMode).sizeNote()).isEqualTo("left out: too small");
        assertThat(((ProbeEvent.Other) badVerify).sizeNote()).isEqualTo("data read back differed");
        assertThat(((ProbeEvent.Other) goodVerify).sizeNote()).isNull();
    }

    @Test
    void aFreshReceiptNeverReplacesAnOlderOne() throws Exception {
        Receipt r = ReceiptTest.h200();
        Instant when = Instant.parse("2026-12-01T10:00:00Z");
        Path first = ReceiptWriter.saveNew(r.json(), tmp.resolve("receipts"), when);
        Path second = ReceiptWriter.saveNew(r.json(), tmp.resolve("receipts"), when);
        // same host and second: the second gets "-2" rather than overwriting the first
        assertThat(first.getFileName().toString()).startsWith("receipt-").endsWith("-20261201T100000Z.json");
        assertThat(second.getFileName().toString()).endsWith("-20261201T100000Z-2.json");
        assertThat(ReceiptReader.read(second).results()).hasSize(64);
    }
}
