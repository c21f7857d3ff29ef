package dev.lanescope.ui.fleet;

import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.scene.Parent;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

import dev.lanescope.ui.common.Views;
import dev.lanescope.ui.common.Windows;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Session;
import dev.lanescope.ui.theme.Themes;

/**
 * The main window's one hook into the fleet views: File ▸ Compare with…, Scan folder…, Collect from host… each
 * open their own window; whatever they open (a host of the fleet, a collected bundle) goes to the main window.
 */
public final class FleetActions {

    private final Session vm;
    private final Consumer<Path> open;
    private final Supplier<Window> main;
    private Stage fleetStage;
    private FleetViewModel fleetVm;
    private Stage collectStage;

    /**
     * The fleet views of {@code session}'s window: {@code open} opens a capture there (a row of the fleet table, a
     * collected bundle), {@code main} is that window (the owner of dialogs).
     */
    public FleetActions(Session session, Consumer<Path> open, Supplier<Window> main) {
        this.vm = session;
        this.open = open;
        this.main = main;
    }

    // ---- compare

    /** File ▸ Compare with…: picks a second capture (a file, or a collect.sh bundle) and compares. */
    public void compareWith() {
        if (vm.capture() == null) {
            vm.tell("Open a capture first: Compare with… compares the open capture with another.");
            return;
        }
        FileChooser fc = new FileChooser();
        fc.setTitle("Compare the open capture with… (lspci -vv file or .tar.gz bundle)");
        fc.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Captures and bundles", "*.txt", "*.tar.gz", "*.tgz", "*.tar"),
                new FileChooser.ExtensionFilter("All files", "*"));
        initialDir(fc);
        File f = fc.showOpenDialog(main.get());
        if (f != null) compare(f.toPath());
    }

    /** Opens a compare window: the open capture (A) against {@code other} (B). */
    public Stage compare(Path other) {
        OpenCapture current = vm.capture();
        if (current == null) {
            vm.tell("Open a capture first, then compare it with " + other);
            return null;
        }
        CompareViewModel cvm = new CompareViewModel(current);
        Parent root = new Views(Map.of(CompareController.class, () -> new CompareController(cvm)))
                .load(CompareController.class);
        Stage stage = stage(root, 1320, 900);
        stage.titleProperty().bind(cvm.titleProperty());
        stage.show();
        cvm.compareWith(other);
        return stage;
    }

    // ---- fleet

    /** File ▸ Scan folder…: picks a folder of bundles and shows the fleet table. */
    public void scanFolder() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Scan a folder of captures (collect.sh bundles, capture folders)");
        File dir = dc.showDialog(main.get());
        if (dir != null) scan(dir.toPath());
    }

    /** Shows the fleet window (one, reused) and scans {@code dir}. */
    public Stage scan(Path dir) {
        if (fleetStage == null) {
            fleetVm = new FleetViewModel(this::openInMain, Runtime.getRuntime().availableProcessors());
            FleetViewModel fvm = fleetVm;
            Parent root = new Views(Map.of(FleetController.class, () -> new FleetController(fvm)))
                    .load(FleetController.class);
            fleetStage = stage(root, 1540, 640);
            fleetStage.titleProperty().bind(fvm.folderProperty().map(d -> "Fleet — " + d));
            fleetStage.setOnHidden(e -> fvm.cancel());
        }
        fleetStage.show();
        fleetStage.toFront();
        fleetVm.scan(dir);
        return fleetStage;
    }

    // ---- collect

    /** File ▸ Collect from host…: the collect dialog, with the system's ssh. */
    public Stage collectFromHost() {
        return collect("ssh");
    }

    /** The collect dialog (one, reused) running {@code sshProgram}; bundles go to ~/lanescope-captures. */
    public Stage collect(String sshProgram) {
        if (collectStage == null) {
            Path folder = Path.of(System.getProperty("user.home"), "lanescope-captures");
            CollectViewModel cvm = new CollectViewModel(sshProgram, folder, this::openInMain);
            Parent root = new Views(Map.of(CollectController.class, () -> new CollectController(cvm)))
                    .load(CollectController.class);
            collectStage = stage(root, 760, 520);
            collectStage.setTitle("Collect from host over ssh");
            if (main.get() != null) collectStage.initOwner(main.get());
            collectStage.setOnHidden(e -> cvm.cancel());
        }
        collectStage.show();
        collectStage.toFront();
        return collectStage;
    }

    // ---- shared

    private void openInMain(Path capture) {
        open.accept(capture);
        Window w = main.get();
        if (w instanceof Stage s) {
            s.toFront();
            s.requestFocus();
        }
    }

    private Stage stage(Parent root, double w, double h) {
        Themes.follow(root, vm.themeProperty(), "css/fleet.css");
        Stage s = new Stage();
        s.setScene(Windows.sceneFittingScreen(root, w, h));
        return s;
    }

    private void initialDir(FileChooser fc) {
        OpenCapture l = vm.capture();
        if (l == null || l.inputs().isEmpty()) return;
        Path p = l.inputs().get(0).toAbsolutePath();
        File dir = (p.toFile().isDirectory() ? p : p.getParent()).toFile();
        if (dir.isDirectory()) fc.setInitialDirectory(dir);
    }
}
