package dev.lanescope.ui.main;

import java.util.concurrent.TimeUnit;

import org.testfx.util.WaitForAsyncUtils;

/** Test helper for the main window's tests: waiting for a capture to show. */
final class MainWindowWaits {

    private MainWindowWaits() {
    }

    /** Waits until nothing is loading and a capture is shown (the bundled sample at start). */
    static void waitIdle(MainViewModel vm) throws Exception {
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !vm.loadingProperty().get() && vm.getLoaded() != null);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
