package dev.lanescope.fleet;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.lanescope.analysis.BootHistory;
import dev.lanescope.pipeline.CaptureAnalysis;

/**
 * The boot history of the host (or hosts) whose captures lie under a folder (docs/RULES.md §12): every capture is read
 * and judged with its own evidence (a watch in the bundle counts), and only each hop's state is kept, so a thousand
 * bundles need no more memory than their states.
 */
public final class HostHistory {

    /**
     * The histories by host, and the captures that could not be read (with why).
     */
    public record Result(Map<String, BootHistory> byHost, List<String> unusable, int captures) {

        /** One line per capture that could not be read: "skipped NAME: why" (its file and line where known). */
        public List<String> skippedLines() {
            return unusable.stream().map(u -> "skipped " + u).toList();
        }

        /** Said when nothing under {@code dir} could be read. */
        public static String noneUsable(Path dir) {
            return "no usable capture under " + dir;
        }

        /** Said before the hosts when the folder holds captures of several: history is per host. */
        public java.util.Optional<String> severalHosts(Path dir) {
            return byHost.size() > 1 ? java.util.Optional.of(byHost.size() + " hosts under " + dir
                    + " (history is per host; each follows):") : java.util.Optional.empty();
        }

        /** "gpu-7: 8 boot(s) from 9 capture(s), 2026-01-01T00:00:00Z to 2026-02-01T00:00:00Z". */
        public String hostLine(String host) {
            BootHistory h = byHost.get(host);
            return host + ": " + h.boots().size() + " boot(s) from " + captures + " capture(s), "
                    + h.boots().get(0).capturedAt() + " to " + h.boots().get(h.boots().size() - 1).capturedAt();
        }
    }

    /** How far a load is: {@code done} of {@code total} captures read. */
    public interface Progress {
        Progress NONE = (done, total) -> { };

        void at(int done, int total);
    }

    private HostHistory() {
    }

    public static Result load(Path dir, int threads) throws IOException {
        return load(dir, threads, Progress.NONE);
    }

    /** As {@link #load(Path, int)}, saying after each capture how many are read; stops when interrupted. */
    public static Result load(Path dir, int threads, Progress progress) throws IOException {
        List<Path> inputs = FleetScan.captures(dir);
        progress.at(0, inputs.size());
        Map<String, List<BootHistory.Boot>> byHost = new TreeMap<>();
        List<String> unusable = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<Future<Object[]>> futures = new ArrayList<>();
            for (Path p : inputs) futures.add(pool.submit(() -> boot(dir, p)));
            for (int i = 0; i < futures.size(); i++) {
                Object[] r;
                try {
                    r = futures.get(i).get();
                } catch (ExecutionException e) {
                    unusable.add(inputs.get(i) + ": could not be read (" + e.getCause() + ")");
                    continue;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("history interrupted", e);
                }
                progress.at(i + 1, inputs.size());
                if (r[1] == null) unusable.add((String) r[0]);
                else byHost.computeIfAbsent((String) r[0], k -> new ArrayList<>()).add((BootHistory.Boot) r[1]);
            }
        } finally {
            pool.shutdownNow();
        }
        Map<String, BootHistory> out = new LinkedHashMap<>();
        byHost.forEach((h, boots) -> out.put(h, BootHistory.of(boots)));
        return new Result(out, unusable, inputs.size());
    }

    /** {host, boot} of one capture, or {why, null} when it holds nothing usable. */
    private static Object[] boot(Path root, Path input) {
        CaptureAnalysis a = CaptureAnalysis.load(input);
        String shown;
        try {
            shown = root.relativize(input).toString().replace('\\', '/');
        } catch (IllegalArgumentException e) {
            shown = input.toString();
        }
        if (!a.usable()) return new Object[] {shown + ": " + a.firstError(), null};
        String host = a.hostname() != null ? a.hostname() : "(no host name)";
        return new Object[] {host, new BootHistory.Boot(a.bootId(), a.capturedAt(), shown,
                BootHistory.states(a.report()))};
    }
}
