package dev.lanescope.ui.main;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.testfx.util.WaitForAsyncUtils;

/** Test helper for the main window's tests: waiting for a capture to show, copies of bundled samples. */
final class MainWindowWaits {

    private MainWindowWaits() {
    }

    /** Waits until nothing is loading and a capture is shown (the bundled sample at start). */
    static void waitIdle(MainViewModel vm) throws Exception {
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !vm.loadingProperty().get() && vm.getLoaded() != null);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Waits until nothing is loading and the open capture is {@code inputs}. */
    static void waitShowing(MainViewModel vm, List<Path> inputs) throws Exception {
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !vm.loadingProperty().get() && vm.getLoaded() != null
                && vm.getLoaded().inputs().equals(inputs));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** A copy of a bundled sample folder under {@code into}, so a test may change or delete it. */
    static Path copyOfSample(Path into, String sample) throws Exception {
        Path dir = Files.createDirectories(into.resolve(sample));
        try (var files = Files.list(Path.of("samples", sample))) {
            for (Path f : files.toList()) Files.copy(f, dir.resolve(f.getFileName()));
        }
        return dir;
    }
}
