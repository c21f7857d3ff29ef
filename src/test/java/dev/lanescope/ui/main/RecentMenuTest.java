package dev.lanescope.ui.main;

import static dev.lanescope.ui.main.MainWindowWaits.copyOfSample;
import static dev.lanescope.ui.main.MainWindowWaits.waitIdle;
import static dev.lanescope.ui.main.MainWindowWaits.waitShowing;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.prefs.Preferences;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.robot.Motion;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.probe.LiveCapture;
import dev.lanescope.ui.LanescopeApp;

/** File ▸ Recent captures: filled by what was opened, most recent first; choosing an entry opens it. */
@ExtendWith(ApplicationExtension.class)
class RecentMenuTest {

    @TempDir
    static Path tmp;
    private final Preferences store = new MemoryPreferences(); // isolated: never the user's preferences
    private final List<Throwable> fxErrors = new CopyOnWriteArrayList<>();
    private LanescopeApp app;
    private Path a;
    private Path b;

    @Start
    void start(Stage stage) {
        Thread.currentThread().setUncaughtExceptionHandler((t, e) -> fxErrors.add(e));
        app = new LanescopeApp(List.of(), new RecentCaptures(store), LiveCapture.system());
        app.start(stage);
    }

    private Menu recentMenu(FxRobot robot) {
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        return (Menu) bar.getMenus().get(0).getItems().stream()
                .filter(i -> "Recent captures".equals(i.getText())).findFirst().orElseThrow();
    }

    /** Opens File ▸ Recent captures and returns the entries it shows. */
    private List<String> showRecent(FxRobot robot) {
        robot.clickOn("File");
        robot.clickOn("Recent captures");
        WaitForAsyncUtils.waitForFxEvents();
        return recentMenu(robot).getItems().stream().map(MenuItem::getText).toList();
    }

    /** Clicks an entry of the open submenu, moving right first as a hand does (a diagonal would cross other items). */
    private static void choose(FxRobot robot, String entry) {
        robot.clickOn(entry, Motion.HORIZONTAL_FIRST);
    }

    /** Waits for the bundled sample, then copies two other samples under {@code tmp/under} into a and b. */
    private void copyTwoCaptures(String under) throws Exception {
        waitIdle(app.viewModel());
        Path dir = Files.createDirectories(tmp.resolve(under));
        a = copyOfSample(dir, "aws-ec2-g2.2xlarge-xen-grid-k520").toAbsolutePath();
        b = copyOfSample(dir, "msi-alpha15-cezanne-rx6600m-nn").toAbsolutePath();
    }

    private void open(FxRobot robot, Path capture) throws Exception {
        robot.interact(() -> assertThat(app.mainController().drop(List.of(capture.toFile()))).isTrue());
        waitShowing(app.viewModel(), List.of(capture));
    }

    @Test
    void openedCapturesAreListedMostRecentFirstAndChoosingOneOpensIt(FxRobot robot) throws Exception {
        copyTwoCaptures("listed");
        MainViewModel vm = app.viewModel();
        assertThat(showRecent(robot)).as("the bundled sample is not a recent capture").containsExactly("(none yet)");
        robot.interact(() -> recentMenu(robot).getParentMenu().hide());
        open(robot, a);
        open(robot, b);
        open(robot, a);
        assertThat(showRecent(robot)).containsExactly(a.toString(), b.toString());
        choose(robot, b.toString());
        waitShowing(vm, List.of(b));
        assertThat(vm.captureInfoProperty().get()).startsWith("msi-alpha15-cezanne-rx6600m-nn");
        assertThat(new RecentCaptures(store).list()).containsExactly(List.of(b), List.of(a));
        assertThat(fxErrors).isEmpty();
    }

    @Test
    void anEntryWhoseFilesWereDeletedIsRemovedWithANoteAndTheOpenCaptureStays(FxRobot robot) throws Exception {
        copyTwoCaptures("deleted");
        MainViewModel vm = app.viewModel();
        open(robot, a);
        open(robot, b);
        try (var files = Files.list(a)) {
            for (Path f : files.toList()) Files.delete(f);
        }
        Files.delete(a);
        assertThat(showRecent(robot)).containsExactly(b.toString(), a.toString());
        choose(robot, a.toString());
        WaitForAsyncUtils.waitForFxEvents();
        waitIdle(vm);
        assertThat(vm.statusProperty().get()).isEqualTo(a + " no longer exists (moved or deleted): removed it from "
                + "File ▸ Recent captures");
        assertThat(vm.getLoaded().inputs()).containsExactly(b);
        assertThat(showRecent(robot)).containsExactly(b.toString());
        assertThat(new RecentCaptures(store).list()).containsExactly(List.of(b));
        assertThat(fxErrors).isEmpty();
    }
}
