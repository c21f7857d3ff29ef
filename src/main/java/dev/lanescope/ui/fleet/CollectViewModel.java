package dev.lanescope.ui.fleet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.function.Consumer;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.util.Duration;

import dev.lanescope.fleet.RemoteCollect;

/**
 * Collect from host: runs the collector on a remote box over the user's own ssh ({@link RemoteCollect}: an
 * argument list, BatchMode, {@code sudo -n}, a timeout), off the FX thread, with Cancel; every message is listed;
 * the bundle is opened in the main window when it arrives.
 */
public final class CollectViewModel {

    private final String ssh;
    private final Consumer<Path> opener;
    private final StringProperty host = new SimpleStringProperty("");
    private final BooleanProperty sudo = new SimpleBooleanProperty();
    private final IntegerProperty timeout = new SimpleIntegerProperty(300);
    private final StringProperty folder = new SimpleStringProperty();
    private final ObservableList<String> messages = FXCollections.observableArrayList();
    private final BooleanProperty running = new SimpleBooleanProperty();
    private final BooleanProperty failed = new SimpleBooleanProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private Task<Path> task;
    private Timeline clock;

    /** {@code ssh}: the program to run (normally "ssh"); {@code folder}: where bundles are saved. */
    public CollectViewModel(String ssh, Path folder, Consumer<Path> opener) {
        this.ssh = ssh;
        this.opener = opener;
        this.folder.set(folder.toString());
        status.set("Runs the collector on the host through your own ssh (key or agent login; nothing is stored).");
    }

    public StringProperty hostProperty() {
        return host;
    }

    public BooleanProperty sudoProperty() {
        return sudo;
    }

    public IntegerProperty timeoutProperty() {
        return timeout;
    }

    public StringProperty folderProperty() {
        return folder;
    }

    public ObservableList<String> messages() {
        return messages;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    public BooleanProperty failedProperty() {
        return failed;
    }

    public StringProperty statusProperty() {
        return status;
    }

    /** Starts the collection; a bad host name or folder fails at once, without running anything. */
    public Task<Path> start() {
        if (running.get()) return task;
        failed.set(false);
        String h = host.get() == null ? "" : host.get().trim();
        boolean su = sudo.get();
        long limit = Math.max(10, timeout.get());
        List<String> cmd;
        try {
            cmd = RemoteCollect.command(ssh, h, su, 15);
        } catch (RemoteCollect.Failure f) {
            fail(f.getMessage());
            return null;
        }
        Path dir = Path.of(folder.get() == null || folder.get().isBlank() ? "." : folder.get().trim());
        Path out = dir.resolve(RemoteCollect.defaultName(h, ZonedDateTime.now()));
        messages.add("$ " + String.join(" ", cmd) + "  < collect.sh  > " + out);
        running.set(true);
        long t0 = System.nanoTime();
        clock = new Timeline(new KeyFrame(Duration.seconds(1), e -> status.set("Collecting from " + h + " … "
                + (System.nanoTime() - t0) / 1_000_000_000L + " s (gives up after " + limit + " s)")));
        clock.setCycleCount(Timeline.INDEFINITE);
        clock.play();
        status.set("Collecting from " + h + " …");
        Task<Path> t = new Task<>() {
            @Override
            protected Path call() throws Exception {
                Files.createDirectories(dir);
                byte[] script = RemoteCollect.script();
                return RemoteCollect.run(cmd, script, out, limit, line -> Platform.runLater(() -> {
                    if (!isCancelled()) messages.add(h + ": " + line);
                }));
            }
        };
        t.setOnSucceeded(e -> {
            stop();
            Path p = t.getValue();
            long size = p.toFile().length();
            messages.add("Saved " + p + " (" + Math.max(1, size / 1024) + " KiB); opening it in the main window.");
            status.set("Collected " + h + ": " + p.getFileName());
            opener.accept(p);
        });
        t.setOnFailed(e -> {
            stop();
            Throwable x = t.getException();
            fail(x instanceof RemoteCollect.Failure ? x.getMessage() : "Collecting failed: " + x);
        });
        t.setOnCancelled(e -> {
            stop();
            messages.add("Cancelled: the ssh process was stopped and no bundle was kept.");
            status.set("Cancelled.");
        });
        task = t;
        return FleetWork.start(t);
    }

    public void cancel() {
        if (task != null && task.isRunning()) task.cancel(true);
    }

    private void stop() {
        running.set(false);
        if (clock != null) clock.stop();
    }

    private void fail(String message) {
        failed.set(true);
        messages.add("Failed: " + message);
        status.set(message);
    }
}
