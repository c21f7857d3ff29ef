package dev.lanescope.ui.main;

import static dev.lanescope.ui.main.MainWindowWaits.copyOfSample;
import static dev.lanescope.ui.main.MainWindowWaits.waitIdle;
import static dev.lanescope.ui.main.MainWindowWaits.waitShowing;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.fleet.Bundles;
import dev.lanescope.probe.LiveCapture;
import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.session.OpenCapture;

/**
 * Files dropped on the window open as a capture. Monocle cannot drive a real drag, so the tests hand the drop
 * handler the file list a dragboard would carry.
 */
@ExtendWith(ApplicationExtension.class)
class DropOnWindowTest {

    private static final String SAMPLE = "aws-ec2-g2.2xlarge-xen-grid-k520";
    @TempDir
    Path tmp;
    private LanescopeApp app;

    @Start
    void start(Stage stage) {
        app = new LanescopeApp(List.of(), RecentCaptures.inMemory(), LiveCapture.system());
        app.start(stage);
    }

    private boolean drop(FxRobot robot, Path... paths) {
        boolean[] opened = new boolean[1];
        robot.interact(() -> opened[0] = app.mainController().drop(
                java.util.Arrays.stream(paths).map(Path::toFile).toList()));
        return opened[0];
    }

    private MainViewModel vm() {
        return app.viewModel();
    }

    @Test
    void aDroppedFolderOpensAsOneCapture(FxRobot robot) throws Exception {
        waitIdle(vm());
        Path folder = copyOfSample(tmp, SAMPLE);
        assertThat(drop(robot, folder)).isTrue();
        waitShowing(vm(), List.of(folder));
        assertThat(vm().captureInfoProperty().get()).startsWith(SAMPLE);
        assertThat(vm().getLoaded().topology().functions()).isNotEmpty();
        assertThat(vm().statusProperty().get()).doesNotContain("Not opened");
    }

    @Test
    void droppedFilesOfOneFolderOpenTogether(FxRobot robot) throws Exception {
        waitIdle(vm());
        Path folder = copyOfSample(tmp, "amd-ryzen-embedded-picasso-pericom-switch");
        Path vv = folder.resolve("vv.txt");
        Path tv = folder.resolve("tv.txt");
        assertThat(drop(robot, vv, tv)).isTrue();
        waitShowing(vm(), List.of(vv, tv));
        assertThat(vm().captureInfoProperty().get()).startsWith("amd-ryzen-embedded-picasso-pericom-switch");
    }

    @Test
    void aDroppedTarGzOpensAsACapture(FxRobot robot) throws Exception {
        waitIdle(vm());
        Map<String, byte[]> entries = new LinkedHashMap<>();
        for (String f : List.of("vv.txt", "source.txt")) {
            entries.put("bundle/" + f, Files.readAllBytes(Path.of("samples", SAMPLE, f)));
        }
        Path archive = tmp.resolve("gpu-box.tar.gz");
        Bundles.write(archive, entries);
        assertThat(drop(robot, archive)).isTrue();
        waitShowing(vm(), List.of(archive));
        assertThat(vm().captureInfoProperty().get()).startsWith("gpu-box");
        int inSample = CaptureLoader.load(List.of(Path.of("samples", SAMPLE, "vv.txt"))).functions().size();
        assertThat(inSample).isPositive();
        assertThat(vm().getLoaded().topology().functions()).hasSize(inSample);
    }

    @Test
    void aFolderDroppedWithAnArchiveOpensTheFolderAndSaysWhatItLeft(FxRobot robot) throws Exception {
        waitIdle(vm());
        Path folder = copyOfSample(tmp, SAMPLE);
        Path archive = tmp.resolve("other.tar.gz");
        Bundles.write(archive, Map.of("x/vv.txt", Files.readAllBytes(folder.resolve("vv.txt"))));
        assertThat(drop(robot, folder, archive)).isTrue();
        waitShowing(vm(), List.of(folder));
        assertThat(vm().statusProperty().get())
                .endsWith(" — Not opened: other.tar.gz (one capture per drop: drop it on its own)");
    }

    @Test
    void unreadableMissingAndSpecialFilesAreRefusedAndTheOpenCaptureStays(FxRobot robot) throws Exception {
        waitIdle(vm());
        OpenCapture before = vm().getLoaded();
        // unreadable whoever runs the test (root reads a mode-000 file): /proc/self/mem fails at offset 0
        Path unreadable = Path.of("/proc/self/mem");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(unreadable),
                "no /proc/self/mem here: this test needs Linux's procfs for a file nobody can read");
        Path gone = tmp.resolve("deleted-vv.txt");
        assertThat(drop(robot, unreadable, gone, Path.of("/dev/null"))).isFalse();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm().loadingProperty().get()).isFalse();
        assertThat(vm().getLoaded()).isSameAs(before);
        assertThat(vm().statusProperty().get()).isEqualTo("Nothing opened: mem cannot be read (Input/output error); "
                + "deleted-vv.txt no longer exists; null is not a file or folder (a device, pipe or socket)");
        assertThat(vm().recentCaptures()).isEmpty();
    }

    @Test
    void aReadableFileDroppedWithAnUnreadableOneOpensAndTheNoteNamesTheOther(FxRobot robot) throws Exception {
        waitIdle(vm());
        Path vv = Files.copy(Path.of("samples", SAMPLE, "vv.txt"), tmp.resolve("vv.txt"));
        Path gone = tmp.resolve("tv.txt");
        assertThat(drop(robot, vv, gone)).isTrue();
        waitShowing(vm(), List.of(vv));
        assertThat(vm().statusProperty().get()).endsWith(" — Not opened: tv.txt no longer exists");
        assertThat(vm().recentCaptures()).containsExactly(List.of(vv.toAbsolutePath()));
    }

    @Test
    void aDroppedPictureReplacesNothingAndIsNotRemembered(FxRobot robot) throws Exception {
        waitIdle(vm());
        OpenCapture before = vm().getLoaded();
        String banner = vm().sampleBannerProperty().get();
        assertThat(banner).startsWith("Sample capture: ");
        Path png = Files.copy(Path.of("docs", "screenshots", "main.png"), tmp.resolve("screenshot.png"));
        assertThat(drop(robot, png)).isTrue();
        WaitForAsyncUtils.waitFor(90, java.util.concurrent.TimeUnit.SECONDS,
                () -> !vm().loadingProperty().get() && vm().statusProperty().get().startsWith("Nothing readable"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm().getLoaded()).isSameAs(before);
        assertThat(vm().statusProperty().get())
                .isEqualTo("Nothing readable in screenshot.png (see the problems list); still showing " + before.label());
        assertThat(vm().problems()).isNotEmpty().allMatch(p -> p.file().contains("screenshot.png"));
        assertThat(vm().sampleBannerProperty().get()).as("the sample is still on screen, so its banner stays").isEqualTo(banner);
        assertThat(vm().recentCaptures()).isEmpty();
    }
}
