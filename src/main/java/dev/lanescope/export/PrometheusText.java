package dev.lanescope.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.WatchReport;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.Units;

/**
 * The Prometheus text exposition format ({@code --format openmetrics}) for node_exporter's textfile collector
 * (docs/RULES.md §12): one gauge per hop and fact (trained and capable speed and width, whether it is a fault), the
 * verdict, host and boot id as labels, the error counters per function, and a watch's lowest and highest states and
 * error deltas. Families are written whole (HELP, TYPE, then their samples), label values escaped as the format says.
 */
public final class PrometheusText {

    private final Map<String, Family> families = new LinkedHashMap<>();

    private record Family(String help, String type, List<String> samples) {
    }

    /** The hop metrics of one analysed capture; {@code metadata} gives host and boot id labels. */
    public static String ofReport(Report report, Map<String, String> metadata) {
        PrometheusText t = new PrometheusText();
        t.report(report, metadata);
        return t.text();
    }

    /** A capture's hop metrics and its watch's. */
    public static String ofWatch(Report report, WatchReport watch, Map<String, String> metadata) {
        PrometheusText t = new PrometheusText();
        t.report(report, metadata);
        t.watch(watch, metadata);
        t.ownLinks(watch, metadata);
        return t.text();
    }

    /** One row per host of a scan. */
    public static String ofHosts(List<HostMetrics> hosts) {
        PrometheusText t = new PrometheusText();
        for (HostMetrics h : hosts) {
            Map<String, String> l = labels("host", h.host(), "boot_id", h.bootId(), "worst_verdict", h.worstVerdict());
            t.gauge("lanescope_host_fault_hops", "Hops judged a fault (lost lanes or trained low) on the host's latest"
                    + " capture", l, h.faults());
            t.gauge("lanescope_host_boots_seen", "Distinct boots among the host's captures", l, h.bootsSeen());
            t.gauge("lanescope_host_boots_low", "Boots on which some hop of the host was a fault", l, h.bootsLow());
        }
        return t.text();
    }

    /** What {@link #ofHosts} writes for one host. */
    public record HostMetrics(String host, String bootId, String worstVerdict, int faults, int bootsSeen, int bootsLow) {
    }

    private void report(Report report, Map<String, String> meta) {
        Map<Bdf, ErrorCounters> counters = new LinkedHashMap<>();
        for (HopVerdict h : report.hops()) {
            Map<String, String> l = hopLabels(h, meta);
            LinkState trained = h.link().trained();
            LinkState capable = h.link().capable();
            if (trained != null && trained.speed().isKnown()) {
                gauge("lanescope_link_trained_speed_gts", "Speed the hop trained to, GT/s", l, trained.speed().gtsValue());
                gauge("lanescope_link_trained_width_lanes", "Width the hop trained to, lanes", l, trained.width());
            }
            if (capable != null && capable.speed().isKnown()) {
                gauge("lanescope_link_capable_speed_gts", "Speed both ends of the hop can do, GT/s", l,
                        capable.speed().gtsValue());
                gauge("lanescope_link_capable_width_lanes", "Width both ends of the hop can do, lanes", l, capable.width());
            }
            gauge("lanescope_link_fault", "1 when the hop's verdict is a fault (lost lanes, trained low)", l,
                    h.verdict().isFault() ? 1 : 0);
            gauge("lanescope_link_error_flags", "AER error bits of the wire set on either end of the hop", l,
                    h.facts().errors().statusBits().size());
            if (h.facts().errors().port().read() || h.facts().errors().port().rootCorrectable() >= 0) {
                counters.put(h.link().port().bdf(), h.facts().errors().port());
            }
            if (h.link().device() != null && h.facts().errors().device().read()) {
                counters.put(h.link().device().bdf(), h.facts().errors().device());
            }
        }
        counters.forEach((bdf, c) -> c.named().forEach((kind, n) -> counter("lanescope_pcie_errors_total",
                "Errors counted by a function since boot (sysfs AER counters, replay counters)",
                labels("host", meta.get("hostname"), "boot_id", meta.get("bootId"), "function", bdf.toString(),
                        "kind", kind), n)));
    }

