package dev.lanescope.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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
        return read(ReceiptReader.bytes(file), file);
    }

    /** Reads a receipt's bytes as if from {@code file} (the fuzz tests' entry point). */
    static H2dReceipt read(byte[] data, Path file) throws IOException {
        List<ProbeResult> results = new ArrayList<>();
        int skipped = 0;
        Optional<LinkState> link = Optional.empty();
        String linkAt = null;
        String gpuName = null;
        String notOneObject = null;
        Receipt receipt = null;
        try {
            receipt = ReceiptReader.parse(data, file);
        } catch (ReceiptReader.NotAReceipt e) {
            notOneObject = e.getMessage();
        }
        if (receipt != null && receipt.json().has("results")) {
            // a whole receipt: the shared reader knows its keys, the shared checks its physics
            String impossible = ReceiptChecks.impossible(receipt);
            if (impossible != null) throw new ReceiptReader.NotAReceipt(file + ": " + impossible);
            for (ProbeResult r : receipt.results()) {
                if (usable(r)) results.add(asPrinted(r));
                else skipped++;
            }
            skipped += receipt.json().path("results").size() - receipt.results().size();
            Receipt.Hop hop = receipt.rootPort() == null ? null : receipt.hop("before", "rootPort");
            if (hop == null || hop.currentSpeed() == null) hop = receipt.hop("before", "gpu");
            link = linkOf(hop);
            if (link.isPresent() && hop.bdf() != null) linkAt = hop.bdf().toString();
            gpuName = receipt.gpuName();
        } else {
            RawLines raw = rawLines(data, file, results);
            skipped += raw.skipped();
            gpuName = raw.gpuName();
        }
        if (results.stream().noneMatch(ProbeResult::isH2d)) {
            throw new ReceiptReader.NotAReceipt(file + ": no host-to-device result lines (kind=result with bytes, memory, mode "
                    + "h2d_*, medianMs) found; is it a pcie_bw receipt?"
                    + (notOneObject != null && looksLikeOneObject(data) ? " (" + notOneObject + ")" : ""));
        }
        List<String> series = results.stream().filter(ProbeResult::isH2d).map(ProbeResult::series).distinct().toList();
        if (series.stream().noneMatch(H2dReceipt::isPicked)) {
            throw new ReceiptReader.NotAReceipt(file + ": results[].memory: the host-to-device results are " + series
                    + ", but the ceiling reads pinned or pageable host memory copies (h2d_async or h2d_sync)");
        }
        return new H2dReceipt(file, results, link, linkAt, gpuName, skipped);
    }

    /** What the probe's raw JSON lines gave besides the usable results: lines skipped, the GPU's name. */
    private record RawLines(int skipped, String gpuName) {
    }

    /** The probe's raw JSON lines: each usable result line goes to {@code results}. */
    private static RawLines rawLines(byte[] data, Path file, List<ProbeResult> results) throws IOException {
        int skipped = 0;
        String gpuName = null;
        String[] lines = new String(data, StandardCharsets.UTF_8).split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) continue;
            try {
                JsonNode n = Json.MAPPER.readTree(line);
                if (n instanceof ObjectNode o && "result".equals(o.path("kind").asText(null))) {
                    String impossible = ReceiptChecks.impossible(o, "line " + (i + 1), Double.NaN, null);
                    if (impossible != null) throw new ReceiptReader.NotAReceipt(file + ": " + impossible);
                    ProbeResult r = ProbeResult.of(o);
                    if (usable(r)) results.add(asPrinted(r));
                    else skipped++;
                    if (gpuName == null) gpuName = r.name();
                }
            } catch (ReceiptReader.NotAReceipt impossible) {
                throw impossible;
            } catch (IOException bad) {
                skipped++;
            }
        }
        return new RawLines(skipped, gpuName);
    }

    /** The series the ceiling reads, in the order {@link #h2dSeries()} prefers them. */
    private static final String[][] PICKS = {{"pinned", "h2d_async"}, {"pinned", "h2d_sync"},
            {"pageable", "h2d_async"}, {"pageable", "h2d_sync"}};

    private static boolean isPicked(String series) {
        for (String[] p : PICKS) {
            if (series.equals(p[0] + " " + p[1])) return true;
        }
        return false;
    }

    /** The file opens with '{' and is not JSON lines (no second line opening with '{'). */
    private static boolean looksLikeOneObject(byte[] data) {
        String t = new String(data, 0, Math.min(data.length, 4096), StandardCharsets.UTF_8).strip();
        return t.startsWith("{") && !t.contains("\n{");
    }

    /**
     * The series a streaming engine's copies look like: pinned {@code h2d_async} when present, else pinned
     * {@code h2d_sync}, else pageable {@code h2d_async}, else pageable {@code h2d_sync}. With repeated sizes
     * (several GPUs or runs) the faster median is kept.
     */
    public Series h2dSeries() {
        for (String[] pick : PICKS) {
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

    /**
     * What the engine could get: per size the fastest of pcie_bw's batched modes (pinned, the same bytes issued
     * together), empty when the receipt has none (a probe before 1.1.0, or {@code --batch off}).
     */
    public java.util.Optional<Series> batchedSeries() {
        List<ProbeResult> bySize = new ArrayList<>();
        results.stream().filter(r -> "pinned".equals(r.memory()) && BatchReading.MODES.contains(r.mode()))
                .sorted(Comparator.comparingLong(ProbeResult::bytes).thenComparingDouble(ProbeResult::medianMs))
                .forEach(r -> {
                    if (bySize.isEmpty() || bySize.get(bySize.size() - 1).bytes() != r.bytes()) bySize.add(r);
                });
        return bySize.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of(new Series("pinned", "batched (fastest way per size)", List.copyOf(bySize)));
    }

    /** The fields the ceiling reads, with GB/s as the line printed it (NaN when absent: derived later from the time). */
    private static ProbeResult asPrinted(ProbeResult r) {
        return new ProbeResult(r.memory(), r.mode(), r.bytes(), r.medianMs(), Json.number(r.raw(), "gbPerS"));
    }

    private static boolean usable(ProbeResult r) {
        return r.memory() != null && r.mode() != null && r.bytes() >= 1 && r.medianMs() > 0
                && !Double.isInfinite(r.medianMs());
    }

    private static Optional<LinkState> linkOf(Receipt.Hop hop) {
        if (hop == null || hop.currentSpeed() == null || hop.currentWidth() < 0 || hop.currentWidth() > 63) {
            return Optional.empty();
        }
        return Optional.of(LinkState.of(hop.currentSpeed(), hop.currentWidth()));
    }
}
