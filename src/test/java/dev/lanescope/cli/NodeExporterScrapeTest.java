package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.fleet.CollectScriptTest;

/**
 * The Prometheus text of {@code analyze --format openmetrics}, read by a real node_exporter's textfile collector on
 * the loopback address and scraped back: the hop gauges come back with their labels (the verdict, the boot id) and
 * the collector reports no error reading our file. node_exporter comes from Debian's prometheus-node-exporter package,
 * taken out of it by .ci/run without installing it (installing it would start a service).
 */
class NodeExporterScrapeTest {

    static final Path SAMPLE = Path.of("samples/puget-wrx90-threadripper-pro-rtx6000ada-cx7");

    @TempDir
    Path tmp;

    static Path nodeExporter() {
        Path p = CollectScriptTest.tool("prometheus-node-exporter");
        return p != null ? p : CollectScriptTest.tool("node_exporter");
    }

    @Test
    void nodeExporterServesOurGaugesWithTheirLabels() throws Exception {
        Path exporter = nodeExporter();
        assumeTrue(exporter != null, "node_exporter is not on the PATH nor in ~/.cache/lanescope-ci (.ci/run takes"
                + " /usr/bin/prometheus-node-exporter out of Debian's prometheus-node-exporter package)");
        Path capture = Files.createDirectories(tmp.resolve("capture"));
        try (var files = Files.list(SAMPLE)) {
            for (Path f : files.toList()) Files.copy(f, capture.resolve(f.getFileName()));
        }
        Files.writeString(capture.resolve("hostname"), "wrx90-ci\n");
        Files.writeString(capture.resolve("boot_id"), "b-ci-1\n");
        CliRun r = CliRun.of("analyze", "--format", "openmetrics", capture.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        Path textfiles = Files.createDirectories(tmp.resolve("textfile-collector"));
        Files.writeString(textfiles.resolve("lanescope.prom"), r.out(), StandardCharsets.UTF_8);
        // the RTX 6000 Ada's hop as we wrote it: its trained GT/s is what the scrape must give back
        String written = line(r.out(), "lanescope_link_trained_speed_gts", "0000:c1:00.0");

        int port = freePort();
        Process p = new ProcessBuilder(List.of(exporter.toString(), "--web.listen-address=127.0.0.1:" + port,
                "--collector.disable-defaults", "--collector.textfile",
                "--collector.textfile.directory=" + textfiles))
                .redirectErrorStream(true).redirectOutput(tmp.resolve("node-exporter.log").toFile()).start();
        try {
            String metrics = scrape(p, URI.create("http://127.0.0.1:" + port + "/metrics"));
            String scraped = line(metrics, "lanescope_link_trained_speed_gts", "0000:c1:00.0");
            assertThat(scraped).contains("boot_id=\"b-ci-1\"").contains("host=\"wrx90-ci\"")
                    .containsPattern("verdict=\"[A-Z_]+\"");
            assertThat(value(scraped)).isEqualTo(value(written)).isPositive();
            assertThat(label(scraped, "verdict")).isEqualTo(label(written, "verdict"));
            assertThat(metrics).contains("lanescope_link_capable_speed_gts{").contains("lanescope_link_fault{");
            assertThat(metrics.lines().filter(l -> l.startsWith("node_textfile_scrape_error")))
                    .containsExactly("node_textfile_scrape_error 0");
        } finally {
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** /metrics once node_exporter answers (it takes a moment to listen); fails with its log if it exits first. */
    private String scrape(Process p, URI uri) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest get = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build();
        for (int attempt = 0; attempt < 300; attempt++) {
            if (!p.isAlive()) {
                throw new AssertionError("node_exporter stopped: " + Files.readString(tmp.resolve("node-exporter.log")));
            }
            try {
                HttpResponse<String> res = http.send(get, HttpResponse.BodyHandlers.ofString());
                if (res.statusCode() == 200) return res.body();
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("node_exporter never answered on " + uri + ": "
                + Files.readString(tmp.resolve("node-exporter.log")));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The sample line of {@code family} whose device label is {@code device}. */
    private static String line(String text, String family, String device) {
        return text.lines().filter(l -> l.startsWith(family + "{") && l.contains("device=\"" + device + "\""))
                .findFirst().orElseThrow(() -> new AssertionError("no " + family + " for " + device + " in:\n" + text));
    }

    private static double value(String sample) {
        return Double.parseDouble(sample.substring(sample.lastIndexOf(' ') + 1));
    }

    private static String label(String sample, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(sample);
        assertThat(m.find()).as(sample).isTrue();
        return m.group(1);
    }
}