    private void watch(WatchReport w, Map<String, String> meta) {
        gauge("lanescope_watch_samples", "Samples the watch took", labels("host", meta.get("hostname"), "boot_id",
                meta.get("bootId")), w.summary().record().samples().size());
        for (WatchReport.Hop h : w.hops()) {
            Map<String, String> l = hopLabels(h.verdict(), meta);
            if (h.seen().lowest() != null) {
                gauge("lanescope_watch_lowest_speed_gts", "Lowest speed the watch read on the hop, GT/s", l,
                        h.seen().lowest().speed().gtsValue());
                gauge("lanescope_watch_highest_speed_gts", "Highest speed the watch read on the hop, GT/s", l,
                        h.seen().highest().speed().gtsValue());
                gauge("lanescope_watch_lowest_width_lanes", "Lowest width the watch read on the hop, lanes", l,
                        h.seen().lowest().width());
                gauge("lanescope_watch_highest_width_lanes", "Highest width the watch read on the hop, lanes", l,
                        h.seen().highest().width());
            }
            gauge("lanescope_watch_idle", "1 when the watch proves nothing for this GPU hop: the GPU stayed idle", l,
                    h.idle() ? 1 : 0);
            h.errors().named().forEach((kind, n) -> {
                if (!kind.startsWith("rootport")) {
                    Map<String, String> k = new LinkedHashMap<>(l);
                    k.put("kind", kind);
                    gauge("lanescope_watch_errors_added", "Errors counted on the hop during the watch", k, n);
                }
            });
        }
    }

    /** A device with no port above it (a cloud VM's GPU): its own link, labelled with an empty port. */
    private void ownLinks(WatchReport w, Map<String, String> meta) {
        for (WatchReport.OwnLink o : w.ownLinks()) {
            Map<String, String> l = labels("host", meta.get("hostname"), "boot_id", meta.get("bootId"), "port", "",
                    "device", o.bdf().toString(), "verdict", "");
            gauge("lanescope_watch_lowest_speed_gts", "Lowest speed the watch read on the hop, GT/s", l,
                    o.seen().lowest().speed().gtsValue());
            gauge("lanescope_watch_highest_speed_gts", "Highest speed the watch read on the hop, GT/s", l,
                    o.seen().highest().speed().gtsValue());
            gauge("lanescope_watch_lowest_width_lanes", "Lowest width the watch read on the hop, lanes", l,
                    o.seen().lowest().width());
            gauge("lanescope_watch_highest_width_lanes", "Highest width the watch read on the hop, lanes", l,
                    o.seen().highest().width());
            gauge("lanescope_watch_idle", "1 when the watch proves nothing for this GPU hop: the GPU stayed idle", l,
                    o.idle() ? 1 : 0);
        }
    }

    private static Map<String, String> hopLabels(HopVerdict h, Map<String, String> meta) {
        return labels("host", meta.get("hostname"), "boot_id", meta.get("bootId"), "port", h.link().port().bdf().toString(),
                "device", h.link().device() == null ? "" : h.link().device().bdf().toString(), "verdict",
                h.verdict().key());
    }

    private static Map<String, String> labels(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < kv.length; i += 2) m.put(kv[i], kv[i + 1] == null ? "" : kv[i + 1]);
        return m;
    }

    private void gauge(String name, String help, Map<String, String> labels, double value) {
        add(name, help, "gauge", labels, value);
    }

    private void counter(String name, String help, Map<String, String> labels, double value) {
        add(name, help, "counter", labels, value);
    }

    private void add(String name, String help, String type, Map<String, String> labels, double value) {
        Family f = families.computeIfAbsent(name, k -> new Family(help, type, new ArrayList<>()));
        StringBuilder sb = new StringBuilder(name).append('{');
        boolean first = true;
        for (Map.Entry<String, String> e : labels.entrySet()) {
            if (!first) sb.append(',');
            first = false;
            sb.append(e.getKey()).append("=\"").append(escape(e.getValue())).append('"');
        }
        sb.append("} ").append(number(value));
        if (!f.samples().contains(sb.toString())) f.samples().add(sb.toString());
    }

    /** A label value as the format wants it: backslash, double quote and line feed escaped. */
    static String escape(String v) {
        StringBuilder sb = new StringBuilder(v.length());
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String number(double v) {
        return Units.plain(v);
    }

    private String text() {
        StringBuilder sb = new StringBuilder();
        families.forEach((name, f) -> {
            sb.append("# HELP ").append(name).append(' ').append(f.help()).append('\n');
            sb.append("# TYPE ").append(name).append(' ').append(f.type()).append('\n');
            f.samples().forEach(s -> sb.append(s).append('\n'));
        });
        return sb.toString();
    }
}
