package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.KernelBandwidthLine;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.SourceRef;

/**
 * Finds the kernel's "available PCIe bandwidth" lines (formats doc §5) in dmesg ({@code [  1.234]},
 * {@code [Feb26 10:50]}, {@code [  +0.000]}), journalctl/syslog ({@code Mar 10 12:00:00 host kernel: ...}) or bare
 * text. Both speed spellings ({@code 8 GT/s} before 5.7, {@code 8.0 GT/s PCIe} since), the limited and the
 * not-limited forms and the {@code , in Flit mode} suffix are read. Unrelated lines are ignored silently.
 */
public final class KernelLogParser {

    private static final String BDF = "[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]";
    private static final String SPEED = "(Unknown(?: speed)?|\\d+(?:\\.\\d+)? ?GT/s(?: PCIe)?)";
    private static final Pattern LINE = Pattern.compile(
            "(\\S+ (" + BDF + "): (\\d+)\\.(\\d{3}) Gb/s available PCIe bandwidth"
                    + "(?:, limited by " + SPEED + " x(\\d+) link at (\\S+) \\(capable of (\\d+)\\.(\\d{3}) Gb/s with "
                    + SPEED + " x(\\d+) link\\)"
                    + "| \\(" + SPEED + " x(\\d+) link\\))"
                    + "(, in Flit mode)?)");
    private static final String MARKER = "available PCIe bandwidth";

    /** What may stand before the driver name: nothing, a kmsg level, a dmesg stamp, a syslog/journal prefix. */
    private static final Pattern LOG_PREFIX = Pattern.compile(
            "^\\s*(?:<\\d>)?(?:\\[[^\\]]*\\]\\s*)?$"
                    + "|^(?:[A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d|\\d{4}-\\d\\d-\\d\\dT\\S+) \\S+ kernel:\\s*"
                    + "(?:\\[[^\\]]*\\]\\s*)?$");

    private KernelLogParser() {
    }

    /** True when the line is a bandwidth line as a log prints it (not one quoted inside prose). */
    public static boolean isLogLine(String line) {
        if (line == null || !line.contains(MARKER)) return false;
        Matcher m = LINE.matcher(line);
        return m.find() && LOG_PREFIX.matcher(line.substring(0, m.start())).matches();
    }

    /** Reads every bandwidth line; a line that has the marker but cannot be read is reported. */
    public static ParseResult<List<KernelBandwidthLine>> parse(String fileName, List<String> lines) {
        List<KernelBandwidthLine> out = new ArrayList<>();
        List<Problem> problems = new ProblemList();
        if (lines == null) return new ParseResult<>(out, problems);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line == null || !line.contains(MARKER)) continue;
            try {
                List<Problem> bad = new ArrayList<>(1);
                KernelBandwidthLine k = read(line, new SourceRef(fileName, i + 1), new Numbers.At(fileName, i + 1, bad));
                problems.addAll(bad);
                if (k != null) {
                    out.add(k);
                } else if (bad.isEmpty()) {
                    problems.add(Problem.warning(fileName, i + 1,
                            "kernel bandwidth line not in a known format; skipped"));
                }
            } catch (RuntimeException e) {
                problems.add(Problem.fault(fileName, i + 1, "kernel bandwidth line could not be read; skipped",
                        e));
            }
        }
        return new ParseResult<>(out, problems);
    }

    /** One line, or null when it is not the bandwidth line, or (with a WARNING in {@code at}) holds an absurd number. */
    static KernelBandwidthLine read(String line, SourceRef source, Numbers.At at) {
        Matcher m = LINE.matcher(line);
        if (!m.find()) return null;
        Bdf device = Bdf.tryParse(m.group(2));
        Long available = mbps(at, m.group(3), m.group(4));
        boolean flit = m.group(14) != null;
        if (device == null || available == null) return null;
        if (m.group(5) != null) {
            LinkState limitedBy = state(at, m.group(5), m.group(6));
            Bdf limiting = Bdf.tryParse(m.group(7));
            Long capable = mbps(at, m.group(8), m.group(9));
            LinkState cap = state(at, m.group(10), m.group(11));
            if (limitedBy == null || capable == null || cap == null) return null;
            return new KernelBandwidthLine(device, available, limitedBy, limiting, capable, cap, flit, m.group(1),
                    source);
        }
        LinkState cap = state(at, m.group(12), m.group(13));
        if (cap == null) return null;
        return new KernelBandwidthLine(device, available, null, null, available, cap, flit, m.group(1), source);
    }

    /** Gb/s with three decimals, as Mb/s. */
    private static Long mbps(Numbers.At at, String whole, String thousandths) {
        Long w = at.whole("bandwidth", whole, 0, Long.MAX_VALUE / 1000 - 1000);
        return w == null ? null : w * 1000 + Long.parseLong(thousandths); // thousandths: exactly three digits
    }

    private static LinkState state(Numbers.At at, String speed, String width) {
        LinkSpeed s = LinkSpeed.parse(speed);
        Integer w = at.integer("link width", width, 0, 64);
        return w == null ? null : LinkState.of(s == null ? LinkSpeed.UNKNOWN : s, w);
    }
}
