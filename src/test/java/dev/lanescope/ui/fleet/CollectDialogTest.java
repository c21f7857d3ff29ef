package dev.lanescope.ui.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.ui.LanescopeApp;

/** Collect from host when there is no ssh to run, and when the host name would be an ssh option. */
@ExtendWith(ApplicationExtension.class)
class CollectDialogTest {

    @TempDir
    Path tmp;
    private LanescopeApp app;

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        app = new LanescopeApp(List.of());
        app.start(stage);
    }

    private void openDialog(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> app.viewModel().getLoaded() != null
                && !app.viewModel().loadingProperty().get());
        Path noSsh = tmp.resolve("no-such-ssh");
        robot.interact(() -> app.fleet().collect(noSsh.toString()));
        robot.interact(() -> robot.lookup(".collect #folder").queryAs(TextField.class)
                .setText(tmp.resolve("bundles").toString()));
    }

    @SuppressWarnings("unchecked")
    private ListView<String> messages(FxRobot robot) {
        return robot.lookup(".collect-messages").queryAs(ListView.class);
    }

    @Test
    void withoutSshTheDialogSaysSoAndNothingIsOpened(FxRobot robot) throws Exception {
        openDialog(robot);
        var before = app.viewModel().getLoaded();
        Button collect = robot.lookup(".collect #collect").queryAs(Button.class);
        assertThat(collect.isDisabled()).as("no host yet").isTrue();
        robot.clickOn(".collect #host").write("admin@gpu-7");
        robot.clickOn(collect);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> messages(robot).getItems().stream()
                .anyMatch(m -> m.startsWith("Failed:")));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = messages(robot).getItems();
        assertThat(shown.get(0)).startsWith("$ " + tmp.resolve("no-such-ssh") + " -o BatchMode=yes")
                .contains("-- admin@gpu-7 sh -s -- -o -");
        assertThat(shown.get(shown.size() - 1)).contains("could not be started")
                .contains("install the OpenSSH client or put ssh on PATH");
        Label status = robot.lookup(".collect-status").queryAs(Label.class);
        assertThat(status.getText()).contains("could not be started");
        assertThat(status.getPseudoClassStates().toString()).contains("failed");
        assertThat(collect.isDisabled()).as("can try again").isFalse();
        assertThat(robot.lookup(".collect #cancel").queryAs(Button.class).isDisabled()).isTrue();
        // no half-written bundle left behind, and the main window still shows what it showed
        try (var files = Files.list(tmp.resolve("bundles"))) {
            assertThat(files.toList()).isEmpty();
        }
        assertThat(app.viewModel().getLoaded()).isSameAs(before);
    }

    @Test
    void aHostThatWouldBeAnSshOptionIsRefusedBeforeAnythingRuns(FxRobot robot) throws Exception {
        openDialog(robot);
        robot.clickOn(".collect #host").write("-oProxyCommand=touch x");
        robot.clickOn(".collect #collect");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(messages(robot).getItems()).hasSize(1);
        assertThat(messages(robot).getItems().get(0)).startsWith("Failed: '-oProxyCommand=touch x' is not a host name");
        assertThat(Files.exists(tmp.resolve("bundles"))).isFalse();
    }
}
