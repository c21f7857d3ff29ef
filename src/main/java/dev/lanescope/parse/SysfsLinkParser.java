package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;

/**
 * Reads the sysfs link files {@code current_link_speed}, {@code max_link_speed}, {@code current_link_width},
 * {@code max_link_width} (formats doc §6), either as a {@code grep -H . /sys/bus/pci/devices/*}{@code /..._link_*}
 * listing ({@link #parseListing}) or as real files ({@link #parseFiles}). Both speed spellings are read
 * ({@code 8 GT/s}, {@code Unknown speed}; {@code 8.0 GT/s PCIe}, {@code Unknown}). A width of 255
 * ({@code PCIE_LNK_WIDTH_UNKNOWN}) is recorded as width 0 ("not reported"), with a note.
 */
public final class SysfsLinkParser {

    private static final String BDF = "[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]";
    /** {@code .../<BDF>/<attr>:<value>} as grep -H prints it. */
    public static final Pattern LISTING_LINE =
            Pattern.compile("^\\s*(?:\\S*/)?(" + BDF + ")/((?:current|max)_link_(?:speed|width)|numa_node):(.*)$");
    private static final String KEY = "(?:current|max)_link_(?:speed|width)|numa_node";
    /**
     * One device per line, {@code key=value} pairs after its address: {@code 0000:00:06.0 current_link_speed=32.0 GT/s
     * PCIe current_link_width=16 max_link_speed=32.0 GT/s PCIe max_link_width=16 numa_node=-1} (pairs may also be
     * separated by commas or semicolons, values may be quoted; a path before the address is allowed).
     */
    public static final Pattern KEY_VALUE_LINE =
            Pattern.compile("^\\s*(?:\\S*/)?(" + BDF + ")\\s*[:\\s]\\s*(?:" + KEY + ")\\s*=.*$");
    private static final Pattern PAIR = Pattern.compile("(" + KEY + ")\\s*=\\s*(.*?)\\s*(?=[,;]?\\s*(?:" + KEY
            + ")\\s*=|[,;]?\\s*$)");
    private static final Pattern ATTR = Pattern.compile("(current|max)_link_(speed|width)");
    private static final Pattern BDF_DIR = Pattern.compile(BDF);

    private SysfsLinkParser() {
    }

    /** True when a line is a sysfs link line of either shape: {@code path/<BDF>/<attr>:<value>} or key=value pairs. */
    public static boolean isListingLine(String line) {
        // both shapes name a link attribute or numa_node: a line with neither is no sysfs line (and costs no matcher)
        return line != null && (line.contains("_link_") || line.contains("numa_node"))
                && (LISTING_LINE.matcher(line).matches() || KEY_VALUE_LINE.matcher(line).matches());
    }

