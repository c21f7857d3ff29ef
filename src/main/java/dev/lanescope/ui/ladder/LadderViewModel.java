package dev.lanescope.ui.ladder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import dev.lanescope.analysis.ladder.Ladder;
import dev.lanescope.analysis.ladder.Ladders;
import dev.lanescope.capture.LadderEvidenceLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.main.MainViewModel;

/**
 * The P2P ladder tab's state: the selected GPU (the main window's selection when it is a GPU, else the first GPU),
 * the peer chosen among the other GPUs, the evidence files the user added, and the ladder of that pair. The capture's
 * and the evidence files' lines are read off the window's thread, once per set of files.
 */
public final class LadderViewModel {

    private final MainViewModel main;
    private final ObjectProperty<Bdf> gpu = new SimpleObjectProperty<>();
    private final ObjectProperty<Bdf> peer = new SimpleObjectProperty<>();
    private final ObservableList<Bdf> peers = FXCollections.observableArrayList();
    private final ObservableList<Path> evidenceFiles = FXCollections.observableArrayList();
    private final ObjectProperty<Ladder> ladder = new SimpleObjectProperty<>();
    private final StringProperty status = new SimpleStringProperty("");
    private List<Path> evidenceFor;
    private LadderEvidence evidence;
    private boolean following;

    public LadderViewModel(MainViewModel main) {
        this.main = main;
        main.loadedProperty().addListener((o, a, b) -> {
            evidenceFor = null;
            follow();
        });
        main.selectedProperty().addListener((o, a, b) -> follow());
        peer.addListener((o, a, b) -> {
            if (!following) recompute();
        });
        evidenceFiles.addListener((javafx.collections.ListChangeListener<Path>) c -> recompute());
        follow();
    }

    public ObjectProperty<Bdf> gpuProperty() {
        return gpu;
    }

    public ObjectProperty<Bdf> peerProperty() {
        return peer;
    }

    public ObservableList<Bdf> peers() {
        return peers;
    }

    public ObservableList<Path> evidenceFiles() {
        return evidenceFiles;
    }

    public ObjectProperty<Ladder> ladderProperty() {
        return ladder;
    }

    public StringProperty statusProperty() {
        return status;
    }

    /** A label for a GPU in the chooser: its address and name. */
    public String label(Bdf bdf) {
        Topology t = topology();
        if (t == null || bdf == null) return bdf == null ? "" : bdf.toString();
        return t.address(bdf) + "  " + t.function(bdf).map(f -> f.shortName()).orElse("");
    }

    private Topology topology() {
        return main.getLoaded() == null ? null : main.getLoaded().topology();
    }

    /** Follows the main window: the selected GPU, the other GPUs as peers, the peer kept when still there. */
    void follow() {
        Topology t = topology();
        following = true;
        try {
            List<Bdf> gpus = new ArrayList<>();
            if (t != null) for (TopoNode.FunctionNode n : Ladders.gpus(t)) gpus.add(n.bdf());
            Bdf sel = main.selectedProperty().get();
            Bdf g = sel != null && gpus.stream().anyMatch(x -> x.device0().equals(sel.device0()))
                    ? gpus.stream().filter(x -> x.device0().equals(sel.device0())).findFirst().orElse(null)
                    : gpus.isEmpty() ? null : gpus.get(0);
            gpu.set(g);
            List<Bdf> others = gpus.stream().filter(x -> !x.equals(g)).toList();
            Bdf keep = peer.get();
            peers.setAll(others);
            peer.set(keep != null && others.contains(keep) ? keep : others.isEmpty() ? null : others.get(0));
        } finally {
            following = false;
        }
        recompute();
    }

    /** Adds evidence files (logs, probe outputs, nvidia-smi/rocm-smi output); the ladder is judged again. */
    public void addEvidence(List<Path> files) {
        for (Path f : files) if (!evidenceFiles.contains(f)) evidenceFiles.add(f);
    }

    void recompute() {
        Topology t = topology();
        Bdf a = gpu.get();
        Bdf b = peer.get();
        main.pairPeerProperty().set(b);
        if (t == null || a == null || b == null) {
            ladder.set(null);
            status.set(t == null ? "Open a capture to see its P2P ladder."
                    : "The ladder needs two GPUs; this capture shows " + (a == null ? "none" : "one") + ".");
            return;
        }
        List<Path> files = new ArrayList<>(main.getLoaded().inputs());
        files.addAll(evidenceFiles);
        if (files.equals(evidenceFor) && evidence != null) {
            ladder.set(Ladders.of(t, evidence, a, b));
            status.set("");
            return;
        }
        status.set("Reading the capture's and the evidence files' lines...");
        evidenceFor = files;
        FxTasks.run(() -> LadderEvidenceLoader.load(files)).onSuccess(ev -> {
            if (!files.equals(evidenceFor)) return;
            evidence = ev;
            Topology now = topology();
            if (now == null || gpu.get() == null || peer.get() == null) return;
            ladder.set(Ladders.of(now, ev, gpu.get(), peer.get()));
            long problems = ev.problems().stream().filter(p -> p.severity() != dev.lanescope.model.Severity.INFO)
                    .count();
            status.set(problems == 0 ? "" : problems + " line(s) of the evidence could not be used: "
                    + ev.problems().get(0));
        }).onError(e -> status.set("Could not read the evidence: " + e.getMessage())).start();
    }
}
