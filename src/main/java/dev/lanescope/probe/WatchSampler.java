package dev.lanescope.probe;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.analysis.WatchSummary;
import dev.lanescope.model.Bdf;
import dev.lanescope.parse.Csv;
import dev.lanescope.parse.WatchRecordParser;
import dev.lanescope.model.Units;

/**
 * Samples this machine's links at an interval for a while and writes a watch (docs/RULES.md §12) in the text form
 * {@link WatchRecordParser} reads: for every GPU, NIC and NVMe drive and every port on its path up to the root port,
 * sysfs {@code current_link_speed/width} (and {@code max_link_*} once), the AER counters and amdgpu's replay counter;
 * nvidia-smi's current generation, width, utilisation (and its replay counter when this nvidia-smi offers one).
 * Read-only: it starts no workload and writes nothing but its own output; the user's job runs beside it.
 */
public final class WatchSampler {

    /** Time, and waiting for it; tests pass one that does not sleep. */
    public interface Clock {
        Instant now();

        void sleepUntil(Instant t) throws InterruptedException;

        Clock SYSTEM = new Clock() {
            @Override
            public Instant now() {
                return Instant.now();
            }

            @Override
            public void sleepUntil(Instant t) throws InterruptedException {
                long ms = Duration.between(Instant.now(), t).toMillis();
                if (ms > 0) Thread.sleep(ms);
            }
        };
    }

    private static final Duration SMI_TIMEOUT = Duration.ofSeconds(10);
    private static final List<String> LINK = List.of("current_link_speed", "current_link_width");
    private static final List<String> MAX = List.of("max_link_speed", "max_link_width");
    private static final List<String> COUNTERS = List.of("aer_dev_correctable", "aer_dev_nonfatal", "aer_dev_fatal",
            "aer_rootport_total_err_cor", "aer_rootport_total_err_nonfatal", "aer_rootport_total_err_fatal",
            "pcie_replay_count");
    private static final Pattern FIELD = Pattern.compile("\"([a-z_.]*replay[a-z_.]*)\"");

    private final SysfsSource sysfs;
    private final Commands.Runner runner;
    private final Clock clock;
    private boolean smi = true;
    private String replayField;

    public WatchSampler(SysfsSource sysfs, Commands.Runner runner, Clock clock) {
        this.sysfs = sysfs;
        this.runner = runner;
        this.clock = clock;
    }

    /** Samples every {@code interval} for {@code seconds} (at least one sample) and writes the watch to {@code out}. */
    public int run(String host, double seconds, double interval, Appendable out) throws IOException, InterruptedException {
        if (interval <= 0 || seconds < 0) throw new IllegalArgumentException("interval must be > 0 and seconds >= 0");
        List<String> watched = watched(out, host, interval);
        replayField = replayField();
        Instant start = clock.now();
        long step = Math.max(1, Math.round(interval * 1000));
        int n = 0;
        for (Instant next = start; ; next = next.plusMillis(step)) {
            clock.sleepUntil(next);
            n++;
            sample(n, watched, out);
            if (Duration.between(start, next.plusMillis(step)).toMillis() > seconds * 1000) break;
        }
        out.append("# ended: ").append(clock.now().truncatedTo(ChronoUnit.MILLIS).toString()).append('\n');
        return n;
    }

    /** The header, and the functions to read: every GPU/NIC/NVMe drive and the ports above it. */
    private List<String> watched(Appendable out, String host, double interval) throws IOException {
        out.append(WatchRecordParser.HEADER).append('\n');
        if (host != null) out.append("# host: ").append(host).append('\n');
        String boot = sysfs.bootId();
        if (boot != null) out.append("# boot_id: ").append(boot).append('\n');
        out.append("# interval_s: ").append(String.format(Locale.ROOT, "%s", trim(interval))).append('\n');
        Set<String> all = new LinkedHashSet<>();
        for (String d : sysfs.devices()) {
            int cls = classOf(d);
            if (!WatchSummary.watched(cls)) continue;
            List<String> path = sysfs.path(d);
            out.append("# device: ").append(d).append(" class=").append(String.format(Locale.ROOT, "0x%04x", cls))
                    .append(" path=").append(String.join("/", path)).append('\n');
            all.addAll(path);
        }
        return new ArrayList<>(all);
    }

