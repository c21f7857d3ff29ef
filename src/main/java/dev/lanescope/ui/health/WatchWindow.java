package dev.lanescope.ui.health;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.application.Platform;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import dev.lanescope.capture.HealthEvidenceLoader;
import dev.lanescope.model.WatchRecord;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.model.InsightsFactory;

/**
 * File ▸ Watch this machine: the sampler {@code lanescope watch} uses, run in the background for a chosen time (read
 * only: the user's own job runs beside it), with a timeline per hop, its lowest and highest state and the sentence the
 * command line prints; the picture's hops are recoloured as the watch proves them (through {@code recolour}). Opened
 * on a capture that holds a watch (collect.sh --watch), it first shows that watch.
 */
public final class WatchWindow {

    /** The durations offered, in words and seconds. */
    static final List<String> DURATIONS = List.of("30 s", "1 min", "5 min");
    static final double INTERVAL = 1;

    private final Stage stage = new Stage();
    private final WatchOnCapture capture;
    private final Supplier<LiveWatch> watches;
    private final Consumer<InsightsFactory.Analysed> recolour;
    private final ExecutorService worker = HealthStages.worker("lanescope-watch");
    private final Label heading = label("watchHeading", "watch-heading");
    private final Label note = label("watchNote", "watch-note");
    private final Label status = label("watchStatus", "watch-status");
    private final ChoiceBox<String> duration = new ChoiceBox<>();
    private final Button start = new Button("Watch this machine");
    private final Button stop = new Button("Stop");
    private final VBox rows = new VBox(14);
    private LiveWatch running;
    private WatchTimeline shown;

    private WatchWindow(Window owner, List<String> stylesheets, WatchOnCapture capture, Supplier<LiveWatch> watches,
                        Consumer<InsightsFactory.Analysed> recolour) {
        this.capture = capture;
        this.watches = watches;
        this.recolour = recolour;
        duration.getItems().setAll(DURATIONS);
        duration.setValue(DURATIONS.get(0));
        duration.setId("watchDuration");
        start.setId("watchStart");
        stop.setId("watchStop");
        stop.setDisable(true);
        start.setOnAction(e -> start());
        stop.setOnAction(e -> stop());
        Label howLong = new Label("Watch for");
        HBox controls = new HBox(8, howLong, duration, start, stop, status);
        controls.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        HBox.setHgrow(status, Priority.ALWAYS);
        Label intro = new Label("Samples every GPU, NIC and NVMe link and the ports above it once a second, with"
                + " nvidia-smi where present. Nothing is started here: run your own job beside it.");
        intro.setWrapText(true);
        intro.getStyleClass().add("watch-intro");
        rows.setId("watchRows");
        rows.setPadding(new Insets(4, 8, 8, 4));
        HealthStages.fill(stage, owner, stylesheets, "lanescope — Watch this machine",
                new VBox(8, controls, intro, heading, note),
                rows, 1000, 760);
        stage.setOnHidden(e -> {
            stop();
            worker.shutdownNow();
        });
        heading.setText("No watch yet. Choose how long, press Watch this machine, and run your job beside it.");
    }

    /**
     * Opens the window on the open capture ({@link WatchOnCapture#NONE} without one) and its files ({@code inputs}:
     * a watch kept in them is shown first); {@code watches} makes a watch of this machine, {@code recolour} shows a
     * report judged with it in the picture.
     */
    public static WatchWindow open(Window owner, List<String> stylesheets, WatchOnCapture capture, List<Path> inputs,
                                   Supplier<LiveWatch> watches, Consumer<InsightsFactory.Analysed> recolour) {
        WatchWindow w = new WatchWindow(owner, stylesheets, capture, watches, recolour);
        w.stage.show();
        if (inputs != null && !inputs.isEmpty()) w.showKept(inputs);
        return w;
    }

