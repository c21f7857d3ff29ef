package dev.lanescope.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import com.fasterxml.jackson.annotation.JsonValue;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.ladder.Ladder;
import dev.lanescope.analysis.ladder.Ladders;
import dev.lanescope.analysis.ladder.Rung;
import dev.lanescope.capture.LadderEvidenceLoader;
import dev.lanescope.parse.Csv;
import dev.lanescope.pipeline.CaptureAnalysis;

/**
 * Scans a folder of captures (collect.sh bundles and capture folders, found at any depth) and gives one row per host:
 * the worst verdict of its latest capture and the hop where it is, the boot id and the capture time. Captures are
 * read in parallel; each one independently, so one broken bundle only makes its own row UNUSABLE.
 */
public final class FleetScan {

    /**
     * A host's standing: its capture could not be read, or it could and has no hop to judge, or the worst verdict of
     * its hops. Written to JSON and CSV as its {@link #key()} ({@code UNUSABLE}, {@code NO_LINKS} or the verdict's
     * key), as before; people read {@link #words()}.
     */
    public record Worst(Outcome outcome, LinkVerdict verdict) {
        public enum Outcome { UNUSABLE, JUDGED, NO_LINKS }

        public static final Worst UNUSABLE = new Worst(Outcome.UNUSABLE, null);
        public static final Worst NO_LINKS = new Worst(Outcome.NO_LINKS, null);

        public Worst {
            if ((outcome == Outcome.JUDGED) != (verdict != null)) {
                throw new IllegalArgumentException("a verdict belongs to a judged capture only");
            }
        }

        public static Worst of(LinkVerdict v) {
            return new Worst(Outcome.JUDGED, v);
        }

        /** The token scripts read: {@code UNUSABLE}, {@code NO_LINKS}, or the verdict's key. */
        @JsonValue
        public String key() {
            return verdict != null ? verdict.key() : outcome.name();
        }

        /** In words: "unusable capture", "no links to judge", or the verdict's words. */
        public String words() {
            return switch (outcome) {
                case UNUSABLE -> "unusable capture";
                case NO_LINKS -> "no links to judge";
                case JUDGED -> verdict.words();
            };
        }

        /** The palette token, as on the graph's edges. */
        public String colourKey() {
            return switch (outcome) {
                case UNUSABLE -> "unusable";
                case NO_LINKS -> "unknown";
                case JUDGED -> verdict.colourKey();
            };
        }

        /** Sort key: unusable first, then the verdicts worst first, hosts with no links last. */
        public int rank() {
            return switch (outcome) {
                case UNUSABLE -> -1;
                case NO_LINKS -> LinkVerdict.WORST_FIRST.size();
                case JUDGED -> verdict.severityRank();
            };
        }

        @Override
        public String toString() {
            return key();
        }
    }

    /**
     * One host. {@code worst} is its standing; {@code where} the hop ({@code port -> device}); {@code captures} how many
     * captures of this host were found (the row describes the latest). For a host with two or more GPUs,
     * {@code p2pRung} is the lowest P2P ladder rung that failed for any GPU pair (null when none failed or fewer than
     * two GPUs) and {@code p2p} names it and the pair. {@code bootsSeen} counts the distinct boots among the host's
     * captures (a capture without a boot id counts as its own), {@code bootsLow} those on which some hop was a fault
     * (lost lanes or trained low; docs/RULES.md §12).
     */
    public record HostRow(String host, Worst worst, String where, String reason, String bootId, String capturedAt,
                          String kernel, int faults, int captures, String source, Integer p2pRung, String p2p,
                          int bootsSeen, int bootsLow) {
        public HostRow(String host, Worst worst, String where, String reason, String bootId, String capturedAt,
                       String kernel, int faults, int captures, String source, Integer p2pRung, String p2p) {
            this(host, worst, where, reason, bootId, capturedAt, kernel, faults, captures, source, p2pRung, p2p, 1,
                    faults > 0 ? 1 : 0);
        }

        public HostRow(String host, Worst worst, String where, String reason, String bootId, String capturedAt,
                       String kernel, int faults, int captures, String source) {
            this(host, worst, where, reason, bootId, capturedAt, kernel, faults, captures, source, null, null);
        }

        HostRow withP2p(Integer rung, String text) {
            return new HostRow(host, worst, where, reason, bootId, capturedAt, kernel, faults, captures, source, rung,
                    text, bootsSeen, bootsLow);
        }
    }

