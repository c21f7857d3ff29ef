package dev.lanescope.ui.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import javafx.scene.chart.LineChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.model.Bdf;
import dev.lanescope.probe.GpuUsers;
import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.main.MainViewModel;
import dev.lanescope.ui.probe.ProbeViewModel.State;

/**
 * The main window's side panel as an admin drives it on the bundled sample: Ctrl+2 opens the probe tab on the
 * selected GPU, a run of the (fake) probe fills its chart and writes a receipt; Ctrl+3 opens the ceiling tab on the
 * same card, it follows the selection to another card, pops out into its own window and comes back; Ctrl+1 returns
 * to the card's answer.
 */
@ExtendWith(ApplicationExtension.class)
class SidePanelTabsTest {

    private static final Bdf GPU = Bdf.parse("0000:01:00.0");
    private static final Bdf NVME = Bdf.parse("0000:6d:00.0");

    @TempDir
    Path tmp;

    private LanescopeApp app;

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        GpuUsers.Listing nobody = new GpuUsers.Listing(List.of(), "test", null);
        app = new LanescopeApp(List.of(), null, null, new FakeBackend("ok", nobody, tmp));
        app.start(stage);
    }

    private static void waitFor(Callable<Boolean> c) throws Exception {
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, c);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static Tab selectedTab(FxRobot robot) {
        return robot.lookup(".side-tabs").queryAs(TabPane.class).getSelectionModel().getSelectedItem();
    }

    private static double sideShare(FxRobot robot) {
        SplitPane split = robot.lookup("#split").queryAs(SplitPane.class);
        return 1 - split.getDividerPositions()[0];
    }

    @Test
    void theProbeAndCeilingTabsFollowTheSelectedCardAndPopOut(FxRobot robot) throws Exception {
        MainViewModel main = app.viewModel();
        waitFor(() -> main.getLoaded() != null && !main.loadingProperty().get());
        robot.interact(() -> main.select(GPU));
        assertThat(selectedTab(robot).getText()).isEqualTo("Selected card");
        double cardShare = sideShare(robot);

        // Ctrl+2: the probe tab, on the selected GPU, and wider than the card's answer
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT2);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedTab(robot).getText()).isEqualTo("Bandwidth probe");
        assertThat(sideShare(robot)).isGreaterThan(cardShare + 0.1);
        @SuppressWarnings("unchecked")
        ComboBox<GpuChoice> gpuBox = robot.lookup("#gpuBox").queryAs(ComboBox.class);
        assertThat(gpuBox.getValue().bdf()).isEqualTo(GPU);
        assertThat(gpuBox.getValue().label()).contains("GTX 1650");

        robot.clickOn("#runButton");
        ProbeViewModel probe = app.mainController().probe();
        waitFor(() -> probe.stateProperty().get() == State.FINISHED || probe.stateProperty().get() == State.FAILED);
        assertThat(probe.stateProperty().get()).isEqualTo(State.FINISHED);
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = robot.lookup(".probe-chart").queryAs(LineChart.class);
        assertThat(chart.getData().get(0).getName()).isEqualTo("Pinned H2D (async)");
        assertThat(chart.getData().get(0).getData()).hasSize(8);
        assertThat(robot.lookup("#readingText").queryAs(Label.class).getText()).isNotBlank()
                .doesNotStartWith("No receipt yet");
        try (var files = Files.list(tmp.resolve("receipts"))) {
            assertThat(files.filter(p -> p.toString().endsWith(".json")).count()).isEqualTo(1);
        }

        // Ctrl+3: the ceiling tab takes the same card's trained link, then follows the selection to the NVMe drive
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT3);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedTab(robot).getText()).isEqualTo("Does the link matter?");
        assertThat(robot.lookup("#cardLink").queryAs(Label.class).getText())
                .startsWith("0000:01:00.0").contains("capable Gen3 x8");
        // the capture holds no host RAM figure, so the verdict waits for one instead of inventing it
        assertThat(robot.lookup("#headline").queryAs(Label.class).getText())
                .startsWith("Waiting for host RAM bandwidth");
        robot.interact(() -> main.select(NVME));
        assertThat(robot.lookup("#cardLink").queryAs(Label.class).getText()).startsWith("0000:6d:00.0");

        // popped out into its own window, still following; closing the window puts it back in its tab
        robot.push(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.W);
        WaitForAsyncUtils.waitForFxEvents();
        Stage own = app.mainController().sidePanel().window("ceiling");
        assertThat(own).isNotNull();
        assertThat(own.isShowing()).isTrue();
        assertThat(own.getTitle()).isEqualTo("lanescope — Does the link matter?");
        assertThat(own.getScene().getRoot().lookup("#headline")).isNotNull();
        Button back = robot.lookup("Bring it back here").queryAs(Button.class);
        assertThat(back.isVisible()).isTrue();
        robot.interact(() -> main.select(GPU));
        assertThat(((Label) own.getScene().getRoot().lookup("#cardLink")).getText()).startsWith("0000:01:00.0");
        // the popped-out window covers the main window on the tests' small screen: press the button itself
        robot.interact(back::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(Window.getWindows()).noneSatisfy(w -> assertThat(((Stage) w).getTitle())
                .isEqualTo("lanescope — Does the link matter?"));
        assertThat(selectedTab(robot).getContent().lookup("#headline")).isNotNull();

        // Ctrl+1: back to the card's answer, at the width it had
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT1);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedTab(robot).getText()).isEqualTo("Selected card");
        assertThat(sideShare(robot)).isCloseTo(cardShare, org.assertj.core.data.Offset.offset(0.01));
    }
}
