package dev.lanescope.ui.main;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import javafx.scene.Parent;
import javafx.stage.Window;

import dev.lanescope.ui.health.HistoryWindow;
import dev.lanescope.ui.health.LiveWatch;
import dev.lanescope.ui.health.WatchOnCapture;
import dev.lanescope.ui.health.WatchWindow;
import dev.lanescope.ui.session.OpenCapture;

/**
 * File ▸ Watch this machine and File ▸ History…: the link-health windows, opened on the open capture and given plain
 * values (the health windows know nothing of this window).
 */
public final class HealthActions {

    private final MainViewModel vm;
    private final Parent root;
    private final Supplier<Window> owner;

    HealthActions(MainViewModel vm, Parent root, Supplier<Window> owner) {
        this.vm = vm;
        this.root = root;
        this.owner = owner;
    }

    /** The watch window on the open capture (a watch it holds is shown first); the picture is recoloured. */
    public WatchWindow openWatch() {
        OpenCapture l = vm.getLoaded();
        WatchOnCapture on = l == null ? WatchOnCapture.NONE : new WatchOnCapture(l.label(), l.topology(),
                l.analysed().report(), l.analysed().evidence(), l.topology().capture().metadata().get("bootId"));
        return WatchWindow.open(owner.get(), root.getStylesheets(), on, l == null ? List.of() : l.inputs(),
                LiveWatch::system, vm.session()::applyAnalysis);
    }

    /** The history of the open capture's host: the folder its captures lie in (none open: the user picks one). */
    public HistoryWindow openHistoryOfOpenHost() {
        OpenCapture l = vm.getLoaded();
        return openHistory(l == null || l.inputs().isEmpty() ? null : HistoryWindow.hostFolder(l.inputs()));
    }

    /** The boots of the host whose captures lie in {@code dir} (null: the user picks a folder). */
    public HistoryWindow openHistory(Path dir) {
        return HistoryWindow.open(owner.get(), root.getStylesheets(), dir);
    }
}