    /** The {address, attribute, value} entries of one line of either shape; empty when it is neither. */
    static List<String[]> entries(String line) {
        List<String[]> out = new ArrayList<>();
        if (line == null) return out;
        Matcher m = LISTING_LINE.matcher(line);
        if (m.matches()) {
            out.add(new String[] {m.group(1), m.group(2), m.group(3)});
            return out;
        }
        Matcher kv = KEY_VALUE_LINE.matcher(line);
        if (!kv.matches()) return out;
        Matcher p = PAIR.matcher(line.substring(kv.end(1)));
        while (p.find()) {
            String v = p.group(2).strip();
            if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
                v = v.substring(1, v.length() - 1);
            }
            out.add(new String[] {kv.group(1), p.group(1), v});
        }
        return out;
    }

    /** True when the file name is one of the four link attributes. */
    public static boolean isLinkAttribute(String name) {
        return name != null && ATTR.matcher(name).matches();
    }

    /** True when a directory name is a full PCI address as sysfs writes it. */
    public static boolean isBdfDirectory(String name) {
        return name != null && BDF_DIR.matcher(name).matches();
    }

    /** A grep -H listing: one {@code path:value} per line; other lines are reported once. */
    public static ParseResult<Map<Bdf, PciFunction.SysfsLink>> parseListing(String fileName, List<String> lines) {
        Acc acc = new Acc();
        List<Problem> problems = new ProblemList();
        int skipped = 0;
        int firstSkipped = 0;
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String line = lines.get(i);
            if (line == null || line.isBlank()) continue;
            List<String[]> es = entries(line);
            if (es.isEmpty()) {
                if (skipped++ == 0) firstSkipped = i + 1;
                continue;
            }
            for (String[] e : es) {
                if (e[1].equals("numa_node")) continue; // read by numaNodes()
                acc.put(fileName, i + 1, e[0], e[1], e[2], problems);
            }
        }
        if (skipped > 0) {
            problems.add(Problem.info(fileName, firstSkipped, skipped + " line(s) are not sysfs link lines; ignored"));
        }
        return new ParseResult<>(acc.build(), problems);
    }

    /** The {@code numa_node} lines of a listing (the collector writes them beside the link files); -1 is skipped. */
    public static Map<Bdf, Integer> numaNodes(List<String> lines) {
        Map<Bdf, Integer> out = new TreeMap<>();
        for (String line : lines == null ? List.<String>of() : lines) {
            for (String[] e : entries(line)) {
                if (!e[1].equals("numa_node")) continue;
                Bdf bdf = Bdf.tryParse(e[0]);
                try {
                    int n = Integer.parseInt(e[2].strip());
                    if (bdf != null && n >= 0) out.put(bdf, n);
                } catch (NumberFormatException x) {
                    // not a number: ignored like any other unreadable line
                }
            }
        }
        return out;
    }

    /**
     * Real files: keys are paths ending {@code <BDF>/<attribute>} (any separator {@code /}), values the
     * file contents. Files that are not link attributes are ignored.
     */
    public static ParseResult<Map<Bdf, PciFunction.SysfsLink>> parseFiles(Map<String, String> contentByPath) {
        Acc acc = new Acc();
        List<Problem> problems = new ProblemList();
        for (Map.Entry<String, String> e : new TreeMap<>(contentByPath).entrySet()) {
            String[] parts = e.getKey().split("/");
            if (parts.length < 2) continue;
            String attr = parts[parts.length - 1];
            String dir = parts[parts.length - 2];
            if (!isLinkAttribute(attr) || !isBdfDirectory(dir)) continue;
            String value = e.getValue() == null ? "" : e.getValue().strip();
            int nl = value.indexOf('\n');
            if (nl >= 0) value = value.substring(0, nl).strip();
            acc.put(e.getKey(), 1, dir, attr, value, problems);
        }
        return new ParseResult<>(acc.build(), problems);
    }

    /** Collects the four values per function. */
    private static final class Acc {
        private final Map<Bdf, String[]> values = new HashMap<>();

        void put(String file, int line, String bdfText, String attr, String value, List<Problem> problems) {
            Bdf bdf = Bdf.tryParse(bdfText);
            if (bdf == null) {
                problems.add(Problem.warning(file, line, "'" + Text.clip(bdfText) + "' is not a valid PCI address; ignored"));
                return;
            }
            String v = value.strip();
            int slot = switch (attr) {
                case "current_link_speed" -> 0;
                case "current_link_width" -> 1;
                case "max_link_speed" -> 2;
                default -> 3;
            };
            if (slot == 0 || slot == 2) {
                if (LinkSpeed.parse(v) == null) {
                    problems.add(Problem.warning(file, line, attr + " '" + Text.clip(v) + "' is not a link speed; ignored"));
                    return;
                }
            } else {
                int w = width(v);
                if (w == -2) {
                    problems.add(Problem.warning(file, line, attr + " '" + Text.clip(v) + "' is not a link width; ignored"));
                    return;
                }
                if (w == 255) {
                    problems.add(Problem.info(file, line, bdf + " " + attr
                            + " reads 255: the width is unknown (LnkCap reads 0); recorded as not reported"));
                }
            }
            values.computeIfAbsent(bdf, k -> new String[4])[slot] = v;
        }

        Map<Bdf, PciFunction.SysfsLink> build() {
            Map<Bdf, PciFunction.SysfsLink> out = new TreeMap<>();
            for (Map.Entry<Bdf, String[]> e : values.entrySet()) {
                String[] v = e.getValue();
                out.put(e.getKey(), new PciFunction.SysfsLink(state(v[0], v[1]), state(v[2], v[3])));
            }
            return out;
        }

        private static LinkState state(String speed, String width) {
            if (speed == null && width == null) return null;
            LinkSpeed s = speed == null ? LinkSpeed.UNKNOWN : LinkSpeed.parse(speed);
            int w = width == null ? 0 : width(width);
            if (w < 0 || w > 63) w = 0; // 255 = unknown
            return LinkState.of(s == null ? LinkSpeed.UNKNOWN : s, w);
        }

        /** The width, or -2 when the text is not a number. */
        private static int width(String text) {
            try {
                int w = Integer.parseInt(text.strip());
                return w < 0 ? -2 : w;
            } catch (NumberFormatException e) {
                return -2;
            }
        }
    }
}
