package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;
import dev.lanescope.ui.model.CardAdvice;
import dev.lanescope.ui.model.InsightsFactory;

/** {@code lanescope advise --json} for scripts, and the window's candidate list from the same advice. */
class AdviseJsonTest {

    private static JsonNode json(String... args) throws Exception {
        CliRun r = CliRun.of(args);
        assertThat(r.exit()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    /**
     * Dell OptiPlex XE3: the Quadro P2000 reads 2.5GT/s x16 on an 8GT/s x16 path, idle: helps false. Its one
     * candidate is the empty x4 PCH slot 4 (00:1d.0): 4 x 7.876 = 31.504 Gb/s. Its current place is slot 2 (00:01.0),
     * path capable 16 x 7.876 = 126.016 Gb/s.
     */
    @Test
    void desktopKeys() throws Exception {
        JsonNode j = json("advise", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000", "--card", "01:00.0", "--json");
        assertThat(j.get("answer").asText()).startsWith("Moving it would not help: the link trained at 2.5 GT/s");
        assertThat(j.get("helps").isBoolean()).isTrue();
        assertThat(j.get("helps").asBoolean()).isFalse();
        assertThat(j.get("current").get("port").asText()).isEqualTo("0000:00:01.0");
        assertThat(j.get("current").get("predictedGbps").asDouble()).isEqualTo(126.016);
        JsonNode c = j.get("candidates");
        assertThat(c).hasSize(1);
        assertThat(c.get(0).get("port").asText()).isEqualTo("0000:00:1d.0");
        assertThat(c.get(0).get("predictedGbps").asDouble()).isEqualTo(31.504);
        assertThat(c.get(0).get("why").asText()).isEqualTo("an empty slot; on root complex 0000:00, the same as now");
        assertThat(c.get(0).get("swapWith").isNull()).isTrue();
        assertThat(j.get("notes").isArray()).isTrue();
    }

    /**
     * The Spectre's dock NIC behind Thunderbolt, from a tree: no link facts, no internal slot in the capture, so the
     * capture cannot tell whether moving would help: {@code helps} is JSON null, not false.
     */
    @Test
    void cannotTellIsNull() throws Exception {
        JsonNode j = json("advise", "samples/hp-spectre-x360-icelake-tb3-dock-trees/tv_coldplugged.txt", "--card",
                "2f:00.0", "--json");
        assertThat(j.get("helps").isNull()).isTrue();
        assertThat(j.get("candidates")).isEmpty();
        assertThat(j.get("answer").asText()).contains("Thunderbolt link is the limit");
    }

    /**
     * The window's candidate list and {@code advise} come from the same advice: for every endpoint of three captures
     * (a desktop, a laptop with Thunderbolt, a workstation with two GPUs and a NIC) the side panel's answer, ports and
     * texts equal the JSON's answer, candidates' ports and texts, in order.
     */
    @Test
    void windowAndAdviseAgree() throws Exception {
        for (String dir : List.of("dell-optiplex-xe3-i7-8700-quadro-p2000", "hp-laptop-coffeelake-gtx1650-titanridge",
                "puget-wrx90-threadripper-pro-rtx6000ada-cx7")) {
            Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(Path.of("samples", dir))));
            InsightsFactory.Analysed a = InsightsFactory.analyse(t);
            int compared = 0;
            // the first four functions with a link (the GPU, the drives, the Thunderbolt parts): enough, and quick
            for (Bdf card : java.util.Arrays.stream(AdviseText.endpointList(t).split(", ")).limit(4)
                    .map(Bdf::parse).toList()) {
                CardAdvice window = InsightsFactory.advise(a, card);
                JsonNode j = json("advise", "samples/" + dir, "--card", card.toString(), "--json");
                assertThat(window.answer()).as(dir + " " + card).isEqualTo(j.get("answer").asText());
                List<String> jsonPorts = new ArrayList<>();
                List<String> jsonTexts = new ArrayList<>();
                j.get("candidates").forEach(c -> {
                    jsonPorts.add(c.get("port").asText());
                    jsonTexts.add(c.get("text").asText());
                });
                assertThat(window.candidates().stream().map(c -> c.port().toString()).toList()).isEqualTo(jsonPorts);
                assertThat(window.candidates().stream().map(CardAdvice.Candidate::text).toList()).isEqualTo(jsonTexts);
                assertThat(window.move()).isNotNull();
                compared++;
            }
            assertThat(compared).as(dir).isPositive();
        }
    }

    /**
     * Without --card, advise answers for every GPU and accelerator the report counts. The OptiPlex has one (the
     * Quadro P2000 at 01:00.0; the iGPU at 00:02.0 is not a card): one JSON object, the same as with --card.
     */
    @Test
    void withoutACardItAnswersForTheOneGpu() throws Exception {
        JsonNode j = json("advise", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000", "--json");
        assertThat(j.isObject()).isTrue();
        assertThat(j).isEqualTo(json("advise", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000", "--card", "01:00.0",
                "--json"));
    }

    /**
     * The ASUS ESC8000A-E12 tree (lspci -tv only) names four RTX 6000 Ada cards: an array of four answers, in address
     * order; a tree has no link registers, so each first sentence says the link cannot be read and how to capture it,
     * not a list of unknown facts.
     */
    @Test
    void withoutACardItAnswersForEveryGpuAndATreeSaysWhatToCapture() throws Exception {
        JsonNode j = json("advise", "samples/asus-esc8000a-e12-genoa-2s-4gpu", "--json");
        assertThat(j.isArray()).isTrue();
        assertThat(j).hasSize(4);
        for (JsonNode a : j) {
            assertThat(a.get("answer").asText()).startsWith("Cannot say yet: the link above ")
                    .contains("sudo lspci -vv").doesNotContain("trained unknown");
            assertThat(a.get("helps").isNull()).isTrue();
        }
    }
}
