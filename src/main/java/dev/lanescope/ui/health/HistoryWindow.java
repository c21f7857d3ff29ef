package dev.lanescope.ui.health;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;

import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;

import dev.lanescope.fleet.HostHistory;
import dev.lanescope.ui.common.FxTasks;

/**
 * File ▸ History…: the boots of one host from a folder of its bundles or capture folders ({@code lanescope history}
 * in a window): per hop the command line's sentence and a strip with one cell per boot, in time order, full speed or
 * low, each cell saying its boot, time and state. Read in the background with progress.
 */
public final class HistoryWindow {

    private final Stage stage = new Stage();
    private final Label folder = new Label();
    private final Label status = new Label();
    private final ProgressBar progress = new ProgressBar(0);
    private final Button choose = new Button("Choose folder…");
    private final VBox notes = new VBox(4);
    private final VBox hosts = new VBox(18);
    private final ExecutorService worker = HealthStages.worker("lanescope-history");
    private HistoryStrips shown;

    private HistoryWindow(Window owner, List<String> stylesheets) {
        folder.setId("historyFolder");
        folder.getStyleClass().add("history-folder");
        status.setId("historyStatus");
        status.setWrapText(true);
        status.getStyleClass().add("watch-status");
        progress.setVisible(false);
        progress.managedProperty().bind(progress.visibleProperty());
        choose.setOnAction(e -> choose());
        notes.setId("historyNotes");
        hosts.setId("historyHosts");
        hosts.setPadding(new Insets(4, 8, 8, 4));
        Label label = new Label("Bundles or capture folders of one host:");
        HBox top1 = new HBox(8, label, folder, choose);
        top1.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(folder, Priority.ALWAYS);
        HBox top2 = new HBox(8, progress, status);
        top2.setAlignment(Pos.CENTER_LEFT);
        Label legend = new Label("Each cell is one boot, oldest first: green at full speed, red trained low, grey not"
                + " in that boot's capture. Point at a cell for its boot, time and state.");
        legend.setWrapText(true);
        legend.getStyleClass().add("watch-intro");
        HealthStages.fill(stage, owner, stylesheets, "lanescope — History across boots",
                new VBox(8, top1, top2, legend, notes),
                hosts, 1000, 720);
        stage.setOnHidden(e -> worker.shutdownNow());
    }

    /** Opens the window and reads {@code dir} (the open capture's folder); null: the user chooses one. */
    public static HistoryWindow open(Window owner, List<String> stylesheets, Path dir) {
        HistoryWindow w = new HistoryWindow(owner, stylesheets);
        w.stage.show();
        if (dir != null) w.read(dir);
        else w.status.setText("Choose the folder that holds the host's bundles or capture folders.");
        return w;
    }

    /**
     * The folder the open capture's host keeps its captures in: the parent of the capture (a bundle, a capture
     * folder, or the folder of loose capture files).
     */
    public static Path hostFolder(java.util.List<Path> inputs) {
        Path first = inputs.get(0).toAbsolutePath().normalize();
        String name = first.getFileName() == null ? "" : first.getFileName().toString();
        boolean bundle = name.endsWith(".tar.gz") || name.endsWith(".tgz") || name.endsWith(".tar");
        Path capture = Files.isDirectory(first) || bundle ? first : first.getParent();
        return capture == null || capture.getParent() == null ? capture : capture.getParent();
    }

    private void choose() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("A folder of one host's bundles or capture folders");
        File f = dc.showDialog(stage);
        if (f != null) read(f.toPath());
    }

    /** Reads every capture under {@code dir} off the FX thread, with progress, and shows the strips. */
    public void read(Path dir) {
        folder.setText(dir.toString());
        notes.getChildren().clear();
        hosts.getChildren().clear();
        if (!Files.isDirectory(dir)) {
            status.setText(dir + " is not a folder");
            return;
        }
        choose.setDisable(true);
        progress.setVisible(true);
        status.setText("Reading the captures under " + dir + " …");
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        var task = FxTasks.run(p -> HistoryStrips.of(dir, HostHistory.load(dir, threads,
                        (done, total) -> p.update(total == 0 ? 1 : done / (double) total,
                                "Read " + done + " of " + total + " capture(s) …"))))
                .onMessage(status::setText)
                .onSuccess(this::show)
                .onError(e -> {
                    done();
                    status.setText("Could not read " + dir + ": " + e.getMessage());
                })
                .startOn(worker);
        progress.progressProperty().bind(task.progressProperty());
    }

    private void done() {
        choose.setDisable(false);
        progress.progressProperty().unbind();
        progress.setVisible(false);
    }

    private void show(HistoryStrips s) {
        done();
        shown = s;
        long boots = s.hosts().stream().mapToLong(h -> h.hops().isEmpty() ? 0 : h.hops().get(0).cells().size()).sum();
        status.setText(s.hosts().isEmpty() ? "Nothing to show." : boots + " boot(s) of " + s.hosts().size()
                + " host(s).");
        for (String n : s.notes()) {
            Label l = new Label(n);
            l.setWrapText(true);
            l.getStyleClass().add("history-note");
            notes.getChildren().add(l);
        }
        for (HistoryStrips.Host h : s.hosts()) {
            Label line = new Label(h.line());
            line.getStyleClass().add("history-host");
            VBox box = new VBox(10, line);
            for (HistoryStrips.Hop hop : h.hops()) box.getChildren().add(hop(hop));
            hosts.getChildren().add(box);
        }
    }

    private static VBox hop(HistoryStrips.Hop hop) {
        Label title = new Label(hop.hop());
        title.getStyleClass().add("watch-title");
        Label sentence = new Label(hop.sentence());
        sentence.setWrapText(true);
        sentence.getStyleClass().add("watch-sentence");
        FlowPane cells = new FlowPane(3, 3);
        cells.setPrefWrapLength(Math.min(760, hop.cells().size() * 21.0)); // one row, wrapping only for many boots
        for (HistoryStrips.Cell c : hop.cells()) {
            Label cell = new Label();
            cell.getStyleClass().add("boot-cell");
            cell.pseudoClassStateChanged(PseudoClass.getPseudoClass(switch (c.trained()) {
                case FULL -> "full";
                case LOW -> "low";
                case ABSENT -> "absent";
            }), true);
            Tooltip t = new Tooltip(c.tooltip());
            t.setShowDelay(Duration.millis(150));
            cell.setTooltip(t);
            cells.getChildren().add(cell);
        }
        Label first = new Label("oldest");
        Label last = new Label("latest");
        first.getStyleClass().add("watch-range");
        last.getStyleClass().add("watch-range");
        HBox strip = new HBox(6, first, cells, last);
        strip.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(4, title, sentence, strip);
        box.getStyleClass().add("history-hop");
        return box;
    }

    // ---- for tests

    public Stage stage() {
        return stage;
    }

    /** What is shown (null until read). */
    public HistoryStrips shown() {
        return shown;
    }
}
