package dev.lanescope.ui.scaling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.main.MainViewModel;
import dev.lanescope.ui.session.Session;

/** From the explorer's View menu to "Would adding a card help?", typed as an admin would, exported. */
@ExtendWith(ApplicationExtension.class)
class ScalingWindowTest {

    private LanescopeApp app;

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        app = new LanescopeApp(List.of());
        app.start(stage);
    }

    @Test
    void theViewMenuOpensItAndTypedPointsGiveTheSeedAnswer(FxRobot robot) throws Exception {
        MainViewModel vm = app.viewModel();
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> vm.getLoaded() != null && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("View");
        robot.clickOn("Would adding a card help? (decode vs card count)…");
        WaitForAsyncUtils.waitForFxEvents();
        Stage scaling = (Stage) Window.getWindows().stream()
                .filter(w -> ((Stage) w).getTitle().equals("lanescope — Would adding a card help?")).findFirst()
                .orElseThrow();
        // the bundled laptop sample has one GPU (a GTX 1650): the capture line says so
        assertThat(robot.from(scaling.getScene().getRoot()).lookup("#captureLine").queryAs(Label.class).getText())
                .startsWith("1 GPU");

        // the window asks for the model before it shows any figure
        Label asked = robot.from(scaling.getScene().getRoot()).lookup("#headline").queryAs(Label.class);
        assertThat(asked.getText()).startsWith("Which model?");
        assertThat(robot.from(scaling.getScene().getRoot()).lookup("#best").queryAs(Label.class).getText()).isEmpty();
        robot.interact(() -> {
            var root = scaling.getScene().getRoot();
            @SuppressWarnings("unchecked")
            var model = (javafx.scene.control.ComboBox<dev.lanescope.analysis.ceiling.MoePreset>) root.lookup("#model");
            model.setValue(dev.lanescope.analysis.ceiling.MoePreset.GPT_OSS_120B);
        });
        WaitForAsyncUtils.waitForFxEvents();
        // its only GPU is a soldered GTX 1650 Mobile: no row of added cards for it
        assertThat(asked.getText()).contains("soldered").contains("no row of added cards");
        robot.interact(() -> {
            var root = scaling.getScene().getRoot();
            @SuppressWarnings("unchecked")
            var card = (javafx.scene.control.ComboBox<String>) root.lookup("#card");
            card.setValue("AMD Instinct MI50 32GB");
        });
        TextField measured = robot.from(scaling.getScene().getRoot()).lookup("#measured").queryAs(TextField.class);
        robot.clickOn(measured).write("2:71.22, 8:14.32");
        WaitForAsyncUtils.waitForFxEvents();
        Label headline = robot.from(scaling.getScene().getRoot()).lookup("#headline").queryAs(Label.class);
        assertThat(headline.getText()).startsWith("Stop at 2 cards").contains("the 3rd card adds 9.7 ms of all-reduce");
        assertThat(robot.from(scaling.getScene().getRoot()).lookup("#evidence").queryAs(Label.class).getText())
                .isEqualTo("fitted to your measured tokens/s");

        // the chart: the 2- and 8-card measured points and no 1-card point (65 GB do not fit one 32 GB card)
        var chart = robot.from(scaling.getScene().getRoot()).lookup("#chart")
                .queryAs(javafx.scene.chart.LineChart.class);
        @SuppressWarnings("unchecked")
        List<XYChart.Series<Number, Number>> data = chart.getData();
        assertThat(data).anySatisfy(s -> {
            assertThat(s.getName()).isEqualTo("measured");
            assertThat(s.getData()).extracting(d -> d.getXValue().intValue()).containsExactly(2, 8);
        });
        assertThat(data).allSatisfy(s -> assertThat(s.getData()).noneMatch(d -> d.getXValue().intValue() == 1));

        // a bad point names the field and keeps the answer on screen
        robot.clickOn(measured).write(", 4:fast");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.from(scaling.getScene().getRoot()).lookup("#error").queryAs(Label.class).getText())
                .startsWith("Measured:");
        assertThat(headline.getText()).startsWith("Stop at 2 cards");
    }

    @Test
    void exportsThePanelAsPng(FxRobot robot) throws Exception {
        ScalingWindow[] w = new ScalingWindow[1];
        robot.interact(() -> w[0] = ScalingWindow.open(null, (Session) null));
        robot.interact(() -> {
            w[0].viewModel().modelProperty().set(dev.lanescope.analysis.ceiling.MoePreset.GPT_OSS_120B);
            w[0].viewModel().cardProperty().set("AMD Instinct MI50 32GB");
            w[0].viewModel().measuredProperty().set("2:71.22, 8:14.32");
        });
        Path png = tmp.resolve("scaling.png");
        @SuppressWarnings("unchecked")
        java.util.concurrent.CompletableFuture<Path>[] f = new java.util.concurrent.CompletableFuture[1];
        robot.interact(() -> f[0] = w[0].controller().exportPngTo(png));
        Path written = f[0].get(60, TimeUnit.SECONDS);
        assertThat(Files.size(written)).isGreaterThan(10_000);
        byte[] head = Files.readAllBytes(written);
        assertThat(head[1]).isEqualTo((byte) 'P');
        assertThat(w[0].viewModel().resultProperty().get().series()).isNotEmpty();
        robot.interact(() -> w[0].stage().close());
    }
}
