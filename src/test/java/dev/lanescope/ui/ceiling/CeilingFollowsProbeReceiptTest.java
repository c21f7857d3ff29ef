package dev.lanescope.ui.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.main.MainViewModel;

/** The "Does the link matter?" tab takes the receipt the probe tab has open, whichever tab was opened first. */
@ExtendWith(ApplicationExtension.class)
class CeilingFollowsProbeReceiptTest {

    private static final Path RECEIPT = Path.of("docs/bench/receipt-h200.json");

    private LanescopeApp app;

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        app = new LanescopeApp(List.of());
        app.start(stage);
    }

    @Test
    void aReceiptOpenedInTheProbeTabBecomesTheCeilingsRate(FxRobot robot) throws Exception {
        MainViewModel vm = app.viewModel();
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> vm.getLoaded() != null && !vm.loadingProperty().get());
        CeilingViewModel[] ceiling = new CeilingViewModel[1];
        robot.interact(() -> ceiling[0] = app.mainController().showCeiling().viewModel());
        assertThat(ceiling[0].receiptProperty().get()).isNull();
        robot.interact(() -> app.mainController().showProbe().openReceipt(RECEIPT));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> ceiling[0].receiptProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(ceiling[0].receiptProperty().get().name()).startsWith("receipt-h200.json");
        assertThat(ceiling[0].rateSourceProperty().get()).isEqualTo(CeilingViewModel.RateSource.RECEIPT);
    }
}
