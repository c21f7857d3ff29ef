package dev.lanescope.ui.scaling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.ui.session.OpenCaptures;
import dev.lanescope.ui.session.Session;

/**
 * "Would adding a card help?" without the toolkit: the window follows the session's capture, and the headline is
 * what the user reads first (no figure before a model is chosen; a bad field names itself and keeps the answer).
 * Captures in src/test/resources/evidence, each with its source.txt.
 */
class ScalingViewModelTest {

    private static final Path EVIDENCE = Path.of("src/test/resources/evidence");

    private static ScalingViewModel following(String capture) {
        Session session = OpenCaptures.sessionOn(EVIDENCE.resolve(capture));
        ScalingViewModel vm = new ScalingViewModel();
        vm.follow(ScalingWindow.captureOf(session));
        return vm;
    }

    @Test
    void noModelNoFigure() {
        ScalingViewModel vm = following("broadwell-ep-2s-two-tesla-p100");
        assertThat(vm.headlineProperty().get()).startsWith("Which model?");
        assertThat(vm.resultProperty().get()).isNull();
        assertThat(vm.verdictProperty().get()).isEmpty();
    }

    @Test
    void twoTwelveGigabyteTeslasAreToldTheModelDoesNotFit() {
        ScalingViewModel vm = following("broadwell-ep-2s-two-tesla-p100");
        vm.modelProperty().set(MoePreset.GPT_OSS_120B);
        assertThat(vm.headlineProperty().get()).startsWith("Does not fit");
        assertThat(vm.headlineProperty().get() + " " + vm.verdictProperty().get())
                .contains("2 cards of 12 GB hold 24 GB");
    }

    @Test
    void mixedCardsAreSaidBeforeTheAnswerUnlessACardIsChosen() {
        ScalingViewModel vm = following("mixed-rtx3090-navi21-rtx3070");
        vm.modelProperty().set(MoePreset.QWEN3_30B_A3B);
        assertThat(vm.headlineProperty().get()).startsWith("Cards of 2 vendors (NVIDIA, AMD)");
        vm.cardProperty().set("AMD Instinct MI50 32GB");
        assertThat(vm.headlineProperty().get()).doesNotContain("Cards of 2 vendors");
    }

    @Test
    void typedPointsGiveTheAnswerAndABadPointNamesTheFieldAndKeepsIt() {
        ScalingViewModel vm = following("broadwell-ep-2s-two-tesla-p100");
        vm.modelProperty().set(MoePreset.GPT_OSS_120B);
        vm.cardProperty().set("AMD Instinct MI50 32GB");
        vm.measuredProperty().set("2:71.22, 8:14.32");
        assertThat(vm.headlineProperty().get()).startsWith("Stop at 2 cards")
                .contains("the 3rd card adds 9.7 ms of all-reduce");

        vm.measuredProperty().set("2:71.22, 8:14.32, 4:fast");
        assertThat(vm.errorProperty().get()).startsWith("Measured:");
        assertThat(vm.headlineProperty().get()).startsWith("Stop at 2 cards");
    }
}
