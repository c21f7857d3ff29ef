package dev.lanescope.parse;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.WatchRecord;

/**
 * Reads a watch ({@code watch.txt}, docs/RULES.md §12), the one text form that {@code lanescope watch} and
 * {@code collect.sh --watch N} both write:
 * <pre>
 * # lanescope watch 1
 * # host: gpu-7
 * # boot_id: 0c7e...
 * # interval_s: 1
 * # device: 0000:01:00.0 class=0x030200 path=0000:00:01.1/0000:01:00.0
 * &#64; 1 2026-12-04T13:00:00Z
 * /sys/bus/pci/devices/0000:01:00.0/current_link_speed:2.5 GT/s PCIe
 * /sys/bus/pci/devices/0000:00:01.1/aer_dev_correctable:TOTAL_ERR_COR 0
 * nvidia-smi/0000:01:00.0/gen:1
 * nvidia-smi/0000:01:00.0/utilization:0
 * </pre>
 * The link lines are read as the sysfs listing is ({@link SysfsLinkParser}), the counters as
 * {@link ErrorCounterParser} reads them. Every line that cannot be read is a located problem.
 */
public final class WatchRecordParser {

    /** The first line of every watch. */
    public static final String HEADER = "# lanescope watch 1";
    private static final Pattern META = Pattern.compile("^#\\s*([a-z_]+):\\s*(.*)$");
    private static final Pattern SAMPLE = Pattern.compile("^@\\s+(\\d{1,9})\\s+(\\S+)\\s*$");
    private static final Pattern NVSMI = Pattern.compile("^nvidia-smi/(\\S+)/(gen|width|utilization):\\s*(.*)$");
    private static final Pattern DEVICE = Pattern.compile("^(\\S+)\\s+class=(?:0x)?([0-9a-fA-F]{4,6})\\s+path=(\\S+)\\s*$");

    private WatchRecordParser() {
    }

    /** True when the file's first non-blank line is the watch header. */
    public static boolean isWatch(List<String> lines) {
        for (String l : lines) {
            if (l == null || l.isBlank()) continue;
            return l.strip().equals(HEADER);
        }
        return false;
    }

