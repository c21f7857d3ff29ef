package dev.lanescope.ui.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.ceiling.H2dRate;
import dev.lanescope.analysis.ceiling.HostMemoryPreset;
import dev.lanescope.analysis.ceiling.TransferSample;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;

/**
 * "Does the link matter?" starts from evidence, without a toolkit: inputs the capture cannot give start empty and the
 * verdict says what it waits for; the link estimate is the card's capable link, labelled an assumption; a receipt
 * replaces it; every label says where its number came from.
 */
class CeilingEvidenceTest {

    @Test
    void nothingIsInventedBeforeTheUserOrACaptureGivesIt() {
        CeilingViewModel vm = new CeilingViewModel();
        // no built-in 7.0 GB/s, no laptop memory preset
        assertThat(vm.typedH2dProperty().get()).isEmpty();
        assertThat(vm.ramPresetProperty().get()).isNull();
        assertThat(vm.ramProperty().get()).isEmpty();
        assertThat(vm.rateSourceProperty().get()).isEqualTo(CeilingViewModel.RateSource.LINK_ESTIMATE);
        assertThat(vm.resultProperty().get()).isNull();
        assertThat(vm.headlineProperty().get()).isEqualTo("Waiting for host RAM bandwidth and host-to-device rate");
        assertThat(vm.verdictProperty().get()).startsWith("No verdict yet.")
                .contains("a PCIe capture cannot see memory").contains("open a probe receipt");
        // waiting is not an error: no field is marked
        for (CeilingViewModel.Field f : CeilingViewModel.Field.values()) {
            assertThat(vm.errorProperty(f).get()).as(f.name()).isEmpty();
        }
    }

    @Test
    void theLinkEstimateIsTheCardsCapableLinkAndSaysItIsAnAssumption() {
        CeilingViewModel vm = new CeilingViewModel();
        vm.ramPresetProperty().set(HostMemoryPreset.DDR5_6000_DUAL);
        assertThat(vm.ramNoteProperty().get()).startsWith("preset: DDR5-6000 dual channel, the datasheet peak");
        assertThat(vm.headlineProperty().get()).isEqualTo("Waiting for host-to-device rate");
        vm.cardLinkProperty().set(new CeilingViewModel.CardLink("0000:01:00.0 Quadro P2000",
                LinkState.of(LinkSpeed.GEN3, 16), "capable Gen3 x16 (its link to 0000:00:01.0); trained Gen1 x16"
                + " when captured, not used"));
        H2dRate r = vm.rateProperty().get();
        assertThat(r.source()).isEqualTo(H2dRate.Source.LINK_ESTIMATE);
        assertThat(r.gbPerS()).isCloseTo(15.752 * 0.85, org.assertj.core.data.Offset.offset(0.01));
        assertThat(vm.rateNoteProperty().get()).startsWith("Gen3 x16 usable 15.752 GB/s x achievable factor 0.85: an"
                + " assumption");
        assertThat(vm.seriesProperty().get().measured().label()).isEqualTo("Gen3 x16 capable × 0.85 (assumed)");
        // 96 GB/s against 13.4 GB/s: 7.2x, a loss but not "by construction" (an idle Gen1 reading would say 28x)
        assertThat(vm.headlineProperty().get()).startsWith("Streaming loses, ");

        vm.ramProperty().set("120");
        assertThat(vm.ramPresetProperty().get()).isNull();
        assertThat(vm.ramNoteProperty().get()).isEqualTo("typed");
    }

    @Test
    void aReceiptReplacesTheEstimateAndIsNamed() {
        CeilingViewModel vm = new CeilingViewModel();
        vm.ramPresetProperty().set(HostMemoryPreset.DDR5_6000_DUAL);
        vm.cardLinkProperty().set(new CeilingViewModel.CardLink("0000:01:00.0", LinkState.of(LinkSpeed.GEN4, 4)));
        vm.receiptProperty().set(new CeilingViewModel.Receipt("receipt-gen4x4.json",
                List.of(new TransferSample(3_145_728, 0.4692), new TransferSample(1_073_741_824, 157.44)),
                "receipt receipt-gen4x4.json"));
        assertThat(vm.rateSourceProperty().get()).isEqualTo(CeilingViewModel.RateSource.RECEIPT);
        // 1 GiB in 157.44 ms = 6.82 GB/s, the measured bulk rate, not the link's 6.70 estimate
        assertThat(vm.rateProperty().get().gbPerS()).isCloseTo(6.820, org.assertj.core.data.Offset.offset(0.001));
        assertThat(vm.rateNoteProperty().get()).startsWith("receipt receipt-gen4x4.json: bulk 6.82 GB/s at 1 GiB");
        assertThat(vm.seriesProperty().get().measured().label()).isEqualTo("measured");
    }

    @Test
    void choosingATypedRateWaitsForTheNumberInsteadOfUsingOne() {
        CeilingViewModel vm = new CeilingViewModel();
        vm.ramPresetProperty().set(HostMemoryPreset.DDR4_3200_DUAL);
        vm.rateSourceProperty().set(CeilingViewModel.RateSource.TYPED);
        assertThat(vm.headlineProperty().get()).isEqualTo("Waiting for host-to-device rate");
        assertThat(vm.verdictProperty().get()).contains("type the bulk rate a probe measured on this machine");
        vm.typedH2dProperty().set("6.5");
        assertThat(vm.rateProperty().get().note()).isEqualTo("typed by the user");
        assertThat(vm.resultProperty().get()).isNotNull();
        vm.typedH2dProperty().set("abc");
        assertThat(vm.errorProperty(CeilingViewModel.Field.H2D).get()).contains("'abc' is not a number");
        assertThat(vm.headlineProperty().get()).isEqualTo("Fix the marked input to see the verdict");
    }
}
