package dev.lanescope.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;

/**
 * The host-to-device part of a probe receipt, read tolerantly: either a {@code run_receipt.sh} receipt (one JSON
 * object, schema {@code lanescope-receipt/1}, {@code results[]} plus {@code link.before}) or the probe's raw JSON
 * lines. Lines or entries it cannot use are counted in {@link #skipped()}, never fatal; only a file with no usable
 * result at all is refused. Formats as documented in native-probes/README.md.
 *
 * @param file    where it was read from
 * @param results every usable result, in file order
 * @param link    the trained link the numbers were measured on ({@code link.before}: the root port's hop when
 *                the receipt names one, else the GPU's), if the receipt carries it
 * @param linkAt  the BDF that link was read at, or null
 * @param gpuName the GPU's name when known, or null
 * @param skipped lines or entries that were not a usable result
 */
public record H2dReceipt(Path file, List<ProbeResult> results, Optional<LinkState> link, String linkAt,
                         String gpuName, int skipped) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public H2dReceipt {
        results = List.copyOf(results);
    }

    /** The chosen series for the ceiling: memory and mode, with one result per size. */
    public record Series(String memory, String mode, List<ProbeResult> bySize) {
        public String label() {
            return memory + " " + mode;
        }
    }

    public static H2dReceipt read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        JsonNode whole = null;
        try {
            whole = MAPPER.readTree(text);
        } catch (IOException notOneObject) {
            // JSON lines: read below
        }
        List<ProbeResult> results = new ArrayList<>();
        int[] skipped = {0};
        Optional<LinkState> link = Optional.empty();
        String linkAt = null;
        String gpuName = null;
        if (whole != null && whole.isObject() && whole.has("results")) {
            for (JsonNode r : whole.path("results")) addResult(r, results, skipped);
            JsonNode before = whole.path("link").path("before");
            String root = text(whole.path("rootPort"));
            JsonNode hop = null;
            if (root != null) {
                for (JsonNode h : before.path("path")) {
                    if (root.equals(text(h.path("pciBusId")))) hop = h;
                }
            }
            if (hop == null) hop = before.path("gpu");
            link = linkOf(hop);
            if (link.isPresent()) linkAt = text(hop.path("pciBusId"));
            gpuName = text(whole.path("gpu").path("name"));
        } else {
            for (String line : text.split("\\R")) {
                if (line.isBlank()) continue;
                try {
                    JsonNode n = MAPPER.readTree(line);
                    if ("result".equals(text(n.path("kind")))) {
                        addResult(n, results, skipped);
                        if (gpuName == null) gpuName = text(n.path("name"));
                    }
                } catch (IOException bad) {
                    skipped[0]++;
                }
            }
        }
        if (results.stream().noneMatch(ProbeResult::isH2d)) {
            throw new IOException(file + ": no host-to-device result lines (kind=result with bytes, memory, mode "
                    + "h2d_*, medianMs) found; is it a pcie_bw receipt?");
        }
        return new H2dReceipt(file, results, link, linkAt, gpuName, skipped[0]);
    }

    /**
     * The series a streaming engine's copies look like: pinned {@code h2d_async} when present, else pinned
     * {@code h2d_sync}, else pageable {@code h2d_async}, else pageable {@code h2d_sync}. With repeated sizes
     * (several GPUs or runs) the faster median is kept.
     */
    public Series h2dSeries() {
        for (String[] pick : new String[][] {{"pinned", "h2d_async"}, {"pinned", "h2d_sync"},
                {"pageable", "h2d_async"}, {"pageable", "h2d_sync"}}) {
            List<ProbeResult> rows = results.stream()
                    .filter(r -> r.memory().equals(pick[0]) && r.mode().equals(pick[1])).toList();
            if (rows.isEmpty()) continue;
            List<ProbeResult> bySize = new ArrayList<>();
            rows.stream().sorted(Comparator.comparingLong(ProbeResult::bytes).thenComparingDouble(ProbeResult::medianMs))
                    .forEach(r -> {
                        if (bySize.isEmpty() || bySize.get(bySize.size() - 1).bytes() != r.bytes()) bySize.add(r);
                    });
            return new Series(pick[0], pick[1], List.copyOf(bySize));
        }
        throw new IllegalStateException("read() guarantees a host-to-device result");
    }

    private static void addResult(JsonNode r, List<ProbeResult> out, int[] skipped) {
        String memory = text(r.path("memory"));
        String mode = text(r.path("mode"));
        long bytes = r.path("bytes").asLong(-1);
        double ms = r.path("medianMs").isNumber() ? r.path("medianMs").asDouble() : Double.NaN;
        double gb = r.path("gbPerS").isNumber() ? r.path("gbPerS").asDouble() : Double.NaN;
        if (memory == null || mode == null || bytes < 1 || !(ms > 0) || Double.isInfinite(ms)) {
            skipped[0]++;
            return;
        }
        out.add(new ProbeResult(memory, mode, bytes, ms, gb));
    }

    private static Optional<LinkState> linkOf(JsonNode hop) {
        LinkSpeed speed = LinkSpeed.parse(text(hop.path("currentLinkSpeed")));
        int width = hop.path("currentLinkWidth").asInt(-1);
        if (speed == null || width < 0 || width > 63) return Optional.empty();
        return Optional.of(LinkState.of(speed, width));
    }

    private static String text(JsonNode n) {
        return n == null || n.isMissingNode() || n.isNull() ? null : n.asText();
    }
}
