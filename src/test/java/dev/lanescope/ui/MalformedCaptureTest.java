package dev.lanescope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.control.TableView;
import javafx.scene.control.TitledPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.model.Problem;

/** A damaged capture opens with a problems list (file, line, message) and still shows what did parse. */
@ExtendWith(ApplicationExtension.class)
class MalformedCaptureTest {

    @TempDir
    static Path dir;
    private LanescopeApp app;

    @Start
    void start(Stage stage) throws Exception {
        System.setProperty("lanescope.prefs", "off");
        List<String> real = Files.readAllLines(Path.of("samples/hp-laptop-coffeelake-gtx1650-titanridge/vv.txt"));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 60; i++) sb.append(real.get(i)).append('\n');
        sb.append("\tLnkSta:\tSpeed banana, Width xQ\n");
        sb.append("zz:qq.9 Not a device line at all\n");
        sb.append("\tBus: primary=zz, secondary=01\n");
        for (int i = 60; i < 120; i++) sb.append(real.get(i)).append('\n');
        Files.writeString(dir.resolve("vv.txt"), sb.toString());
        Files.write(dir.resolve("tv.txt"), new byte[] {0x00, 0x01, (byte) 0xff, 0x7f, 0x00});
        app = new LanescopeApp(List.of(dir.toString()));
        app.start(stage);
    }

    @Test
    void theProblemsListNamesFileAndLineAndTheRestIsDrawn(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS,
                () -> app.viewModel().getLoaded() != null && !app.viewModel().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        TitledPane pane = robot.lookup(".problems").queryAs(TitledPane.class);
        assertThat(pane.isVisible()).isTrue();
        @SuppressWarnings("unchecked")
        TableView<Problem> table = robot.lookup(".problems .table-view").queryAs(TableView.class);
        assertThat(table.getItems()).as("problems: %s", table.getItems()).isNotEmpty();
        assertThat(table.getItems()).anySatisfy(p -> {
            assertThat(p.file()).contains("vv.txt");
            assertThat(p.line()).isBetween(60, 64);
        });
        // what parsed is still there: the host bridge and the root port of the first 60 lines
        assertThat(robot.lookup(".topo-node").queryAll()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(app.viewModel().sampleBannerProperty().get()).isEmpty();
    }
}
