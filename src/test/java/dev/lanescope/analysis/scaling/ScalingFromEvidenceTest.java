package dev.lanescope.analysis.scaling;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.ceiling.CeilingInputException;
import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/**
 * "Would adding a card help?" takes every input from the capture, the card table or the user, never from a silent
 * default. Captures in src/test/resources/evidence and samples/, each with its source.txt.
 */
class ScalingFromEvidenceTest {

    static CaptureGpus capture(Path p) {
        Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(p)));
        return CaptureGpus.of(t, Analyzer.analyze(t));
    }

    static CaptureGpus evidence(String name) {
        return capture(Path.of("src/test/resources/evidence", name));
    }

    static ScalingRequest request(CaptureGpus c, MoePreset model) {
        ScalingRequest q = new ScalingRequest();
        q.capture = c;
        q.model = model;
        return q;
    }

    @Test
    void noModelNoFigure() {
        ScalingRequest q = request(evidence("broadwell-ep-2s-two-tesla-p100"), null);
        assertThatThrownBy(q::toInputs).isInstanceOf(CeilingInputException.class)
                .hasMessageContaining("no model chosen");
    }

    @Test
    void twoTwelveGigabyteTeslasCannotHoldA65GigabyteModel() {
        // P100 PCIe 12GB (10de:15f7): 12 GB each in the card table; gpt-oss-120b stores about 65 GB
        CaptureGpus c = evidence("broadwell-ep-2s-two-tesla-p100");
        assertThat(c.preset()).map(GpuPreset::vramGb).contains(12.0);
        Scaling.Result r = Scaling.evaluate(request(c, MoePreset.GPT_OSS_120B).toInputs());
        assertThat(r.verdict()).startsWith("Does not fit").contains("2 cards of 12 GB hold 24 GB")
                .doesNotContain("tokens/s");
        assertThat(r.best()).isEmpty();
        // the pair is on two sockets of an Intel host: the model says their data goes through host memory
        assertThat(r.assumptions()).anySatisfy(a -> assertThat(a).contains("through host memory"));
    }

    @Test
    void mixedCardsAreSaidFirstAndModelledAtTheSlowestAndSmallest() {
        // RTX 3090 (936 GB/s, 24 GB), Navi 21 (AMD), RTX 3070 (448 GB/s, 8 GB)
        CaptureGpus c = evidence("mixed-rtx3090-navi21-rtx3070");
        assertThat(c.cards()).hasSize(3);
        assertThat(c.mixed()).startsWith("Cards of 2 vendors (NVIDIA, AMD)")
                .contains("only the 2 NVIDIA cards are modelled").contains("448 GB/s").contains("8 GB");
        assertThat(c.gpus()).hasSize(2);
        assertThat(c.preset().orElseThrow().memGbPerS()).isEqualTo(448);
        assertThat(c.preset().orElseThrow().vramGb()).isEqualTo(8);
        assertThat(c.describe()).startsWith("3 GPUs (GeForce RTX 3090, Radeon RX 6800/6800 XT / 6900 XT, GeForce RTX"
                + " 3070)");
    }

    @Test
    void aLaptopsSolderedGpuIsNoMachineToAddCardsTo() {
        CaptureGpus c = capture(Path.of("samples", "hp-laptop-coffeelake-gtx1650-titanridge"));
        assertThat(c.alone()).contains("soldered").contains("GeForce GTX 1650 Mobile");
    }

    @Test
    void twoH200sJoinedByNvlinkAreModelledOverNvlinkNotThePciePath() {
        // nvidia-smi topo -m: NV18 between GPU0 and GPU1; the table gives 25 GB/s per link per direction
        CaptureGpus c = evidence("vm-two-h200-nvlink");
        assertThat(c.nvlinks()).isEqualTo(18);
        Scaling.Result r = Scaling.evaluate(request(c, MoePreset.QWEN3_30B_A3B).toInputs());
        assertThat(r.cost().evidence()).isEqualTo(AllReduceCost.Evidence.NVLINK);
        // 18 x 25 GB/s x 0.8 = 360 GB/s
        assertThat(r.cost().describe()).contains("NV18").contains("360 GB/s").doesNotContain("PHB");
    }

    @Test
    void aCardNotInTheTableIsAskedForItsFiguresInsteadOfAssumingOne() {
        // the Intel Arc A770 is not in the card table
        CaptureGpus c = capture(Path.of("samples", "intel-nuc13-extreme-arc-a770-vfio-unknown-header"));
        assertThat(c.gpus()).hasSize(1);
        assertThat(c.preset()).isEmpty();
        assertThatThrownBy(() -> request(c, MoePreset.QWEN3_30B_A3B).toInputs())
                .isInstanceOf(CeilingInputException.class).hasMessageContaining("Arc A770").hasMessageContaining("not in lanescope's table");
    }

    @Test
    void theLayerSplitIsFittedFromALayerPointAndSaidNotFittedWithoutOne() {
        // seed 002's MI50s: tensor 2/8 cards 71.22/14.32 tokens/s, layer split on 2 cards 81.72
        Scaling.Result tensorOnly = Scaling.evaluate(Fixtures.mi50(Fixtures.gptOss(),
                List.of(new Measured(Split.tensor(2), 71.22), new Measured(Split.tensor(8), 14.32)), List.of(2)));
        assertThat(tensorOnly.notes()).anySatisfy(n -> assertThat(n).startsWith("The layer-split figures are not"
                + " fitted"));
        Scaling.Result withLayer = Scaling.evaluate(Fixtures.mi50(Fixtures.gptOss(), List.of(
                new Measured(Split.tensor(2), 71.22), new Measured(Split.tensor(8), 14.32),
                new Measured(Split.layer(2), 81.72)), List.of(2)));
        assertThat(withLayer.notes()).noneSatisfy(n -> assertThat(n).contains("layer-split figures are not fitted"));
        double layer = withLayer.predictions().stream().filter(p -> p.split().equals(Split.layer(2))).findFirst()
                .orElseThrow().tokensPerS();
        assertThat(layer).isCloseTo(81.72, within(81.72 * 0.10));
    }

    @Test
    void everyCardInTheTableHasASource() {
        assertThat(GpuPreset.values()).isNotEmpty().allSatisfy(g -> {
            assertThat(g.source()).isNotBlank();
            assertThat(g.memGbPerS()).isPositive();
            assertThat(g.vramGb()).isPositive();
        });
    }
}
