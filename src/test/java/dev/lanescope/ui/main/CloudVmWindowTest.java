package dev.lanescope.ui.main;

import static dev.lanescope.ui.main.MainWindowWaits.copyOfSample;
import static dev.lanescope.ui.main.MainWindowWaits.waitIdle;
import static dev.lanescope.ui.main.MainWindowWaits.waitShowing;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.model.Bdf;
import dev.lanescope.probe.LiveCapture;
import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.model.CardAdvice;

/**
 * The real KVM guest bundle (an H200 passed through onto the virtual root bus, plus five virtio functions) opened in
 * the window: the status bar counts the one GPU that the analysis counts, "next GPU" steps to it, and its panel gives
 * the card's own link in the kernel's words with the hypervisor line, as analyze and advise do.
 */
@ExtendWith(ApplicationExtension.class)
class CloudVmWindowTest {

    @TempDir
    static Path tmp;
    private final List<Throwable> fxErrors = new CopyOnWriteArrayList<>();
    private LanescopeApp app;

    @Start
    void start(Stage stage) {
        Thread.currentThread().setUncaughtExceptionHandler((t, e) -> fxErrors.add(e));
        app = new LanescopeApp(List.of(), new RecentCaptures(new MemoryPreferences()), LiveCapture.system());
        app.start(stage);
    }

    @Test
    void statusBarPanelAndCliAgreeOnTheVmGpu(FxRobot robot) throws Exception {
        MainViewModel vm = app.viewModel();
        waitIdle(vm);
        Path vmDir = copyOfSample(tmp, "cloud-vm-h200-passthrough-virtio").toAbsolutePath();
        robot.interact(() -> assertThat(app.mainController().drop(List.of(vmDir.toFile()))).isTrue());
        waitShowing(vm, List.of(vmDir));
        Bdf h200 = Bdf.parse("0000:00:06.0");
        assertThat(vm.statusProperty().get()).contains(", 1 GPU");
        assertThat(vm.gpus()).containsExactly(h200);
        robot.interact(() -> vm.select(h200));
        WaitForAsyncUtils.waitFor(30, java.util.concurrent.TimeUnit.SECONDS, () -> vm.adviceProperty().get() != null);
        CardAdvice a = vm.adviceProperty().get();
        assertThat(a.title()).contains("NVIDIA H200");
        assertThat(a.answer()).startsWith("Cannot say from this capture: 0000:00:06.0 sits directly on a root bus");
        assertThat(a.ceiling()).startsWith("504.112 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)")
                .contains("the hypervisor hides the host's real path");
        assertThat(fxErrors).isEmpty();
    }
}
