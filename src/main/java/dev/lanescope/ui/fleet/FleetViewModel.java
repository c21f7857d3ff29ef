package dev.lanescope.ui.fleet;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.concurrent.Task;


import dev.lanescope.export.AtomicFiles;
import dev.lanescope.fleet.FleetScan;
import dev.lanescope.parse.Jackson;

/**
 * The fleet table: a scan of a folder of bundles, one row per host, run off the FX thread with progress and a
 * Cancel; a filter over every column; opening a row hands its capture to the main window.
 */
public final class FleetViewModel {

    private final Consumer<Path> opener;
    private final int threads;
    private final ObservableList<FleetScan.HostRow> rows = FXCollections.observableArrayList();
    private final FilteredList<FleetScan.HostRow> shown = new FilteredList<>(rows, r -> true);
    private final StringProperty filter = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("Pick a folder of bundles to scan.");
    private final StringProperty summary = new SimpleStringProperty("");
    private final BooleanProperty scanning = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty();
    private final ObjectProperty<Path> folder = new SimpleObjectProperty<>();
    private Task<FleetScan.Result> task;

    public FleetViewModel(Consumer<Path> opener, int threads) {
        this.opener = opener;
        this.threads = Math.max(1, threads);
        filter.addListener((o, a, b) -> {
            String q = b == null ? "" : b.trim().toLowerCase(Locale.ROOT);
            shown.setPredicate(r -> matches(r, q));
        });
    }

    public ObservableList<FleetScan.HostRow> rows() {
        return rows;
    }

    /** The rows that pass the filter (the table sorts a view of these). */
    public FilteredList<FleetScan.HostRow> shown() {
        return shown;
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public StringProperty summaryProperty() {
        return summary;
    }

    public BooleanProperty scanningProperty() {
        return scanning;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public ObjectProperty<Path> folderProperty() {
        return folder;
    }

    /** Scans a folder (bundles and capture folders at any depth), reporting each capture read. */
    public Task<FleetScan.Result> scan(Path dir) {
        cancel();
        Path d = dir;
        int n = threads;
        folder.set(d);
        rows.clear();
        summary.set("");
        scanning.set(true);
        progress.set(-1);
        status.set("Looking for captures in " + d + " …");
        Task<FleetScan.Result> t = new Task<>() {
            @Override
            protected FleetScan.Result call() throws Exception {
                return FleetScan.scan(d, n, new FleetScan.Progress() {
                    @Override
                    public void read(int done, int total) {
                        updateProgress(done, Math.max(1, total));
                        updateMessage("Read " + done + " of " + total + " captures in " + d + " …");
                    }

                    @Override
                    public boolean cancelled() {
                        return isCancelled();
                    }
                });
            }
        };
        t.messageProperty().addListener((o, a, b) -> {
            if (t == task && b != null && !b.isEmpty()) status.set(b);
        });
        t.progressProperty().addListener((o, a, b) -> {
            if (t == task) progress.set(b.doubleValue());
        });
        t.setOnSucceeded(e -> {
            if (t != task) return;
            scanning.set(false);
            FleetScan.Result r = t.getValue();
            rows.setAll(r.rows());
            summary.set(r.capturesRead() + " capture" + (r.capturesRead() == 1 ? "" : "s") + ", " + r.rows().size()
                    + " host" + (r.rows().size() == 1 ? "" : "s") + ", " + r.unusable() + " unusable");
            status.set(r.capturesRead() == 0 ? "No captures (.tar.gz bundles or capture folders) found in " + d
                    : "Scanned " + d + ": double-click a host (or press Enter) to open its latest capture.");
        });
        t.setOnFailed(e -> {
            if (t != task) return;
            scanning.set(false);
            Throwable x = t.getException();
            status.set(x instanceof CancellationException ? "Scan cancelled: " + x.getMessage()
                    : "Could not scan " + d + ": " + x.getMessage());
        });
        t.setOnCancelled(e -> {
            if (t != task) return;
            scanning.set(false);
            status.set("Scan of " + d + " cancelled; nothing shown.");
        });
        task = t;
        return FleetWork.start(t);
    }

    public void cancel() {
        if (task != null && task.isRunning()) task.cancel(true);
    }

    /** The capture a row describes: the scanned folder plus the row's relative path. */
    public Path pathOf(FleetScan.HostRow r) {
        Path root = folder.get();
        Path src = Path.of(r.source());
        return root == null || src.isAbsolute() ? src : root.resolve(r.source());
    }

    /** Opens the row's capture in the main window. */
    public void open(FleetScan.HostRow r) {
        if (r == null) return;
        Path p = pathOf(r);
        status.set("Opening " + r.host() + " (" + p + ") in the main window …");
        opener.accept(p);
    }

    /** Writes the given rows (the table as shown: filtered and sorted) as CSV, off the FX thread. */
    public Task<Path> exportCsv(Path file, List<FleetScan.HostRow> which) {
        List<FleetScan.HostRow> copy = List.copyOf(which);
        return export(file, () -> FleetScan.csv(copy));
    }

    /** The same rows as JSON, in the shape of {@code lanescope scan --json}. */
    public Task<Path> exportJson(Path file, List<FleetScan.HostRow> which) {
        List<FleetScan.HostRow> copy = List.copyOf(which);
        Path dir = folder.get();
        return export(file, () -> json(dir, copy));
    }

    static String json(Path dir, List<FleetScan.HostRow> rows) {
        return Jackson.pretty(new FleetJson(dir == null ? null : dir.toString(), rows)) + "\n";
    }

    /** The fleet table as JSON: the folder scanned and one row per host, as {@code scan --json} writes its rows. */
    record FleetJson(String folder, List<FleetScan.HostRow> hosts) {
    }

    private interface Text {
        String get() throws Exception;
    }

    private Task<Path> export(Path file, Text text) {
        Task<Path> t = new Task<>() {
            @Override
            protected Path call() throws Exception {
                return AtomicFiles.writeString(file, text.get());
            }
        };
        t.setOnSucceeded(e -> status.set("Saved " + t.getValue()));
        t.setOnFailed(e -> status.set("Export failed: " + t.getException().getMessage()));
        return FleetWork.start(t);
    }

    static boolean matches(FleetScan.HostRow r, String q) {
        if (q.isEmpty()) return true;
        for (String s : new String[] {r.host(), r.worst().key(), r.worst().words(), r.where(), r.reason(), r.bootId(),
                r.capturedAt(), r.kernel(), r.source()}) {
            if (s != null && s.toLowerCase(Locale.ROOT).contains(q)) return true;
        }
        return false;
    }
}