    public record Result(List<HostRow> rows, int capturesRead, int unusable) {
    }

    private FleetScan() {
    }

    /** The captures under a folder: archives anywhere, and folders that hold capture files but no archives. */
    public static List<Path> captures(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        collect(dir, out, 0);
        if (out.isEmpty() && hasFiles(dir)) out.add(dir); // the folder is itself one capture
        out.sort(Comparator.naturalOrder());
        return out;
    }

    private static void collect(Path dir, List<Path> out, int depth) throws IOException {
        if (depth > 8) return;
        List<Path> children;
        try (Stream<Path> s = Files.list(dir)) {
            children = s.sorted().toList();
        }
        boolean looseFiles = false;
        List<Path> sub = new ArrayList<>();
        for (Path p : children) {
            if (Files.isSymbolicLink(p)) continue;
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) sub.add(p);
            else if (isArchive(p)) out.add(p);
            else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) looseFiles = true;
        }
        if (looseFiles && depth > 0) {
            out.add(dir); // a capture folder: read whole, its subfolders included (sysfs copies)
            return;
        }
        for (Path p : sub) collect(p, out, depth + 1);
    }

    private static boolean hasFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS));
        }
    }

    static boolean isArchive(Path p) {
        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".tar.gz") || n.endsWith(".tgz") || n.endsWith(".tar");
    }

    /** What a long scan reports while it runs (from the scanning thread); {@code cancelled} stops it between captures. */
    public interface Progress {
        void read(int done, int total);

        default boolean cancelled() {
            return false;
        }
    }

    public static Result scan(Path dir, int threads) throws IOException {
        return scan(dir, threads, null);
    }

    /** As {@link #scan(Path, int)}, reporting each capture read; throws CancellationException when cancelled. */
    public static Result scan(Path dir, int threads, Progress progress) throws IOException {
        List<Path> inputs = captures(dir);
        if (progress != null) progress.read(0, inputs.size());
        List<HostRow> perCapture = new ArrayList<>(inputs.size());
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<Future<HostRow>> futures = new ArrayList<>(inputs.size());
            for (Path p : inputs) futures.add(pool.submit(() -> row(dir, p)));
            for (int i = 0; i < futures.size(); i++) {
                if (progress != null && progress.cancelled()) {
                    throw new java.util.concurrent.CancellationException("scan cancelled after " + i + " of "
                            + inputs.size() + " captures");
                }
                try {
                    perCapture.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    perCapture.add(unusable(dir, inputs.get(i), "could not be read: " + e.getCause()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("scan interrupted", e);
                }
                if (progress != null) progress.read(i + 1, inputs.size());
            }
        } finally {
            pool.shutdownNow();
        }
        int unusable = (int) perCapture.stream().filter(r -> r.worst().equals(Worst.UNUSABLE)).count();
        return new Result(perHost(perCapture), perCapture.size(), unusable);
    }

    /** The latest capture of each host (by capture time, then name); hosts sorted worst first. */
    static List<HostRow> perHost(List<HostRow> rows) {
        Map<String, List<HostRow>> byHost = new LinkedHashMap<>();
        for (HostRow r : rows) byHost.computeIfAbsent(r.host(), k -> new ArrayList<>()).add(r);
        List<HostRow> out = new ArrayList<>();
        Comparator<HostRow> latest = Comparator.comparing((HostRow r) -> r.capturedAt() == null ? "" : r.capturedAt())
                .thenComparing(HostRow::source);
        byHost.forEach((host, list) -> {
            HostRow last = list.stream().max(latest).orElseThrow();
            java.util.Set<String> boots = new java.util.HashSet<>();
            java.util.Set<String> low = new java.util.HashSet<>();
            for (HostRow r : list) {
                if (r.worst().equals(Worst.UNUSABLE)) continue;
                String boot = r.bootId() == null ? "capture:" + r.source() : r.bootId();
                boots.add(boot);
                if (r.faults() > 0) low.add(boot);
            }
            out.add(new HostRow(last.host(), last.worst(), last.where(), last.reason(), last.bootId(),
                    last.capturedAt(), last.kernel(), last.faults(), list.size(), last.source(), last.p2pRung(),
                    last.p2p(), boots.size(), low.size()));
        });
        out.sort(Comparator.comparingInt((HostRow r) -> r.worst().rank()).thenComparing(HostRow::host));
        return out;
    }

    static HostRow row(Path root, Path input) {
        CaptureAnalysis s;
        try {
            s = CaptureAnalysis.load(input);
        } catch (RuntimeException e) {
            return unusable(root, input, "could not be read: " + e);
        }
        String source = shown(root, input);
        String host = s.hostname() != null ? s.hostname() : s.capture().label();
        String kernel = s.capture().metadata().get("kernel");
        if (!s.usable()) {
            return new HostRow(host, Worst.UNUSABLE, "", s.firstError(), s.bootId(), s.capturedAt(), kernel, 0, 1, source);
        }
        HopVerdict worst = null;
        int faults = 0;
        for (HopVerdict h : s.report().hops()) {
            if (h.verdict().isFault()) faults++;
            if (worst == null || h.verdict().severityRank() < worst.verdict().severityRank()) worst = h;
        }
        if (worst == null) {
            // a virtual machine's passed-through card still has its own link: the analysis's first sentence says it
            List<String> said = s.report().summary();
            return new HostRow(host, Worst.NO_LINKS, "", said.isEmpty() ? "no PCIe link to judge in this capture"
                    : said.get(0), s.bootId(),
                    s.capturedAt(), kernel, 0, 1, source);
        }
        return withLadder(new HostRow(host, Worst.of(worst.verdict()), worst.hopLabel(), worst.reason(), s.bootId(),
                s.capturedAt(), kernel, faults, 1, source), s, input);
    }

    /** The lowest failed P2P ladder rung over every GPU pair, for a host with two or more GPUs. */
    static HostRow withLadder(HostRow row, CaptureAnalysis s, Path input) {
        if (Ladders.gpus(s.topology()).size() < 2) return row;
        Ladder lowest = null;
        for (Ladder l : Ladders.allGpuPairs(s.topology(), LadderEvidenceLoader.load(List.of(input)), s.report().peers())) {
            Rung f = l.lowestFailed();
            if (f != null && (lowest == null || f.rung() < lowest.lowestFailed().rung())) lowest = l;
        }
        if (lowest == null) return row.withP2p(null, "no rung failed");
        Rung f = lowest.lowestFailed();
        return row.withP2p(f.rung(), "rung " + f.rung() + " (" + f.name() + ") fails for "
                + s.topology().address(lowest.a()) + " and " + s.topology().address(lowest.b()));
    }

    private static HostRow unusable(Path root, Path input, String why) {
        return new HostRow(shown(root, input), Worst.UNUSABLE, "", why, null, null, null, 0, 1, shown(root, input));
    }

    private static String shown(Path root, Path input) {
        try {
            return root.relativize(input).toString().replace('\\', '/');
        } catch (IllegalArgumentException e) {
            return input.toString();
        }
    }

    /** The rows as CSV with a header ({@link Csv}: quoted where needed, formula-looking cells defused). */
    public static String csv(List<HostRow> rows) {
        List<List<String>> out = new ArrayList<>();
        for (HostRow r : rows) {
            out.add(java.util.Arrays.asList(r.host(), r.worst().key(), r.where(), r.reason(), r.bootId(),
                    r.capturedAt(), r.kernel(), Integer.toString(r.faults()), Integer.toString(r.captures()),
                    r.source(), r.p2pRung() == null ? "" : r.p2pRung().toString(), r.p2p(),
                    Integer.toString(r.bootsSeen()), Integer.toString(r.bootsLow())));
        }
        return Csv.table(List.of("host", "worst_verdict", "where", "reason", "boot_id", "captured_at", "kernel",
                "faults", "captures", "source", "p2p_lowest_failed_rung", "p2p", "boots_seen", "boots_low"), out);
    }
}
