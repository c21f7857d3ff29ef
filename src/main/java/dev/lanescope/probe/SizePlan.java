package dev.lanescope.probe;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The transfer sizes of a saved receipt's sweep, each with how many results it planned and got and why it was
 * skipped: what the probe panel's per-size progress shows for a receipt opened from a file. The sizes are the
 * planned ones from the start line plus any size a result has that was not planned, smallest first.
 */
public final class SizePlan {

    /** Results a size plans when the start line lists no sizes (the live panel's default as well). */
    public static final int DEFAULT_PER_SIZE = 8;

    /** One size: its planned result count, the results present, and a note (empty when none). */
    public record Row(long bytes, int planned, int done, String note) {
    }

    private SizePlan() {
    }

    public static List<Row> of(Receipt r) {
        JsonNode start = r.json().path("probe").path("start");
        boolean listed = start.path("sizes").isArray() && !start.path("sizes").isEmpty();
        int per = listed ? ProbeEvent.Start.resultsPerSize(start) : DEFAULT_PER_SIZE;
        List<Long> sizes = new ArrayList<>();
        start.path("sizes").forEach(s -> sizes.add(s.asLong()));
        r.results().stream().map(ProbeResult::bytes).filter(b -> b > 0 && !sizes.contains(b)).distinct()
                .forEach(sizes::add);
        sizes.sort(Long::compare);
        List<Row> rows = new ArrayList<>();
        for (long b : sizes) {
            int done = (int) r.results().stream().filter(x -> x.bytes() == b).count();
            rows.add(new Row(b, per, done, skipNote(r, b)));
        }
        return rows;
    }

    /** "skipped: why" from the receipt's kept skip lines for that size (the last one wins), else empty. */
    private static String skipNote(Receipt r, long bytes) {
        String note = "";
        for (JsonNode o : r.json().path("otherLines")) {
            if ("skip".equals(o.path("kind").asText()) && o.path("bytes").asLong() == bytes) {
                note = "skipped: " + o.path("reason").asText();
            }
        }
        return note;
    }
}
