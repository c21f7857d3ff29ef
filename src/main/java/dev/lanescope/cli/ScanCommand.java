package dev.lanescope.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.lanescope.export.PrometheusText;
import dev.lanescope.fleet.FleetScan;
import dev.lanescope.parse.Jackson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code lanescope scan DIR}: one row per host over a folder of bundles. */
@Command(name = "scan", mixinStandardHelpOptions = true,
        description = {"Scan a folder of captures (collect.sh bundles, capture folders; any depth): one row per host"
                + " with the worst verdict of its latest capture and where, the boot id and the capture time."})
final class ScanCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Folder holding the bundles.")
    Path dir;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the rows as CSV to FILE ('-' = stdout).")
    String csv;

    @Option(names = "--json", description = "Print the machine form instead of the table.")
    boolean json;

    @Option(names = "--format", paramLabel = "FORMAT", description = "openmetrics: one gauge per host (fault hops,"
            + " boots seen, boots low) in the Prometheus text format, for node_exporter's textfile collector.")
    String format;

    @Mixin
    Options.Threads threads;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static String blank(String s) {
        return s == null || s.isEmpty() ? "-" : s;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (format != null && !format.equals("openmetrics")) {
            err.println("lanescope scan: --format takes openmetrics (the table is the default, --json the machine form),"
                    + " not '" + format + "'");
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
        if (!Files.isDirectory(dir)) {
            err.println("lanescope: " + dir + " is not a folder");
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
        FleetScan.Result r = FleetScan.scan(dir, threads.threads);
        if (r.capturesRead() == 0) {
            err.println("lanescope: no captures (.tar.gz bundles or capture folders) found in " + dir);
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
        if (csv != null) {
            String text = FleetScan.csv(r.rows());
            if (csv.equals("-")) out.print(text);
            else Files.writeString(Path.of(csv), text, StandardCharsets.UTF_8);
        }
        if ("openmetrics".equals(format)) {
            out.print(PrometheusText.ofHosts(r.rows().stream().map(h -> new PrometheusText.HostMetrics(h.host(),
                    h.bootId(), h.worst().key(), h.faults(), h.bootsSeen(), h.bootsLow())).toList()));
        } else if (json) {
            out.println(Jackson.pretty(new ScanJson(r.capturesRead(), r.unusable(), r.rows())));
        } else if (csv == null || !csv.equals("-")) {
            out.printf("%d capture(s), %d host(s), %d unusable%n", r.capturesRead(), r.rows().size(), r.unusable());
            java.util.List<String[]> rows = new java.util.ArrayList<>();
            boolean p2p = r.rows().stream().anyMatch(h -> h.p2p() != null);
            int cols = p2p ? 7 : 6;
            rows.add(p2p ? new String[] {"host", "worst", "where", "boot id", "captured", "boots seen / low",
                "P2P ladder (2+ GPUs)"} : new String[] {"host", "worst", "where", "boot id", "captured",
                "boots seen / low"});
            for (FleetScan.HostRow h : r.rows()) {
                String[] row = {h.host(), h.worst().words(), blank(h.where()),
                        h.bootId() == null ? "-" : h.bootId(), h.capturedAt() == null ? "-" : h.capturedAt(),
                        h.bootsSeen() + " / " + h.bootsLow(), blank(h.p2p())};
                rows.add(java.util.Arrays.copyOf(row, cols));
            }
            // columns as wide as their longest cell, so a long host name or port label never shifts the rest
            int[] w = new int[cols];
            for (String[] row : rows) for (int i = 0; i < cols; i++) w[i] = Math.max(w[i], row[i].length());
            for (String[] row : rows) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < cols - 1; i++) line.append(row[i]).append(" ".repeat(w[i] - row[i].length() + 2));
                out.println(line.append(row[cols - 1]));
            }
        }
        out.flush();
        return 0;
    }

    /** The machine form of a scan ({@code scan --json}): captures read, how many were unusable, one row per host. */
    record ScanJson(int captures, int unusable, List<FleetScan.HostRow> hosts) {
    }
}