    /** The last watch kept in the capture's files, if any, as the command line's {@code watch --from} shows it. */
    private void showKept(List<Path> inputs) {
        status.setText("Looking for a watch in the capture …");
        FxTasks.run(() -> {
            List<WatchRecord> kept = HealthEvidenceLoader.load(inputs).watches();
            return kept.isEmpty() ? null : capture.kept(kept.get(kept.size() - 1));
        }).onSuccess(j -> {
            if (running != null) return; // a watch of this machine started meanwhile: it is what is shown
            if (j == null) {
                status.setText("The open capture holds no watch.");
                return;
            }
            status.setText("Showing the watch kept in the open capture (" + capture.label() + ").");
            publish(j);
        }).onError(e -> status.setText("The capture's watch could not be read: " + e.getMessage())).startOn(worker);
    }

    private void start() {
        start(seconds(duration.getValue()), INTERVAL, duration.getValue());
    }

    /** Watches this machine for {@code seconds}, a sample every {@code interval} seconds. */
    void start(double seconds, double interval, String words) {
        if (running != null) return;
        LiveWatch live = watches.get();
        running = live;
        start.setDisable(true);
        stop.setDisable(false);
        duration.setDisable(true);
        status.setText("Watching for " + words + ": run your job now (nothing is started here) …");
        FxTasks.run(() -> live.run(seconds, interval, rec -> {
            WatchOnCapture.Judged j = capture.live(rec);
            Platform.runLater(() -> {
                if (running == live) {
                    publish(j);
                    status.setText("Watching: " + rec.samples().size() + " sample(s) of about "
                            + (long) (seconds / interval + 1) + "; run your job now (nothing is started here) …");
                }
            });
        })).onSuccess(text -> finished(live, null)).onError(e -> finished(live, e)).startOn(worker);
    }

    private void finished(LiveWatch live, Throwable e) {
        if (running != live) return;
        running = null;
        start.setDisable(false);
        stop.setDisable(true);
        duration.setDisable(false);
        status.setText(e != null ? "The watch failed: " + e.getMessage()
                : "Done" + (shown == null ? "." : ": " + shown.heading()));
    }

    private void stop() {
        LiveWatch live = running;
        if (live != null) {
            live.stop();
            status.setText("Stopping after the sample being read …");
        }
    }

    /** Shows a watch: the heading, the note, a row per hop; the picture takes the judged report. */
    private void publish(WatchOnCapture.Judged j) {
        shown = j.timeline();
        heading.setText(shown.heading());
        note.setText(shown.note());
        note.setVisible(!shown.note().isEmpty());
        note.setManaged(!shown.note().isEmpty());
        rows.getChildren().clear();
        for (WatchTimeline.Row r : shown.rows()) rows.getChildren().add(row(r));
        if (j.report() != null && recolour != null) {
            recolour.accept(InsightsFactory.from(capture.topology(), j.report(), j.evidence()));
        }
    }

    private static VBox row(WatchTimeline.Row r) {
        Region swatch = new Region();
        swatch.getStyleClass().add("watch-swatch");
        if (r.colourKey() != null) swatch.pseudoClassStateChanged(PseudoClass.getPseudoClass(r.colourKey()), true);
        swatch.setVisible(r.colourKey() != null);
        swatch.setManaged(r.colourKey() != null);
        Label title = new Label(r.title());
        title.getStyleClass().add("watch-title");
        Label range = new Label(r.range());
        range.getStyleClass().add("watch-range");
        HBox head = new HBox(8, swatch, title, range);
        head.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        Label sentence = new Label(r.sentence());
        sentence.setWrapText(true);
        sentence.getStyleClass().add("watch-sentence");
        VBox box = new VBox(4, head, new TimelineStrip(r), sentence);
        box.getStyleClass().add("watch-row");
        return box;
    }

    static double seconds(String words) {
        return switch (words) {
            case "1 min" -> 60;
            case "5 min" -> 300;
            default -> 30;
        };
    }

    private static Label label(String id, String style) {
        Label l = new Label();
        l.setId(id);
        l.setWrapText(true);
        l.setMaxWidth(Double.MAX_VALUE);
        l.getStyleClass().add(style);
        return l;
    }

    // ---- for tests and the startup option

    public Stage stage() {
        return stage;
    }

    /** What is shown now (null before any watch). */
    public WatchTimeline shown() {
        return shown;
    }
}
