package dev.lanescope.ui.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.control.Label;
import javafx.stage.Stage;
import javafx.scene.control.TabPane;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.main.MainViewModel;

/** {@code --ceiling} opens the side panel's "Does the link matter?" tab at start, on the capture the explorer loads. */
@ExtendWith(ApplicationExtension.class)
class CeilingAtStartTest {

    private LanescopeApp app;

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        app = new LanescopeApp(List.of("--ceiling"));
        app.start(stage);
    }

    @Test
    void theCeilingTabOpensOnTheLoadedCapture(FxRobot robot) throws Exception {
        assertThat(robot.lookup(".side-tabs").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getText())
                .isEqualTo("Does the link matter?");
        MainViewModel vm = app.viewModel();
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> vm.getLoaded() != null && !vm.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        // the bundled sample's first GPU, a GTX 1650 in a socket wired x8, sets the assumed rate from its capable
        // link; host memory is not in any capture, so the verdict names what it waits for instead of guessing
        assertThat(robot.lookup("#cardLink").queryAs(Label.class).getText())
                .startsWith("0000:01:00.0").contains("capable Gen3 x8");
        assertThat(robot.lookup("#headline").queryAs(Label.class).getText())
                .isEqualTo("Waiting for host RAM bandwidth");
        assertThat(robot.lookup("#verdict").queryAs(Label.class).getText())
                .contains("pick the memory type or type its GB/s");
    }
}
