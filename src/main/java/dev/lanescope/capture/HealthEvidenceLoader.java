package dev.lanescope.capture;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.Problem;
import dev.lanescope.model.WatchRecord;
import dev.lanescope.parse.ErrorCounterParser;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.WatchRecordParser;

/**
 * Reads a capture's link-health evidence (docs/RULES.md §12): error counter listings ({@code sysfs-aer.txt} of a
 * collect.sh bundle, or any file of that shape) and watches ({@code watch.txt}), within the same size bounds as a
 * capture. The capture loader names these files and reports their problems; this reads their values.
 */
public final class HealthEvidenceLoader {

    /**
     * What was found: the counters by function (the last listing read wins for a function) and every watch.
     *
     * @param counters the error counters read beside the capture (since boot)
     * @param watches  the watches, in the order read
     */
    public record HealthEvidence(Map<Bdf, ErrorCounters> counters, List<WatchRecord> watches, List<Problem> problems) {
        public HealthEvidence {
            counters = Map.copyOf(counters);
            watches = List.copyOf(watches);
            problems = List.copyOf(problems);
        }

        public static final HealthEvidence NONE = new HealthEvidence(Map.of(), List.of(), List.of());
    }

    private HealthEvidenceLoader() {
    }

    public static HealthEvidence load(List<Path> inputs) {
        List<Problem> problems = new ArrayList<>();
        Map<Bdf, ErrorCounters> counters = new LinkedHashMap<>();
        List<WatchRecord> watches = new ArrayList<>();
        // unreadable files are the capture loader's to report; only this reader's own problems are kept
        InputReader.eachText(inputs, new ArrayList<>(), (name, lines) -> read(name, lines, counters, watches, problems));
        return new HealthEvidence(counters, watches, problems);
    }

    /** True (and the values kept) when the file is a counter listing or a watch. */
    static boolean read(String name, List<String> lines, Map<Bdf, ErrorCounters> counters, List<WatchRecord> watches,
                        List<Problem> problems) {
        if (WatchRecordParser.isWatch(lines)) {
            ParseResult<WatchRecord> r = WatchRecordParser.parse(name, lines);
            watches.add(r.value());
            problems.addAll(r.problems());
            return true;
        }
        if (ErrorCounterParser.looksLikeListing(lines)) {
            ParseResult<Map<Bdf, ErrorCounters>> r = ErrorCounterParser.parseListing(name, lines);
            counters.putAll(r.value());
            problems.addAll(r.problems());
            return true;
        }
        return false;
    }
}
