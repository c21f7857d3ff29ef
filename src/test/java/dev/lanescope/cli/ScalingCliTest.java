package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lanescope scaling} as a user or a script runs it. */
class ScalingCliTest {

    @TempDir
    Path tmp;

    @Test
    void theIssueExamplePrintsPredictionsFittedTermsAndVerdict() throws Exception {
        CliRun r = CliRun.of("scaling", "--model", "gpt-oss-120b", "--gpu", "mi50", "--measured", "2:71.22,8:14.32",
                "--predict", "4,6", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        JsonNode tp4 = null;
        for (JsonNode p : j.get("predictions")) {
            assertThat(p.has("cards") && p.has("split") && p.has("tokensPerS") && p.has("collectiveMsPerToken")
                    && p.has("weightsMsPerToken")).isTrue();
            if (p.get("split").asText().equals("tp4")) tp4 = p;
        }
        assertThat(tp4).isNotNull();
        assertThat(tp4.get("cards").asInt()).isEqualTo(4);
        assertThat(tp4.get("tokensPerS").asDouble()).isCloseTo(33.89, within(3.389));
        assertThat(j.get("fitted").get("collectiveMsPerAddedCard").asDouble()).isCloseTo(9.73, within(0.05));
        assertThat(j.get("verdict").asText()).startsWith("Stop at 2 cards");
        assertThat(j.get("evidence").get("source").asText()).isEqualTo("fitted");
        assertThat(j.get("best").get("split").asText()).isEqualTo("layer2");
    }

    @Test
    void textStartsWithTheAnswerAndNamesEveryAssumption() {
        CliRun r = CliRun.of("scaling", "--model", "qwen3-30b-a3b", "--gpu", "2080ti", "--allreduce-table",
                "src/test/resources/scaling/all_reduce_perf-2x-rtx2080ti-pix.txt", "--max-cards", "4");
        assertThat(r.exit()).as(r.err()).isZero();
        String first = r.out().lines().findFirst().orElse("");
        assertThat(first).startsWith("Stop at 2 cards").contains("all_reduce_perf table");
        assertThat(r.out()).contains("2      tp2", "Assumed (not measured):", "scaled by ring steps",
                "the NVIDIA GeForce RTX 2080 Ti's published 616 GB/s x 0.7", "does not fit");
    }

    @Test
    void aCaptureAddsItsGpusAndPeerPath() throws Exception {
        CliRun r = CliRun.of("scaling", "samples/puget-wrx90-threadripper-pro-rtx6000ada-cx7", "--model",
                "qwen3-30b-a3b", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("capture").get("gpus")).hasSize(2);
        assertThat(j.get("capture").get("peerPathClass").asText()).isEqualTo("PHB");
        assertThat(j.get("inputs").get("memGbPerS").asDouble()).isCloseTo(960 * 0.7, within(0.01));
        assertThat(j.get("evidence").get("source").asText()).isEqualTo("path-class");
        assertThat(j.get("currentSplit")).hasSize(2); // 1 and 2 cards: the capture has two GPUs
    }

    @Test
    void csvUsesTheProjectsLayout() throws Exception {
        Path out = tmp.resolve("s.csv");
        CliRun r = CliRun.of("scaling", "--model", "gpt-oss-120b", "--gpu", "mi50", "--measured", "2:71.22,8:14.32",
                "--csv", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        String csv = Files.readString(out);
        assertThat(csv).startsWith("kind,name,x,value,unit\r\n").contains("prediction,tp4,4,31.47")
                .contains("measured,tp8,8,14.32,tokens/s").contains("fitted,collectiveMsPerAddedCard,,9.73")
                .contains("fits,single,1,0,");
    }

    @Test
    void withoutAModelTheFirstLineSaysSoAndNoFigureIsPrinted() {
        CliRun r = CliRun.of("scaling", "--gpu", "mi50");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines().findFirst().orElse("")).contains("--model").contains("no model chosen");
        assertThat(r.out()).doesNotContain("tokens/s");
    }

    @Test
    void badInputNamesTheOptionAndExitsTwo() {
        CliRun r = CliRun.of("scaling", "--measured", "2:fast");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--measured", "CARDS:TOKENS_PER_S");
        CliRun t = CliRun.of("scaling", "--allreduce-table", "README.md");
        assertThat(t.exit()).isEqualTo(2);
        assertThat(t.err()).contains("README.md", "no all_reduce_perf table rows found");
        CliRun s = CliRun.of("scaling", "--split", "diagonal");
        assertThat(s.exit()).isEqualTo(2);
        assertThat(s.err()).contains("--split");
    }
}
