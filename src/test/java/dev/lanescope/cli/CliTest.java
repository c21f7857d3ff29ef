package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a script would use it: exit codes, the readable report, the JSON contract. */
class CliTest {



    @Test
    void analyzePrintsWhatIsWrongFirstThenEveryHop() {
        CliRun r = CliRun.of("analyze", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000");
        assertThat(r.exit()).isZero();
        assertThat(r.out().indexOf("What to look at, faults first")).isLessThan(r.out().indexOf("Topology"));
        assertThat(r.out()).contains("Probably idle on 0000:00:01.0 -> 0000:01:00.0");
        // the P2000's hop trained Gen1 of Gen3 at full width below a GPU: idle downshift, in words
        assertThat(r.out()).contains("[idle downshift] Gen1 x16 / cap Gen3 x16");
        assertThat(r.out()).contains("[link down]");
        // people read words, never the enum constants scripts read from --json
        assertThat(r.out()).doesNotContainPattern("\\b(IDLE_DOWNSHIFT|LINK_DOWN|WIDTH_DEGRADED|SPEED_DEGRADED"
                + "|TARGET_CAPPED|WIRED_NARROW)\\b");
        assertThat(r.out()).contains("limited by 2.5 GT/s PCIe x16 link at 0000:00:01.0");
    }

    @Test
    void jsonCarriesTheKeysScriptsRelyOn() throws Exception {
        CliRun r = CliRun.of("analyze", "--json", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000");
        assertThat(r.exit()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        JsonNode gpu = find(j.get("functions"), "bdf", "0000:01:00.0");
        assertThat(gpu.get("type").asText()).isEqualTo("legacy-endpoint");
        assertThat(gpu.get("parent").asText()).isEqualTo("0000:00:01.0");
        assertThat(gpu.get("class").asText()).isEqualTo("0300");
        assertThat(gpu.get("name").asText()).contains("Quadro P2000");
        JsonNode hop = find(j.get("hops"), "device", "0000:01:00.0");
        assertThat(hop.get("port").asText()).isEqualTo("0000:00:01.0");
        assertThat(hop.get("trained").get("gts").asDouble()).isEqualTo(2.5);
        assertThat(hop.get("trained").get("width").asInt()).isEqualTo(16);
        assertThat(hop.get("trained").get("gbps").decimalValue()).isEqualByComparingTo("32.000");
        assertThat(hop.get("capable").get("gbps").decimalValue()).isEqualByComparingTo("126.016");
        assertThat(hop.get("targetGts").asDouble()).isEqualTo(8.0);
        assertThat(hop.get("verdict").asText()).isEqualTo("IDLE_DOWNSHIFT");
        assertThat(hop.get("reason").asText()).isNotBlank();
        JsonNode ep = find(j.get("endpoints"), "bdf", "0000:01:00.0");
        assertThat(ep.get("availableGbps").decimalValue()).isEqualByComparingTo("32.000");
        assertThat(ep.get("limitingBdf").asText()).isEqualTo("0000:00:01.0");
        assertThat(ep.get("kernelLine").asText()).contains("available PCIe bandwidth");
        assertThat(ep.get("pathCapableGbps").decimalValue()).isEqualByComparingTo("126.016");
        assertThat(ep.get("atomics").get("verdict").asText()).isEqualTo("UNVERIFIABLE");
        assertThat(ep.get("atomics").has("breaksAt")).isTrue();
        assertThat(ep.get("atomics").get("reason").asText()).isNotBlank();
        assertThat(j.get("peers").isArray()).isTrue();
        assertThat(j.get("problems").isArray()).isTrue();
    }

    @Test
    void peersInJsonNameTheAcsPortAndNcclLevel() throws Exception {
        CliRun r = CliRun.of("analyze", "--json", "samples/puget-wrx90-threadripper-pro-rtx6000ada-cx7");
        JsonNode j = new ObjectMapper().readTree(r.out());
        JsonNode pair = null;
        for (JsonNode p : j.get("peers")) {
            if (p.get("a").asText().equals("0000:c1:00.0") && p.get("b").asText().equals("0000:c2:00.0")) pair = p;
        }
        assertThat(pair).isNotNull();
        assertThat(pair.get("pathClass").asText()).isEqualTo("PHB");
        assertThat(pair.get("ncclP2pLevel").asText()).isNotBlank();
        assertThat(pair.get("acsRedirectAt").isArray()).isTrue();
        assertThat(pair.get("barsAbove44Bit").isArray()).isTrue();
    }

    @Test
    void unusableInputExitsTwoWithFileAndLine(@TempDir Path dir) throws Exception {
        Path junk = dir.resolve("notes.txt");
        Files.writeString(junk, "hello\nthis is not lspci output\n", StandardCharsets.UTF_8);
        CliRun r = CliRun.of("analyze", junk.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("no PCI functions and no lspci tree were found")
                .contains("capture `sudo lspci -vv` and `lspci -tv` on that machine");
        // said once: the input's own error line, then how to get what is missing
        assertThat(r.err().split("no PCI functions", -1)).hasSize(2);

        CliRun missing = CliRun.of("analyze", dir.resolve("absent").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("absent");
    }

    @Test
    void brokenLinesAreReportedWithFileAndLineButTheRestIsRead(@TempDir Path dir) throws Exception {
        Path src = Path.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt");
        String text = Files.readString(src, StandardCharsets.UTF_8);
        Path broken = dir.resolve("vv.txt");
        Files.writeString(broken, "garbage line at the top\n" + text, StandardCharsets.UTF_8);
        CliRun r = CliRun.of("analyze", "--json", broken.toString());
        assertThat(r.exit()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        JsonNode first = j.get("problems").get(0);
        assertThat(first.get("file").asText()).endsWith("vv.txt");
        assertThat(first.get("line").asInt()).isEqualTo(1);
        assertThat(find(j.get("hops"), "device", "0000:01:00.0").get("verdict").asText()).isEqualTo("IDLE_DOWNSHIFT");
        assertThat(Files.readString(broken, StandardCharsets.UTF_8)).as("the user's file is untouched")
                .startsWith("garbage line at the top\n");
    }

    @Test
    void adviseAnswersFirstThenRanksSlots() {
        CliRun r = CliRun.of("advise", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000", "--device", "01:00.0");
        assertThat(r.exit()).isZero();
        String first = r.out().lines().findFirst().orElse("");
        assertThat(first).startsWith("Moving it would not help");
        assertThat(r.out()).contains("Places it can go, best first");
    }

    @Test
    void adviseRefusesAnUnknownDeviceAndNamesTheCandidates() {
        CliRun r = CliRun.of("advise", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000", "--device", "77:00.0");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("0000:77:00.0 is not in").contains("0000:01:00.0");
    }

    @Test
    void exportWritesDotAndGraphMlWithVerdicts(@TempDir Path dir) throws Exception {
        Path dot = dir.resolve("g.dot");
        Path graphml = dir.resolve("g.graphml");
        CliRun r = CliRun.of("export", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000", "--dot", dot.toString(),
                "--graphml", graphml.toString());
        assertThat(r.exit()).isZero();
        assertThat(Files.readString(dot)).contains("\"0000:01:00.0\"").contains("IDLE_DOWNSHIFT");
        assertThat(Files.readString(graphml)).contains("<graphml").contains("IDLE_DOWNSHIFT");
    }

    /**
     * The Quadro of the OptiPlex capture reads 2.5 GT/s idle. With nvidia-smi rows the user says were sampled under
     * load, Gen3 (its maximum) makes the hop OK and Gen1 makes it SPEED_DEGRADED (docs/RULES.md §2).
     */
    @Test
    void nvidiaSmiSampledUnderLoadDecidesTheIdleHop(@TempDir Path dir) throws Exception {
        Path vv = Path.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt");
        String header = "index, pci.bus_id, name, pcie.link.gen.current, pcie.link.gen.max, pcie.link.width.current,"
                + " pcie.link.width.max\n";
        Path climbed = dir.resolve("smi-climbed.csv");
        Files.writeString(climbed, header + "0, 00000000:01:00.0, Quadro P2000, 3, 3, 16, 16\n");
        Path stuck = dir.resolve("smi-stuck.csv");
        Files.writeString(stuck, header + "0, 00000000:01:00.0, Quadro P2000, 1, 3, 16, 16\n");

        assertThat(verdictOfGpu(CliRun.of("analyze", "--json", vv.toString(), climbed.toString())))
                .as("without --under-load an nvidia-smi row proves nothing").isEqualTo("IDLE_DOWNSHIFT");
        assertThat(verdictOfGpu(CliRun.of("analyze", "--json", "--under-load", vv.toString(), climbed.toString())))
                .isEqualTo("OK");
        assertThat(verdictOfGpu(CliRun.of("analyze", "--json", "--under-load", vv.toString(), stuck.toString())))
                .isEqualTo("SPEED_DEGRADED");
    }

    private static String verdictOfGpu(CliRun r) throws Exception {
        assertThat(r.exit()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        return find(j.get("hops"), "device", "0000:01:00.0").get("verdict").asText();
    }

    @Test
    void exportPngRendersWithoutADisplay(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("out.png");
        CliRun r = CliRun.of("export", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt", "--png", png.toString(),
                "--device", "01:00.0");
        assertThat(r.exit()).as(r.err()).isZero();
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertThat(img.getWidth()).as("2x scale of a whole machine").isGreaterThan(1500);
        assertThat(img.getHeight()).isGreaterThan(600);
        try (var files = Files.list(dir)) {
            assertThat(files).as("no temporary file left beside it").containsExactly(png);
        }
    }

    @Test
    void exportPngRefusesAnUnknownDevice(@TempDir Path dir) {
        CliRun r = CliRun.of("export", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt", "--png",
                dir.resolve("x.png").toString(), "--device", "55:00.0");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("55:00.0").contains("is not a function");
    }

    private static JsonNode find(JsonNode array, String key, String value) {
        for (JsonNode n : array) {
            if (n.hasNonNull(key) && n.get(key).asText().equals(value)) return n;
        }
        throw new AssertionError("no element with " + key + "=" + value);
    }
}
