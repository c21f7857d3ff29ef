package dev.lanescope.ui.main;

import java.util.ArrayList;
import java.util.List;

import javafx.application.Platform;

import dev.lanescope.model.Bdf;
import dev.lanescope.ui.model.PictureFocus;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.topology.LegendView;
import dev.lanescope.ui.topology.TopologyView;

/**
 * Keeps the explorer's drawing and legend in step with its view-model: a new picture when the capture or its layout
 * changes, the marks (colours, selection, paths, filter) on every change, and the first view of a new capture.
 */
final class DrawingSync {

    private final MainViewModel vm;
    private final TopologyView topology;
    private final LegendView legend;
    /** The capture whose first view was folded to its paths already (it is done once, not on every relayout). */
    private Object focusedOnce;

    DrawingSync(MainViewModel vm, TopologyView topology, LegendView legend) {
        this.vm = vm;
        this.topology = topology;
        this.legend = legend;
    }

    /** The drawing follows the search, the selection, the candidate, the ladder's pair and the open capture. */
    void follow() {
        vm.searchProperty().addListener((o, a, b) -> refresh());
        vm.selectedProperty().addListener((o, a, b) -> {
            refresh();
            if (b != null && vm.getLoaded() != null) {
                var nv = vm.getLoaded().picture().nodeOf(b);
                if (nv != null) topology.reveal(nv.id());
            }
        });
        vm.candidateProperty().addListener((o, a, b) -> refresh());
        vm.session().pairPeerProperty().addListener((o, a, b) -> refresh());
        vm.loadedProperty().addListener((o, a, b) -> {
            boolean fresh = a == null || b == null || a.topology() != b.topology();
            boolean refolded = !fresh && b != null && !a.picture().focus().equals(b.picture().focus());
            topology.setPicture(b == null ? null : b.picture());
            refresh();
            if (fresh || refolded && !b.picture().focus().isEmpty()) Platform.runLater(this::showFirstView);
            else if (refolded) Platform.runLater(topology::fit); // the whole machine, as asked
        });
    }

    /** Pushes the view-model's state into the drawing (colours, selection, path, search). */
    void refresh() {
        OpenCapture l = vm.getLoaded();
        if (l == null) return;
        Bdf sel = vm.selectedProperty().get();
        String selId = sel == null || l.picture().nodeOf(sel) == null ? null : l.picture().nodeOf(sel).id();
        PictureMarks m = vm.marks();
        var colours = m.edgeColours();
        var path = m.highlighted();
        var candidate = m.candidateIds();
        legend.show(vm.modeProperty().get(), colours.values(), !path.isEmpty(), !candidate.isEmpty(),
                l.picture().folded());
        topology.applyState(colours, selId, path, candidate, m.matches(), m.atomicsBreaks());
    }

    /** G: selects the next GPU after the selected one (the first when none is). */
    void nextGpu() {
        List<Bdf> gpus = vm.gpus();
        if (gpus.isEmpty()) return;
        Bdf cur = vm.selectedProperty().get();
        int i = cur == null ? -1 : gpus.indexOf(cur);
        vm.select(gpus.get((i + 1) % gpus.size()));
    }

    /**
     * The first view of a capture: all of it when that is readable, else the paths that matter (the picture is
     * folded to them) with the subject card (selected, first fault, first GPU) and the GPUs in view at a readable
     * zoom; the scroll bars say what lies off screen.
     */
    private void showFirstView() {
        OpenCapture l = vm.getLoaded();
        if (l == null) return;
        if (topology.fitZoom() >= PictureFocus.READABLE_ZOOM) {
            topology.fit();
            return;
        }
        if (l.picture().focus().isEmpty() && focusedOnce != l.topology()) {
            // chosen for a guessed size before the window was laid out; too large for the real one: fold it
            focusedOnce = l.topology();
            vm.toggleFocus();
        }
        // the card the picture is about first, then the GPUs: together at a readable zoom where they fit
        Bdf subject = PictureFocus.subject(l.analysed(), vm.selectedProperty().get());
        List<String> ids = new ArrayList<>();
        if (subject != null && l.picture().nodeOf(subject) != null) ids.add(l.picture().nodeOf(subject).id());
        for (Bdf gpu : vm.gpus()) {
            var nv = l.picture().nodeOf(gpu);
            if (nv != null && !ids.contains(nv.id())) ids.add(nv.id());
        }
        if (ids.isEmpty()) topology.fit();
        else topology.showBoxes(ids, PictureFocus.READABLE_ZOOM);
    }
}
