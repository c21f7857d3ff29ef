package dev.lanescope.probe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.lanescope.model.Units;

/**
 * Two receipts side by side (before/after a reboot, or two machines): per size and series the GB/s change, and
 * whether the link state differed. The summary sentence comes first: a change that comes with a different link state
 * is the link's, not the code's.
 */
public record ReceiptCompare(String summary, List<Change> changes, String linkA, String linkB, boolean linkDiffers,
                             Boolean sameBoot) {

    /** One (size, series): GB/s in A and in B. */
    public record Change(long bytes, String series, double a, double b) {
        public double ratio() {
            return b / a;
        }

        public String line() {
            return String.format(Locale.ROOT, "%-12s %-20s %9s -> %9s GB/s  %+7.1f %%", LinkMath.size(bytes), series,
                    Units.twoDecimals(a), Units.twoDecimals(b), (ratio() - 1) * 100);
        }
    }

    public ReceiptCompare {
        changes = List.copyOf(changes);
    }

    public static ReceiptCompare of(Receipt a, Receipt b) {
        ReceiptReading ra = ReceiptReading.of(a);
        ReceiptReading rb = ReceiptReading.of(b);
        Map<String, ProbeResult> ma = index(a);
        List<Change> out = new ArrayList<>();
        for (ProbeResult y : b.results()) {
            ProbeResult x = ma.get(key(y));
            if (x != null && x.gbPerS() > 0 && y.gbPerS() > 0) out.add(new Change(y.bytes(), y.series(), x.gbPerS(), y.gbPerS()));
        }
        out.sort((p, q) -> p.bytes() != q.bytes() ? Long.compare(p.bytes(), q.bytes()) : p.series().compareTo(q.series()));
        String la = LinkMath.link(ra.trainedGen(), ra.trainedWidth());
        String lb = LinkMath.link(rb.trainedGen(), rb.trainedWidth());
        boolean differs = ra.trainedGen() != rb.trainedGen() || ra.trainedWidth() != rb.trainedWidth();
        Boolean sameBoot = a.bootId() == null || b.bootId() == null ? null : a.bootId().equals(b.bootId());

        Change headline = out.stream().filter(c -> c.series().equals("pinned h2d_async"))
                .max((p, q) -> Long.compare(p.bytes(), q.bytes())).orElse(out.isEmpty() ? null : out.get(out.size() - 1));
        Change biggest = out.stream().max((p, q) -> Double.compare(Math.abs(Math.log(p.ratio())), Math.abs(Math.log(q.ratio()))))
                .orElse(null);
        long within = out.stream().filter(c -> Math.abs(c.ratio() - 1) <= 0.05).count();
        StringBuilder s = new StringBuilder();
        if (out.isEmpty()) {
            s.append("Nothing to compare: the two receipts share no (size, memory, mode).");
        } else if (differs) {
            s.append("The link state differed (").append(a.label()).append(": ").append(la).append(", ")
                    .append(b.label()).append(": ").append(lb).append("): ");
            s.append(headline.series()).append(" at ").append(LinkMath.size(headline.bytes())).append(' ')
                    .append(Units.twoDecimals(headline.a())).append(" -> ").append(Units.twoDecimals(headline.b()))
                    .append(String.format(Locale.ROOT, " GB/s (%+.0f %%)", (headline.ratio() - 1) * 100))
                    .append(": the change follows the link, not the code; compare timings only within one link state.");
        } else {
            s.append("Same link state (").append(la).append(" in both): ");
            s.append(headline.series()).append(" at ").append(LinkMath.size(headline.bytes())).append(' ')
                    .append(Units.twoDecimals(headline.a())).append(" -> ").append(Units.twoDecimals(headline.b()))
                    .append(String.format(Locale.ROOT, " GB/s (%+.1f %%)", (headline.ratio() - 1) * 100))
                    .append("; ").append(within).append(" of ").append(out.size())
                    .append(" rows within ±5 %; largest change ")
                    .append(String.format(Locale.ROOT, "%+.1f %%", (biggest.ratio() - 1) * 100)).append(" (")
                    .append(biggest.series()).append(" at ").append(LinkMath.size(biggest.bytes())).append(").");
        }
        if (Boolean.TRUE.equals(sameBoot)) s.append(" Both in one boot.");
        else if (Boolean.FALSE.equals(sameBoot)) s.append(" Different boots (").append(short8(a.bootId())).append(" vs ")
                .append(short8(b.bootId())).append(").");
        return new ReceiptCompare(s.toString(), out, la, lb, differs, sameBoot);
    }

    private static String short8(String id) {
        return id.length() > 8 ? id.substring(0, 8) + "…" : id;
    }

    private static Map<String, ProbeResult> index(Receipt r) {
        Map<String, ProbeResult> m = new LinkedHashMap<>();
        for (ProbeResult x : r.results()) m.put(key(x), x);
        return m;
    }

    private static String key(ProbeResult x) {
        return x.bytes() + "|" + x.series();
    }

    /** The summary, then one line per change. */
    public String text() {
        StringBuilder sb = new StringBuilder(summary).append('\n');
        for (Change c : changes) sb.append("  ").append(c.line()).append('\n');
        return sb.toString();
    }
}
