package dev.lanescope.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.Report;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.fleet.CollectScriptTest;
import dev.lanescope.model.Capture;
import dev.lanescope.model.TopologyBuilder;

/**
 * The Prometheus text of a real capture (Puget WRX90: two RTX 6000 Ada, a ConnectX-7 with replay errors): every
 * sample belongs to a family with HELP and TYPE, labels are escaped, and Prometheus's own checker accepts it where
 * it is installed (Debian package {@code prometheus} gives {@code promtool}).
 */
class PrometheusTextTest {

    static final Pattern SAMPLE = Pattern.compile("^([a-z_]+)\\{((?:[a-z_]+=\"(?:[^\"\\\\]|\\\\.)*\",?)*)\\} (-?[0-9.]+)$");

    static String text() {
        Capture c = CaptureLoader.load(List.of(Path.of("samples/puget-wrx90-threadripper-pro-rtx6000ada-cx7")));
        Report r = Analyzer.analyze(TopologyBuilder.build(c));
        return PrometheusText.ofReport(r, Map.of("hostname", "wrx90 \"lab\"", "bootId", "b-1"));
    }

    @Test
    void everySampleHasItsFamilyAndLabels() {
        String t = text();
        Set<String> typed = new HashSet<>();
        Set<String> helped = new HashSet<>();
        int samples = 0;
        for (String line : t.split("\n")) {
            if (line.startsWith("# HELP ")) helped.add(line.split(" ")[2]);
            else if (line.startsWith("# TYPE ")) typed.add(line.split(" ")[2]);
            else {
                Matcher m = SAMPLE.matcher(line);
                assertThat(m.matches()).as(line).isTrue();
                assertThat(typed).as("TYPE before " + line).contains(m.group(1));
                assertThat(helped).contains(m.group(1));
                samples++;
            }
        }
        assertThat(samples).isGreaterThan(10);
        assertThat(t).contains("host=\"wrx90 \\\"lab\\\"\"")
                .contains("lanescope_link_error_flags{host=\"wrx90 \\\"lab\\\"\",boot_id=\"b-1\",port=\"0000:20:01.1\","
                        + "device=\"0000:21:00.0\",verdict=\"OK\"} 2")
                .containsPattern("lanescope_link_trained_speed_gts\\{[^}]*device=\"0000:c1:00.0\"[^}]*\\} [0-9.]+");
    }

    @Test
    void promtoolAcceptsIt() throws Exception {
        Path promtool = CollectScriptTest.tool("promtool");
        assumeTrue(promtool != null, "promtool is not on the PATH nor in ~/.cache/lanescope-ci (.ci/run puts it there"
                + " from Debian's prometheus package): the format is checked by the other test only");
        Path f = Files.createTempFile("lanescope", ".prom");
        try {
            Files.writeString(f, text(), StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(promtool.toString(), "check", "metrics").redirectInput(f.toFile())
                    .redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(said).isZero();
            assertThat(said).isBlank();
        } finally {
            Files.deleteIfExists(f);
        }
    }

    /** The example alert rules of the docs load in Prometheus's own checker. */
    @Test
    void promtoolAcceptsTheExampleAlertRules() throws Exception {
        Path promtool = CollectScriptTest.tool("promtool");
        assumeTrue(promtool != null, "promtool is not on the PATH nor in ~/.cache/lanescope-ci (Debian package"
                + " prometheus)");
        Process p = new ProcessBuilder(promtool.toString(), "check", "rules", "docs/prometheus/lanescope-alerts.yml")
                .redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(said).isZero();
        assertThat(said).contains("SUCCESS: 4 rules found");
    }
}
