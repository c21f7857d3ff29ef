package dev.lanescope.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;

import dev.lanescope.probe.LiveCapture;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.common.Views;
import dev.lanescope.ui.common.Windows;
import dev.lanescope.ui.details.DetailsController;
import dev.lanescope.ui.fleet.FleetActions;
import dev.lanescope.ui.main.MainController;
import dev.lanescope.ui.main.MainViewModel;
import dev.lanescope.ui.main.RecentCaptures;
import dev.lanescope.ui.probe.ProbeBackend;
import dev.lanescope.ui.probe.SystemProbeBackend;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Session;

/** The explorer window. Wiring by hand: one view-model, controllers built by the controller factory. */
public class LanescopeApp extends Application {

    private final List<String> argsOverride;
    private final RecentCaptures recent;
    private final LiveCapture live;
    private final ProbeBackend probeBackend;
    private MainViewModel vm;
    private MainController main;
    private Parent root;
    private FleetActions fleet;

    public LanescopeApp() {
        this(null);
    }

    /** For tests and embedding: start with these arguments instead of the launcher's. */
    public LanescopeApp(List<String> args) {
        this(args, null, null);
    }

    /**
     * For tests: start with these arguments, keep File ▸ Recent in {@code recent} and read this machine through
     * {@code live}; null for either means the user's list and this machine's lspci.
     */
    public LanescopeApp(List<String> args, RecentCaptures recent, LiveCapture live) {
        this(args, recent, live, null);
    }

    /** As above, and the side panel's probe tab builds and runs its probe through {@code probe} (null: this machine). */
    public LanescopeApp(List<String> args, RecentCaptures recent, LiveCapture live, ProbeBackend probe) {
        this.argsOverride = args == null ? null : List.copyOf(args);
        this.recent = recent;
        this.live = live;
        this.probeBackend = probe;
    }

    @Override
    public void start(Stage stage) {
        if (Boolean.getBoolean("lanescope.timing")) {
            System.out.println("lanescope timing: toolkit up "
                    + java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() + " ms after JVM start");
        }
        StartupOptions opts = StartupOptions.parse(argsOverride != null ? argsOverride
                : getParameters() == null ? List.of() : getParameters().getRaw());
        Session session = new Session();
        session.setTheme(opts.theme());
        vm = new MainViewModel(session, recent != null ? recent : RecentCaptures.forUser(),
                live != null ? live : LiveCapture.system(), FxTasks.BACKGROUND);
        vm.setMode(opts.mode());
        Runnable openSample = () -> openSample(opts);
        // start reading at once: the capture loads on a worker while the window is built and shown
        if (opts.select() != null) vm.selectAfterLoad(opts.select());
        if (opts.inputs().isEmpty()) openSample(opts);
        else vm.open(opts.inputs(), null);
        fleet = new FleetActions(session, capture -> vm.open(List.of(capture), null), () -> stage);
        Map<Class<?>, Supplier<?>> controllers = Map.of(
                MainController.class, () -> main = new MainController(vm, openSample, fleet,
                        probeBackend != null ? probeBackend : new SystemProbeBackend()),
                DetailsController.class, () -> new DetailsController(session, vm::chooseCandidate));
        root = new Views(controllers).load(MainController.class);
        if (Boolean.getBoolean("lanescope.timing")) {
            System.out.println("lanescope timing: window built "
                    + java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() + " ms after JVM start");
        }
        stage.setTitle("lanescope — PCIe topology explorer");
        stage.setScene(Windows.sceneFittingScreen(root, 1480, 920));
        stage.show();
        opts.fleet().apply(session, fleet);
        // the side panel's tabs follow the main window's capture and selected card: they can open before it loads
        if (opts.ceiling()) main.showCeiling();
        if (opts.ladder()) main.showLadder().viewModel().addEvidence(opts.evidence());
        if (opts.receipt() != null) main.showProbe().openReceipt(opts.receipt());
        if (opts.history() != null) main.health().openHistory(opts.history());
        if (opts.watch()) whenLoaded(() -> main.health().openWatch());
        if (Boolean.getBoolean("lanescope.timing")) {
            System.out.println("lanescope timing: window shown "
                    + java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() + " ms after JVM start");
            reportFirstPaint(stage.getScene());
        }
    }

    /** Runs {@code r} once the first capture has loaded (at once when it has). */
    private void whenLoaded(Runnable r) {
        if (vm.getLoaded() != null && !vm.loadingProperty().get()) {
            r.run();
            return;
        }
        vm.loadedProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends OpenCapture> o,
                                OpenCapture a, OpenCapture b) {
                if (b == null) return;
                vm.loadedProperty().removeListener(this);
                r.run();
            }
        });
    }

    private void openSample(StartupOptions opts) {
        Path dir = opts.sampleDir();
        if (!Files.isDirectory(dir)) {
            vm.tell("No bundled sample at " + dir.toAbsolutePath()
                    + ": open a capture with File ▸ Open, or drop one on the window");
            return;
        }
        List<Path> inputs;
        try {
            inputs = StartupOptions.sampleInputs(dir);
        } catch (java.io.IOException e) {
            inputs = List.of(dir);
        }
        vm.openSample(dir, inputs);
    }

    /** Prints, once, how long after JVM start the first capture was laid out and painted (for docs/bench). */
    private void reportFirstPaint(Scene scene) {
        vm.loadedProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends OpenCapture> o,
                                OpenCapture a, OpenCapture b) {
                vm.loadedProperty().removeListener(this);
                Runnable[] once = new Runnable[1];
                once[0] = () -> {
                    scene.removePostLayoutPulseListener(once[0]);
                    javafx.application.Platform.runLater(() -> {
                        System.out.println("lanescope timing: painted " + b.topology().functions().size()
                                + " functions " + java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime()
                                + " ms after JVM start");
                        // a training run for the class-data-sharing archive (scripts/make-cds.sh) ends here, cleanly,
                        // so the JVM writes the archive of the classes a launch needs
                        if (Boolean.getBoolean("lanescope.exitAfterPaint")) {
                            javafx.application.Platform.exit();
                            System.exit(0);
                        }
                    });
                };
                scene.addPostLayoutPulseListener(once[0]);
            }
        });
    }

    /** For tests: the view-model of the running window. */
    public MainViewModel viewModel() {
        return vm;
    }

    /** For tests: the main window's controller (its drop handler). */
    public MainController mainController() {
        return main;
    }

    /** For tests: the fleet views' hook (compare, scan, collect). */
    public FleetActions fleet() {
        return fleet;
    }

    public Parent root() {
        return root;
    }
}
