package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.cli.CliRun;
import dev.lanescope.export.AdviceJson;
import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.pipeline.CaptureAnalysis;
import dev.lanescope.pipeline.ReceiptOnCapture;
import dev.lanescope.probe.ReceiptReader;
import dev.lanescope.ui.model.CardAdvice;
import dev.lanescope.ui.model.InsightsFactory;
import dev.lanescope.ui.model.PictureFocus;
import dev.lanescope.ui.png.PngExporter;

/**
 * One answer per card: what the window's side panel shows for each GPU equals what {@code advise --json} prints, the
 * PNG's headline, and {@code analyze --json}'s ceiling sentence, on every sample and on the evidence fixtures (the
 * cloud VM's nvidia-smi rows sampled under load, a probe receipt applied to a capture).
 */
class AnswerAgreementTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void everySampleAgreesAcrossTheWindowTheCommandsAndThePng() throws IOException {
        int cards = 0;
        try (Stream<Path> dirs = Files.list(Path.of("samples"))) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                CaptureAnalysis c = CaptureAnalysis.load(dir);
                if (!c.usable()) continue;
                cards += agree(c, dir, false);
            }
        }
        assertThat(cards).as("GPU cards compared over the samples").isGreaterThanOrEqualTo(20);
    }

    /** nvidia-smi rows sampled under load: the window, {@code advise --under-load} and {@code analyze --under-load}. */
    @Test
    void underLoadRowsAgree() {
        Path dir = Path.of("samples/cloud-vm-h200-passthrough-virtio");
        CaptureAnalysis c = CaptureAnalysis.load(List.of(dir), true, CaptureAnalysis.Progress.NONE);
        assertThat(c.evidence().byFunction()).isNotEmpty();
        assertThat(agree(c, dir, true)).isPositive();
    }

    /**
     * A probe receipt applied to the Quadro P2000 capture, with the link climbed to its Gen3 maximum under load: the
     * window's answer is the advice judged with that evidence (no longer "idle ... until proven under load"), and the
     * PNG's headline and the advice's JSON say the same.
     */
    @Test
    void aReceiptAppliedToTheCaptureAgrees() throws IOException {
        ObjectNode o = (ObjectNode) JSON.readTree(Path.of("docs/bench/receipt-h200.json").toFile());
        ((ObjectNode) o.get("gpu")).put("pciBusId", "0000:01:00.0");
        ((ObjectNode) o.at("/nvidiaSmiLink/before")).put("pcie.link.gen.max", 3);
        o.putObject("linkDuringLoad").putArray("samples").addObject().put("gen", 3).put("width", 16);
        Path f = tmp.resolve("p2000-receipt.json");
        JSON.writeValue(f.toFile(), o);
        CaptureAnalysis base = CaptureAnalysis.load(Path.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000"));
        ReceiptOnCapture on = ReceiptOnCapture.apply(ReceiptReader.read(f), base);
        assertThat(on.applied()).isTrue();
        Bdf card = Bdf.parse("0000:01:00.0");

        CardAdvice idle = InsightsFactory.advise(InsightsFactory.from(base), card);
        CardAdvice window = InsightsFactory.advise(InsightsFactory.from(on.upgraded()), card);
        assertThat(idle.answer()).contains("idle power management");
        assertThat(window.answer()).doesNotContain("idle power management")
                .isEqualTo(AdviceJson.of(on.upgraded().report().answer(card)).answer())
                .isEqualTo(pngHeadline(on.upgraded(), card));
        assertThat(window.move()).isSameAs(on.upgraded().report().answer(card));
    }

    /** Compares every GPU card of one analysis; returns how many were compared. */
    private static int agree(CaptureAnalysis c, Path dir, boolean underLoad) {
        Set<Bdf> gpus = c.report().accelerators();
        if (gpus.isEmpty()) return 0;
        Map<Bdf, JsonNode> advised = adviseJson(dir, underLoad);
        Map<Bdf, String> sentences = analyzeSentences(dir, underLoad);
        InsightsFactory.Analysed a = InsightsFactory.from(c);
        for (Bdf card : gpus) {
            CardAdvice window = InsightsFactory.advise(a, card);
            String where = dir + " " + card;
            JsonNode j = advised.get(card);
            assertThat(j).as(where + ": advise --json answers for it").isNotNull();
            assertThat(window.answer()).as(where).isEqualTo(j.get("answer").asText());
            List<String> ports = new ArrayList<>();
            j.get("candidates").forEach(x -> ports.add(x.get("port").asText()));
            assertThat(window.candidates().stream().map(x -> x.port().toString()).toList()).as(where).isEqualTo(ports);
            assertThat(pngHeadline(c, card)).as(where + ": the PNG's headline").isEqualTo(window.answer());
            String sentence = sentences.get(card);
            if (sentence != null) assertThat(window.ceiling()).as(where + ": analyze's ceiling").startsWith(sentence);
        }
        return gpus.size();
    }

    private static String pngHeadline(CaptureAnalysis c, Bdf card) {
        InsightsFactory.Analysed a = InsightsFactory.from(c);
        CardAdvice advice = InsightsFactory.advise(a, card);
        TopologyLayouts.Picture picture = TopologyLayouts.of(c.topology(), Set.of(), PictureFocus.of(a, card));
        return PngExporter.Header.of("capture", advice, picture).answer();
    }

    private static Map<Bdf, JsonNode> adviseJson(Path dir, boolean underLoad) {
        List<String> args = new ArrayList<>(List.of("advise", dir.toString(), "--json"));
        if (underLoad) args.add("--under-load");
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.exit()).as(dir + ": " + r.err()).isZero();
        Map<Bdf, JsonNode> out = new HashMap<>();
        try {
            JsonNode j = JSON.readTree(r.out());
            for (JsonNode one : j.isArray() ? j : List.of(j)) out.put(Bdf.parse(one.get("device").asText()), one);
        } catch (IOException e) {
            throw new AssertionError(dir + ": advise --json is not JSON", e);
        }
        return out;
    }

    private static Map<Bdf, String> analyzeSentences(Path dir, boolean underLoad) {
        List<String> args = new ArrayList<>(List.of("analyze", dir.toString(), "--json"));
        if (underLoad) args.add("--under-load");
        CliRun r = CliRun.of(args.toArray(String[]::new));
        Map<Bdf, String> out = new HashMap<>();
        try {
            for (JsonNode e : JSON.readTree(r.out()).get("endpoints")) {
                if (e.path("sentence").isTextual()) out.put(Bdf.parse(e.get("bdf").asText()), e.get("sentence").asText());
            }
        } catch (IOException e) {
            throw new AssertionError(dir + ": analyze --json is not JSON", e);
        }
        return out;
    }
}
