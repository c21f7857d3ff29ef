package dev.lanescope.ui.main;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.TransferMode;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** File ▸ Open (files, a folder, an archive), File ▸ Recent captures, and a capture dropped on the window. */
final class OpenActions {

    private final MainViewModel vm;
    private final Supplier<Window> window;

    OpenActions(MainViewModel vm, Supplier<Window> window) {
        this.vm = vm;
        this.window = window;
    }

    void openFiles() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open capture files (lspci -vv, lspci -tv, kernel log, …)");
        List<File> files = fc.showOpenMultipleDialog(window.get());
        if (files != null && !files.isEmpty()) vm.open(files.stream().map(File::toPath).toList(), null);
    }

    void openFolder() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Open a capture folder");
        File dir = dc.showDialog(window.get());
        if (dir != null) vm.open(List.of(dir.toPath()), null);
    }

    void openArchive() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open a capture archive");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Archives", "*.tar.gz", "*.tgz", "*.tar"));
        File f = fc.showOpenDialog(window.get());
        if (f != null) vm.open(List.of(f.toPath()), null);
    }

    /** Keeps {@code recentMenu} listing the view-model's recent captures, most recent first. */
    void followRecent(Menu recentMenu) {
        vm.recentCaptures().addListener((ListChangeListener<List<Path>>) c -> fillRecent(recentMenu));
        fillRecent(recentMenu);
    }

    private void fillRecent(Menu recentMenu) {
        recentMenu.getItems().clear();
        for (List<Path> entry : vm.recentCaptures()) {
            MenuItem mi = new MenuItem(entry.size() == 1 ? entry.get(0).toString()
                    : entry.get(0) + " (+" + (entry.size() - 1) + ")");
            mi.setMnemonicParsing(false);
            mi.setOnAction(e -> vm.openRecent(entry));
            recentMenu.getItems().add(mi);
        }
        if (recentMenu.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none yet)");
            none.setDisable(true);
            recentMenu.getItems().add(none);
        }
    }

    /** Files dragged over {@code target} show {@code hint}; dropped, they are opened as one capture. */
    void acceptDrops(Node target, Node hint) {
        target.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                hint.setVisible(true);
            }
            e.consume();
        });
        target.setOnDragExited(e -> hint.setVisible(false));
        target.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles() && drop(e.getDragboard().getFiles());
            hint.setVisible(false);
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    /**
     * Opens what was dropped on the window (a dragboard's files): one capture, see {@link DroppedFiles}. Returns
     * whether anything was opened; when nothing was, the open capture stays and the status line says why.
     */
    boolean drop(List<File> files) {
        DroppedFiles.Plan plan = DroppedFiles.plan(files.stream().map(File::toPath).toList());
        if (plan.open().isEmpty()) {
            vm.tell(plan.refused().isEmpty() ? "Nothing was dropped"
                    : "Nothing opened: " + String.join("; ", plan.refused()));
            return false;
        }
        vm.open(plan.open(), null, plan.note());
        return true;
    }
}
