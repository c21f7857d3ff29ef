package dev.lanescope.ui.ladder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import dev.lanescope.analysis.ladder.Ladder;
import dev.lanescope.analysis.ladder.Ladders;
import dev.lanescope.analysis.ladder.Rung;
import dev.lanescope.capture.LadderEvidenceLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Severity;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.session.Session;

/**
 * The P2P ladder tab's state: the selected GPU (the main window's selection when it is a GPU, else the first GPU),
 * the peer chosen among the other GPUs, the evidence files the user added, and the ladder of that pair. The capture's
 * and the evidence files' lines are read off the window's thread, once per set of files. It touches no node: tests
 * build it on a {@link Session} without the toolkit.
 */
public final class LadderViewModel {

    private static final String NO_EVIDENCE = "or drop logs and probe outputs here";

    private final Session main;
    private final FxTasks.Runner runner;
    private final ReadOnlyObjectWrapper<Bdf> gpu = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Bdf> peer = new ReadOnlyObjectWrapper<>();
    private final ObservableList<Bdf> peers = FXCollections.observableArrayList();
    private final ObservableList<Bdf> peersView = FXCollections.unmodifiableObservableList(peers);
    private final ObservableList<Path> evidenceFiles = FXCollections.observableArrayList();
    private final ObservableList<Path> evidenceView = FXCollections.unmodifiableObservableList(evidenceFiles);
    private final ReadOnlyObjectWrapper<Ladder> ladder = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper gpuLabel = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper evidenceSummary = new ReadOnlyStringWrapper(NO_EVIDENCE);
    private List<Path> evidenceFor;
    private LadderEvidence evidence;
    private boolean following;

    /** Follows {@code main}'s capture and selection; evidence files are read on the background worker. */
    public LadderViewModel(Session main) {
        this(main, FxTasks.BACKGROUND);
    }

    /** As above; {@code runner} reads the evidence files ({@link FxTasks#HERE} in a test without the toolkit). */
    public LadderViewModel(Session main, FxTasks.Runner runner) {
        this.main = main;
        this.runner = runner;
        main.captureProperty().addListener((o, a, b) -> {
            evidenceFor = null;
            follow();
        });
        main.selectedProperty().addListener((o, a, b) -> follow());
        peer.addListener((o, a, b) -> {
            if (!following) recompute();
        });
        evidenceFiles.addListener((javafx.collections.ListChangeListener<Path>) c -> {
            evidenceSummary.set(evidenceFiles.isEmpty() ? NO_EVIDENCE : evidenceFiles.size() + " evidence file(s)");
            recompute();
        });
        gpu.addListener((o, a, b) -> gpuLabel.set(label(b)));
        ladder.addListener((o, a, b) -> headline.set(b == null ? "" : b.headline()));
        follow();
    }

    /** The GPU the ladder is about: the selected one, else the first. */
    public ReadOnlyObjectProperty<Bdf> gpuProperty() {
        return gpu.getReadOnlyProperty();
    }

    /** The second card of the pair. */
    public ReadOnlyObjectProperty<Bdf> peerProperty() {
        return peer.getReadOnlyProperty();
    }

    /** The GPUs that can be the second card (read-only). */
    public ObservableList<Bdf> peers() {
        return peersView;
    }

    /** The evidence files added, in the order they were added (read-only). */
    public ObservableList<Path> evidenceFiles() {
        return evidenceView;
    }

    /** The pair's ladder, null while there is no pair or its evidence is being read. */
    public ReadOnlyObjectProperty<Ladder> ladderProperty() {
        return ladder.getReadOnlyProperty();
    }

    /** Why there is no ladder, or which evidence lines could not be used; empty otherwise. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The GPU as the chooser names it: its address and name (empty when there is none). */
    public ReadOnlyStringProperty gpuLabelProperty() {
        return gpuLabel.getReadOnlyProperty();
    }

    /** The answer first: the pair's headline, empty while there is no ladder. */
    public ReadOnlyStringProperty headlineProperty() {
        return headline.getReadOnlyProperty();
    }

    /** How many evidence files were added, or where to drop them while there are none. */
    public ReadOnlyStringProperty evidenceSummaryProperty() {
        return evidenceSummary.getReadOnlyProperty();
    }

    /** Whether a rung's row starts open to its finding: the lowest rung not passed and the lowest failed one. */
    public boolean startsOpen(Rung r) {
        Ladder l = ladder.get();
        return l != null && (r == l.lowestNotPassed() || r == l.lowestFailed());
    }

    /** Makes {@code other} the second card of the pair (ignored unless it is one of {@link #peers()}). */
    public void choosePeer(Bdf other) {
        if (other == null || peers.contains(other)) peer.set(other);
    }

    /** A label for a GPU in the chooser: its address and name. */
    public String label(Bdf bdf) {
        Topology t = topology();
        if (t == null || bdf == null) return bdf == null ? "" : bdf.toString();
        return t.address(bdf) + "  " + t.function(bdf).map(f -> f.shortName()).orElse("");
    }

    private Topology topology() {
        return main.capture() == null ? null : main.capture().topology();
    }

    /** Follows the main window: the selected GPU, the other GPUs as peers, the peer kept when still there. */
    void follow() {
        Topology t = topology();
        following = true;
        try {
            List<Bdf> gpus = new ArrayList<>();
            if (t != null) for (TopoNode.FunctionNode n : Ladders.gpus(t)) gpus.add(n.bdf());
            Bdf sel = main.selected();
            Bdf g = sel != null && gpus.stream().anyMatch(x -> x.device0().equals(sel.device0()))
                    ? gpus.stream().filter(x -> x.device0().equals(sel.device0())).findFirst().orElse(null)
                    : gpus.isEmpty() ? null : gpus.get(0);
            gpu.set(g);
            gpuLabel.set(label(g)); // the same address may name another card in a newly opened capture
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
        main.pairWith(b);
        if (t == null || a == null || b == null) {
            ladder.set(null);
            status.set(t == null ? "Open a capture to see its P2P ladder."
                    : "The ladder needs two GPUs; this capture shows " + (a == null ? "none" : "one") + ".");
            return;
        }
        List<Path> files = new ArrayList<>(main.capture().inputs());
        files.addAll(evidenceFiles);
        if (files.equals(evidenceFor) && evidence != null) {
            ladder.set(Ladders.of(t, evidence, a, b));
            status.set("");
            return;
        }
        status.set("Reading the capture's and the evidence files' lines...");
        evidenceFor = files;
        runner.run(FxTasks.run(() -> LadderEvidenceLoader.load(files)).onSuccess(ev -> {
            if (!files.equals(evidenceFor)) return;
            evidence = ev;
            Topology now = topology();
            if (now == null || gpu.get() == null || peer.get() == null) return;
            ladder.set(Ladders.of(now, ev, gpu.get(), peer.get()));
            long problems = ev.problems().stream().filter(p -> p.severity() != Severity.INFO).count();
            status.set(problems == 0 ? "" : problems + " line(s) of the evidence could not be used: "
                    + ev.problems().get(0));
        }).onError(e -> status.set("Could not read the evidence: " + e.getMessage())));
    }
}
