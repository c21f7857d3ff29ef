package dev.lanescope.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.lanescope.analysis.WatchReport;
import dev.lanescope.analysis.WatchSummary;
import dev.lanescope.capture.HealthEvidenceLoader;
import dev.lanescope.export.PrometheusText;
import dev.lanescope.model.WatchRecord;
import dev.lanescope.parse.Jackson;
import dev.lanescope.pipeline.CaptureAnalysis;
import dev.lanescope.probe.Commands;
import dev.lanescope.probe.LiveCapture;
import dev.lanescope.probe.SysfsSource;
import dev.lanescope.probe.WatchSampler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code lanescope watch}: samples this machine's links while the user's own job runs, then reads this machine
 * ({@code lspci}) and judges every hop with what the watch saw. Read-only: it starts no workload.
 */
@Command(name = "watch", mixinStandardHelpOptions = true,
        description = {"Sample this machine's PCIe links (sysfs, nvidia-smi, AER counters) while your own job runs,"
                + " then judge every hop with what was seen: an idle-looking GPU link that climbed is fine, one that"
                + " stayed low while the GPU worked is degraded, and a GPU that stayed idle proves nothing.",
                "Read-only: it never starts a workload. The watch and this machine's lspci are kept in a folder that"
                        + " `lanescope analyze` opens again."})
final class WatchCommand implements Callable<Integer> {

    @Option(names = "--seconds", paramLabel = "N", defaultValue = "60", description = "How long to watch (default 60).")
    double seconds;

    @Option(names = "--interval", paramLabel = "S", defaultValue = "1", description = "Seconds between samples (default 1).")
    double interval;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default), json, or openmetrics (Prometheus text for node_exporter's textfile collector).")
    String format;

    @Option(names = "--out", paramLabel = "FOLDER", description = "Keep the watch and the lspci read in a new folder under FOLDER"
            + " (default: under ~/.local/share/lanescope/live-captures).")
    Path out;

    @Option(names = "--from", paramLabel = "CAPTURE", description = "Do not sample: show the watch kept in a capture"
            + " (a folder this command wrote, or a collect.sh --watch bundle).")
    Path from;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (!(seconds >= 0) || !(interval > 0) || seconds > 86_400) {
            err.println("lanescope watch: --seconds must be 0 to 86400 and --interval above 0");
            return Main.EXIT_UNUSABLE;
        }
        if (!List.of("text", "json", "openmetrics").contains(format)) {
            err.println("lanescope watch: --format must be text, json or openmetrics, not '" + format + "'");
            return Main.EXIT_UNUSABLE;
        }
        if (from != null) return report(from, format, spec.commandLine().getOut(), err);
        err.println("lanescope watch: sampling every " + interval + " s for " + seconds + " s; run your job now"
                + " (nothing is started here)");
        err.flush();
        StringBuilder watch = new StringBuilder();
        new WatchSampler(SysfsSource.system(), Commands.SYSTEM, WatchSampler.Clock.SYSTEM)
                .run(java.net.InetAddress.getLocalHost().getHostName(), seconds, interval, watch);
        LiveCapture live = out == null ? LiveCapture.system()
                : new LiveCapture(Commands.SYSTEM, Path.of("/sys/bus/pci/devices"), out);
        LiveCapture.Result read = live.capture();
        Path folder = read.folder();
        if (folder == null) {
            folder = Files.createDirectories(out != null ? out : LiveCapture.defaultFolder());
            err.println("lanescope watch: " + read.cannotRun());
        }
        Path file = folder.resolve("watch.txt");
        Files.writeString(file, watch, StandardCharsets.UTF_8);
        err.println("lanescope watch: kept in " + folder);
        err.flush();
        return report(folder, format, spec.commandLine().getOut(), err);
    }

    /** Judges a capture (folder or bundle) with its watch and prints it in {@code format}. */
    static int report(Path capture, String format, PrintWriter out, PrintWriter err) throws Exception {
        List<WatchRecord> watches = HealthEvidenceLoader.load(List.of(capture)).watches();
        if (watches.isEmpty()) {
            err.println("lanescope watch: no watch in " + capture + " (collect.sh --watch N or lanescope watch make one)");
            return Main.EXIT_UNUSABLE;
        }
        WatchSummary summary = WatchSummary.of(watches.get(watches.size() - 1));
        CaptureAnalysis loaded = CaptureAnalysis.load(capture);
        if (!loaded.usable()) {
            Main.explainUnusable(loaded, err);
            return Main.EXIT_UNUSABLE;
        }
        WatchReport w = WatchReport.of(loaded.topology(), loaded.report(), summary);
        switch (format) {
            case "json" -> out.println(Jackson.pretty(WatchJson.of(w)));
            case "openmetrics" -> out.print(PrometheusText.ofWatch(loaded.report(), w, loaded.capture().metadata()));
            default -> w.lines().forEach(out::println);
        }
        out.flush();
        return 0;
    }
}