    private static String trim(double v) {
        return Units.plain(v);
    }

    private int classOf(String bdf) {
        String c = sysfs.read(bdf, "class");
        if (c == null) return -1;
        String t = c.strip().toLowerCase(Locale.ROOT);
        if (t.startsWith("0x")) t = t.substring(2);
        try {
            int v = Integer.parseInt(t, 16);
            return t.length() > 4 ? v >> 8 : v;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private void sample(int n, List<String> watched, Appendable out) throws IOException {
        out.append("@ ").append(Integer.toString(n)).append(' ')
                .append(clock.now().truncatedTo(ChronoUnit.MILLIS).toString()).append('\n');
        for (String d : watched) {
            for (String a : LINK) line(out, d, a, sysfs.read(d, a));
            if (n == 1) for (String a : MAX) line(out, d, a, sysfs.read(d, a));
            for (String a : COUNTERS) {
                String v = sysfs.read(d, a);
                if (v == null) continue;
                if (a.startsWith("aer_dev_")) {
                    // only the total line: the per-kind lines are not judged and would triple the file
                    v.lines().filter(l -> l.startsWith("TOTAL_ERR_")).forEach(l -> lineQuietly(out, d, a, l));
                } else {
                    line(out, d, a, v);
                }
            }
        }
        if (smi) nvidiaSmi(out);
    }

    private static void lineQuietly(Appendable out, String d, String a, String v) {
        try {
            line(out, d, a, v);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void line(Appendable out, String bdf, String attr, String value) throws IOException {
        if (value == null) return;
        String v = value.strip();
        int nl = v.indexOf('\n');
        if (nl >= 0) v = v.substring(0, nl).strip();
        out.append("/sys/bus/pci/devices/").append(bdf).append('/').append(attr).append(':').append(v).append('\n');
    }

    /** The replay counter's field name when this nvidia-smi lists one; null otherwise (or without nvidia-smi). */
    private String replayField() {
        Commands.Outcome help = runner.run(List.of("nvidia-smi", "--help-query-gpu"), SMI_TIMEOUT);
        if (help.startError() != null) {
            smi = false; // no nvidia-smi on this machine: sysfs alone
            return null;
        }
        if (!help.ok()) return null;
        Matcher m = FIELD.matcher(help.stdout());
        while (m.find()) {
            if (!m.group(1).contains("rollover")) return m.group(1);
        }
        return null;
    }

    private void nvidiaSmi(Appendable out) throws IOException {
        String fields = "pci.bus_id,pcie.link.gen.current,pcie.link.width.current,utilization.gpu"
                + (replayField == null ? "" : "," + replayField);
        Commands.Outcome r = runner.run(List.of("nvidia-smi", "--query-gpu=" + fields, "--format=csv,noheader,nounits"),
                SMI_TIMEOUT);
        if (r.startError() != null) {
            smi = false;
            return;
        }
        if (!r.ok()) {
            out.append("# nvidia-smi: ").append(r.why()).append('\n');
            return;
        }
        for (List<String> row : Csv.smiRows(r.stdout())) {
            Bdf bdf = row.isEmpty() ? null : Bdf.tryParse(row.get(0));
            if (bdf == null) continue;
            String[] keys = {"gen", "width", "utilization", "replay_count"};
            for (int i = 0; i < keys.length && i + 1 < row.size(); i++) {
                String v = row.get(i + 1);
                if (v.isEmpty() || !Character.isDigit(v.charAt(0))) continue; // [N/A], [Not Supported]
                out.append("nvidia-smi/").append(bdf.toString()).append('/').append(keys[i]).append(':').append(v)
                        .append('\n');
            }
        }
    }
}
