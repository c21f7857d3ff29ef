package dev.lanescope.ui.main;

import java.io.File;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import javafx.application.Platform;
import javafx.stage.Window;

import dev.lanescope.export.AtomicFiles;
import dev.lanescope.export.GraphExports;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.common.Windows;
import dev.lanescope.ui.png.PngExporter;
import dev.lanescope.ui.session.OpenCapture;

/** File ▸ Export: the PNG of the decision or of the whole machine, and the graph as DOT, GraphML or JSON. */
final class MainExports {

    private final MainViewModel vm;
    private final Supplier<Window> window;

    MainExports(MainViewModel vm, Supplier<Window> window) {
        this.vm = vm;
        this.window = window;
    }

    /** Asks where, then writes the PNG: the decision picture, or the whole machine when {@code full}. */
    void png(boolean full) {
        if (vm.getLoaded() == null) return;
        File f = Windows.chooseExportTarget(window.get(), "PNG image", "*.png", "lanescope.png");
        if (f == null) return;
        pngTo(f.toPath(), full);
    }

    /** Writes the PNG (FX thread); the status line says where, or why not. */
    CompletableFuture<Path> pngTo(Path out, boolean full) {
        OpenCapture l = vm.getLoaded();
        var parent = PngExporter.composeFor(l.analysed(), vm.selectedProperty().get(), vm.modeProperty().get(),
                full, "lanescope · " + vm.captureInfoProperty().get(), vm.session().theme());
        return PngExporter.export(parent, out, full ? PngExporter.MAX_SIDE : PngExporter.DECISION_WIDTH)
                .whenComplete((p, e) -> Platform.runLater(() -> vm.tell(
                        e == null ? "Saved " + p : "PNG export failed: " + e.getMessage())));
    }

    /** Asks where, then writes the graph in {@code format} off the FX thread; the status line says how it went. */
    void graph(String what, String pattern, String name, GraphExports.Format format) {
        OpenCapture l = vm.getLoaded();
        if (l == null) return;
        File f = Windows.chooseExportTarget(window.get(), what, pattern, name);
        if (f == null) return;
        var report = l.analysed().report();
        FxTasks.run(() -> AtomicFiles.writeString(f.toPath(), GraphExports.export(l.topology(), report, format)))
                .onSuccess(p -> vm.tell("Saved " + p))
                .onError(e -> vm.tell(what + " export failed: " + e.getMessage()))
                .start();
    }

}
