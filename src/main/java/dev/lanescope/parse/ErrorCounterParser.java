package dev.lanescope.parse;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;

/**
 * Reads error counters written as {@code grep -H} prints sysfs files, one value a line (docs/RULES.md §12):
 * {@code /sys/bus/pci/devices/<BDF>/aer_dev_correctable:TOTAL_ERR_COR 3} (each line of the multi-line
 * {@code aer_dev_*} files; only the {@code TOTAL_ERR_*} line is kept), {@code .../aer_rootport_total_err_cor:0},
 * amdgpu's {@code .../pcie_replay_count:0}, and nvidia-smi's replay counter written by the watch and the collector
 * as {@code nvidia-smi/<BDF>/replay_count:0}. collect.sh writes them to {@code sysfs-aer.txt}; the watch writes them in
 * every sample.
 */
public final class ErrorCounterParser {

    private static final String BDF = "[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]";
    private static final Pattern LINE = Pattern.compile("^\\s*(?:\\S*/)?(" + BDF + ")/(aer_dev_correctable|aer_dev_nonfatal"
            + "|aer_dev_fatal|aer_rootport_total_err_cor|aer_rootport_total_err_nonfatal|aer_rootport_total_err_fatal"
            + "|pcie_replay_count|replay_count):(.*)$");

    private ErrorCounterParser() {
    }

    /** True when the line is one counter line of the shapes above. */
    public static boolean isLine(String line) {
        return line != null && (line.contains("aer_") || line.contains("replay_count")) && LINE.matcher(line).matches();
    }

    /** True when most non-blank lines of a file are counter lines (so the file is a counter listing). */
    public static boolean looksLikeListing(List<String> lines) {
        int counted = 0;
        int other = 0;
        for (String l : lines) {
            if (l == null || l.isBlank() || l.startsWith("#")) continue;
            if (isLine(l)) counted++;
            else other++;
        }
        return counted > 0 && counted >= other;
    }

    /** The counters of a listing, by function; a line whose value is no count is a located WARNING. */
    public static ParseResult<Map<Bdf, ErrorCounters>> parseListing(String fileName, List<String> lines) {
        Map<Bdf, ErrorCounters> out = new TreeMap<>();
        List<Problem> problems = new ProblemList();
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String line = lines.get(i);
            if (line == null || !isLine(line)) continue;
            Matcher m = LINE.matcher(line);
            if (!m.matches()) continue;
            Bdf bdf = Bdf.tryParse(m.group(1));
            if (bdf == null) {
                problems.add(Problem.warning(fileName, i + 1, "'" + Text.clip(m.group(1)) + "' is not a PCI address; ignored"));
                continue;
            }
            ErrorCounters before = out.getOrDefault(bdf, ErrorCounters.NONE);
            ErrorCounters after = apply(before, m.group(2), m.group(3));
            if (after == null) {
                problems.add(Problem.warning(fileName, i + 1, m.group(2) + " of " + bdf + ": '" + Text.clip(m.group(3).strip())
                        + "' is not a count; ignored"));
                continue;
            }
            out.put(bdf, after);
        }
        return new ParseResult<>(out, problems);
    }

    /**
     * The counters with one more value: {@code attribute} is the file's name, {@code value} one of its lines. Lines of
     * an {@code aer_dev_*} file other than its {@code TOTAL_ERR_*} line leave the counters as they are. Null when the
     * value is not a count.
     */
    public static ErrorCounters apply(ErrorCounters c, String attribute, String value) {
        String v = value == null ? "" : value.strip();
        if (attribute.startsWith("aer_dev_")) {
            if (!v.startsWith("TOTAL_ERR_")) return v.isEmpty() || v.indexOf(' ') > 0 ? c : null;
            int sp = v.lastIndexOf(' ');
            long n = count(sp < 0 ? "" : v.substring(sp + 1));
            if (n < 0) return null;
            return switch (attribute) {
                case "aer_dev_correctable" -> new ErrorCounters(n, c.nonFatal(), c.fatal(), c.replays(),
                        c.rootCorrectable(), c.rootNonFatal(), c.rootFatal());
                case "aer_dev_nonfatal" -> new ErrorCounters(c.correctable(), n, c.fatal(), c.replays(),
                        c.rootCorrectable(), c.rootNonFatal(), c.rootFatal());
                default -> new ErrorCounters(c.correctable(), c.nonFatal(), n, c.replays(), c.rootCorrectable(),
                        c.rootNonFatal(), c.rootFatal());
            };
        }
        long n = count(v);
        if (n < 0) return null;
        return switch (attribute) {
            case "aer_rootport_total_err_cor" -> new ErrorCounters(c.correctable(), c.nonFatal(), c.fatal(), c.replays(),
                    n, c.rootNonFatal(), c.rootFatal());
            case "aer_rootport_total_err_nonfatal" -> new ErrorCounters(c.correctable(), c.nonFatal(), c.fatal(),
                    c.replays(), c.rootCorrectable(), n, c.rootFatal());
            case "aer_rootport_total_err_fatal" -> new ErrorCounters(c.correctable(), c.nonFatal(), c.fatal(),
                    c.replays(), c.rootCorrectable(), c.rootNonFatal(), n);
            default -> new ErrorCounters(c.correctable(), c.nonFatal(), c.fatal(), n, c.rootCorrectable(),
                    c.rootNonFatal(), c.rootFatal());
        };
    }

    /** A non-negative decimal count, or -1. */
    private static long count(String s) {
        if (s.isEmpty() || s.length() > 19) return -1;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') return -1;
        }
        return Long.parseLong(s);
    }
}