    public static ParseResult<WatchRecord> parse(String fileName, List<String> lines) {
        List<Problem> problems = new ProblemList();
        String host = null;
        String boot = null;
        double interval = -1;
        Map<Bdf, WatchRecord.Device> devices = new LinkedHashMap<>();
        List<WatchRecord.Sample> samples = new ArrayList<>();
        int index = -1;
        Instant at = null;
        Map<Bdf, Mutable> now = null;
        int unread = 0;
        int firstUnread = 0;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l == null || l.isBlank()) continue;
            int line = i + 1;
            Matcher m;
            if ((m = META.matcher(l)).matches()) {
                String v = m.group(2).strip();
                switch (m.group(1)) {
                    case "host" -> host = v;
                    case "boot_id" -> boot = v;
                    case "interval_s" -> {
                        interval = decimal(v);
                        if (interval <= 0) problems.add(Problem.warning(fileName, line, "interval '" + Text.clip(v)
                                + "' is not a number of seconds; the watch is read without it"));
                    }
                    case "device" -> device(fileName, line, v, devices, problems);
                    default -> { }
                }
                continue;
            }
            if (l.startsWith("#")) continue;
            if ((m = SAMPLE.matcher(l)).matches()) {
                if (now != null) samples.add(sample(index, at, now));
                index = Integer.parseInt(m.group(1));
                try {
                    at = Instant.parse(m.group(2));
                } catch (DateTimeParseException e) {
                    problems.add(Problem.warning(fileName, line, "sample " + index + ": time '" + Text.clip(m.group(2))
                            + "' is not a UTC time like 2026-12-04T13:00:00Z; the sample is kept without it"));
                    at = null;
                }
                now = new HashMap<>();
                continue;
            }
            if (now == null) {
                problems.add(Problem.warning(fileName, line, "a reading before the first sample line (@ N TIME); ignored"));
                continue;
            }
            if (!reading(fileName, line, l, now, problems) && unread++ == 0) firstUnread = line;
        }
        if (now != null) samples.add(sample(index, at, now));
        if (unread > 0) {
            problems.add(Problem.info(fileName, firstUnread, unread + " line(s) are not watch readings; ignored"));
        }
        if (samples.isEmpty()) problems.add(Problem.warning(fileName, 1, "the watch holds no sample"));
        Instant started = samples.isEmpty() ? null : samples.get(0).at();
        return new ParseResult<>(new WatchRecord(host, boot, interval, started, devices, samples, fileName), problems);
    }

    /** One line of a sample; false when it is none of the reading shapes. */
    private static boolean reading(String file, int line, String l, Map<Bdf, Mutable> now, List<Problem> problems) {
        Matcher nv = NVSMI.matcher(l);
        if (nv.matches()) {
            Bdf bdf = Bdf.tryParse(nv.group(1));
            double v = decimal(nv.group(3).strip());
            if (bdf == null || v < 0) {
                problems.add(Problem.warning(file, line, "nvidia-smi reading '" + Text.clip(l) + "' cannot be read; ignored"));
                return true;
            }
            Mutable r = now.computeIfAbsent(bdf, k -> new Mutable());
            switch (nv.group(2)) {
                case "gen" -> r.nvGen = (int) v;
                case "width" -> r.nvWidth = (int) v;
                default -> r.util = (int) v;
            }
            return true;
        }
        if (ErrorCounterParser.isLine(l)) {
            ParseResult<Map<Bdf, ErrorCounters>> one = ErrorCounterParser.parseListing(file, List.of(l));
            for (Problem p : one.problems()) problems.add(Problem.warning(file, line, p.message()));
            for (Map.Entry<Bdf, ErrorCounters> e : one.value().entrySet()) {
                Mutable r = now.computeIfAbsent(e.getKey(), k -> new Mutable());
                r.errors = e.getValue().orElse(r.errors);
            }
            return true;
        }
        if (SysfsLinkParser.isListingLine(l)) {
            for (String[] e : SysfsLinkParser.entries(l)) {
                Bdf bdf = Bdf.tryParse(e[0]);
                if (bdf == null || e[1].equals("numa_node")) continue;
                Mutable r = now.computeIfAbsent(bdf, k -> new Mutable());
                String v = e[2].strip();
                boolean speed = e[1].endsWith("speed");
                LinkSpeed s = speed ? LinkSpeed.parse(v) : null;
                int w = speed ? 0 : (int) decimal(v);
                if (speed && s == null || !speed && w < 0) {
                    problems.add(Problem.warning(file, line, e[1] + " '" + Text.clip(v) + "' cannot be read; ignored"));
                    continue;
                }
                switch (e[1]) {
                    case "current_link_speed" -> r.curSpeed = s;
                    case "current_link_width" -> r.curWidth = w;
                    case "max_link_speed" -> r.maxSpeed = s;
                    default -> r.maxWidth = w;
                }
            }
            return true;
        }
        return false;
    }

    private static void device(String file, int line, String v, Map<Bdf, WatchRecord.Device> devices,
                               List<Problem> problems) {
        Matcher d = DEVICE.matcher(v);
        Bdf bdf = d.matches() ? Bdf.tryParse(d.group(1)) : null;
        if (bdf == null) {
            problems.add(Problem.warning(file, line, "device line '" + Text.clip(v) + "' cannot be read; ignored"));
            return;
        }
        List<Bdf> path = new ArrayList<>();
        for (String p : d.group(3).split("/")) {
            Bdf b = Bdf.tryParse(p);
            if (b != null) path.add(b);
        }
        if (path.isEmpty() || !path.get(path.size() - 1).equals(bdf)) path.add(bdf);
        devices.put(bdf, new WatchRecord.Device(bdf, Integer.parseInt(d.group(2), 16) >> (d.group(2).length() > 4 ? 8 : 0),
                path));
    }

    private static WatchRecord.Sample sample(int index, Instant at, Map<Bdf, Mutable> now) {
        Map<Bdf, WatchRecord.Reading> r = new LinkedHashMap<>();
        now.forEach((k, v) -> r.put(k, v.build()));
        return new WatchRecord.Sample(index, at, r);
    }

    /** A small decimal (a count, a percentage, seconds), or -1. */
    private static double decimal(String s) {
        if (s.isEmpty() || s.length() > 12 || !s.matches("\\d+(\\.\\d+)?")) return -1;
        return Double.parseDouble(s);
    }

    private static final class Mutable {
        LinkSpeed curSpeed;
        int curWidth = -1;
        LinkSpeed maxSpeed;
        int maxWidth = -1;
        ErrorCounters errors = ErrorCounters.NONE;
        int nvGen = -1;
        int nvWidth = -1;
        int util = -1;

        WatchRecord.Reading build() {
            return new WatchRecord.Reading(state(curSpeed, curWidth), state(maxSpeed, maxWidth), errors, nvGen, nvWidth,
                    util);
        }

        private static LinkState state(LinkSpeed s, int w) {
            if (s == null && w < 0) return null;
            return LinkState.of(s == null ? LinkSpeed.UNKNOWN : s, w < 0 || w > 63 ? 0 : w);
        }
    }
}
