package dev.lanescope.ui.main;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Problem;
import dev.lanescope.probe.LiveCapture;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.model.CardAdvice;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.model.PictureFocus;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Session;

/**
 * The explorer window's state and commands, over the run's {@link Session} (the open capture, selection, theme and
 * status line it shares with the other windows). Everything here is touched on the FX thread only; loading, analysis
 * and layout run in {@link FxTasks} and publish in their success hooks. It touches no node: tests build it without
 * the toolkit.
 */
public final class MainViewModel {

    private final Session session;
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper sampleBanner = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper nonRootBanner = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper captureInfo = new ReadOnlyStringWrapper("");
    private final ObservableList<Problem> problems = FXCollections.observableArrayList();
    private final ObservableList<Problem> problemsView = FXCollections.unmodifiableObservableList(problems);
    private final ReadOnlyStringWrapper problemsTitle = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<EdgeColours.Mode> mode = new ReadOnlyObjectWrapper<>(EdgeColours.Mode.VERDICTS);
    private final ReadOnlyStringWrapper search = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<CardAdvice.Candidate> candidate = new ReadOnlyObjectWrapper<>();
    private final Set<String> expanded = new HashSet<>();
    private final RecentCaptures recent;
    private final ObservableList<List<Path>> recentList = FXCollections.observableArrayList();
    private final ObservableList<List<Path>> recentView = FXCollections.unmodifiableObservableList(recentList);
    private final LiveCapture live;
    private final FxTasks.Runner runner;
    private Bdf pendingSelect;
    private double viewWidth = 1100;
    private double viewHeight = 640;

    /** A window with a session of its own, its work on the background worker. */
    public MainViewModel(RecentCaptures recent, LiveCapture live) {
        this(new Session(), recent, live, FxTasks.BACKGROUND);
    }

    /**
     * {@code live} reads this machine (File ▸ Read this machine now; tests pass one with their own runner);
     * {@code runner} runs reading, analysis and layout ({@link FxTasks#HERE} in a test without the toolkit).
     */
    public MainViewModel(Session session, RecentCaptures recent, LiveCapture live, FxTasks.Runner runner) {
        this.session = session;
        this.runner = runner;
        this.recent = recent;
        this.live = live;
        recentList.setAll(recent.list());
        session.selectedProperty().addListener((o, a, b) -> candidate.set(null));
        problems.addListener((ListChangeListener<Problem>) c -> problemsTitle.set(CaptureTexts.problemsTitle(problems)));
    }

    // ---- properties

    /** What this window shares with the side panel's tabs and the windows it opens. */
    public Session session() {
        return session;
    }

    public ReadOnlyObjectProperty<OpenCapture> loadedProperty() {
        return session.captureProperty();
    }

    public OpenCapture getLoaded() {
        return session.capture();
    }

    /** True while a capture is being read. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return session.loadingProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return session.statusProperty();
    }

    public ReadOnlyStringProperty sampleBannerProperty() {
        return sampleBanner.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty nonRootBannerProperty() {
        return nonRootBanner.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty captureInfoProperty() {
        return captureInfo.getReadOnlyProperty();
    }

    /** The open capture's reading problems and notes (read-only). */
    public ObservableList<Problem> problems() {
        return problemsView;
    }

    /** The problems list's title: how many reading problems and notes, and that what parsed is still shown. */
    public ReadOnlyStringProperty problemsTitleProperty() {
        return problemsTitle.getReadOnlyProperty();
    }

    /** Whether a problem more than a note was met (the list opens by itself then). */
    public boolean hasSeriousProblems() {
        return CaptureTexts.serious(problems) > 0;
    }

    public ReadOnlyObjectProperty<EdgeColours.Mode> modeProperty() {
        return mode.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty searchProperty() {
        return search.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Bdf> selectedProperty() {
        return session.selectedProperty();
    }

    public ReadOnlyObjectProperty<CardAdvice> adviceProperty() {
        return session.adviceProperty();
    }

    /** The candidate slot chosen in the card's answer: its path is highlighted. */
    public ReadOnlyObjectProperty<CardAdvice.Candidate> candidateProperty() {
        return candidate.getReadOnlyProperty();
    }

    /** File ▸ Recent captures, most recent first (kept in step with the stored list). */
    public ObservableList<List<Path>> recentCaptures() {
        return recentView; // one wrapper: it holds its listeners, and it only weakly listens to recentList
    }

    /** The GPUs/accelerators of the open capture, in address order (for tests and keyboard navigation). */
    public List<Bdf> gpus() {
        return session.gpus();
    }

    // ---- commands

    /** Selects a function (a click, G for the next GPU, Escape for none). */
    public void select(Bdf bdf) {
        session.select(bdf);
    }

    /** Highlights a candidate slot's path (null: none). */
    public void chooseCandidate(CardAdvice.Candidate c) {
        candidate.set(c);
    }

    public void setMode(EdgeColours.Mode m) {
        mode.set(m == null ? EdgeColours.Mode.VERDICTS : m);
    }

    public void toggleMode() {
        setMode(mode.get() == EdgeColours.Mode.VERDICTS ? EdgeColours.Mode.ATOMICS : EdgeColours.Mode.VERDICTS);
    }

    public void setSearch(String text) {
        search.set(text == null ? "" : text);
    }

    public void toggleTheme() {
        session.toggleTheme();
    }

    /** Puts a message on the status line. */
    public void tell(String message) {
        session.tell(message);
    }

    /** Selects this function as soon as the next capture has loaded (the {@code --select} argument). */
    public void selectAfterLoad(Bdf bdf) {
        this.pendingSelect = bdf;
    }

    /** The size of the drawing area: the first view of a capture is chosen for it (whole machine or focused). */
    public void setViewSize(double width, double height) {
        if (width > 50 && height > 50) {
            viewWidth = width;
            viewHeight = height;
        }
    }

    /**
     * Shows the whole machine, or (when it is showing) only the paths that matter with the rest folded:
     * the selected card's (else the first fault's or first GPU's), its candidate slots', the other GPUs'.
     */
    public void toggleFocus() {
        OpenCapture l = session.capture();
        if (l == null) return;
        Set<String> exp = Set.copyOf(expanded);
        Set<Bdf> focus = l.picture().focus().isEmpty()
                ? PictureFocus.of(l.analysed(), PictureFocus.subject(l.analysed(), session.selected()), false) : Set.of();
        runner.run(FxTasks.run(() -> TopologyLayouts.of(l.topology(), exp, focus))
                .onSuccess(pic -> {
                    session.redraw(pic);
                    session.tell(pic.focus().isEmpty() ? "Showing the whole machine"
                            : "Showing the paths that matter; double-click a dashed box to open it");
                })
                .onError(e -> session.tell("Layout failed: " + e.getMessage())));
    }

    /** Expands a collapsed "N×" group or folds it back, then lays out again (in the background). */
    public void toggleGroup(String groupKey) {
        OpenCapture l = session.capture();
        if (l == null || groupKey == null) return;
        if (!expanded.remove(groupKey)) expanded.add(groupKey);
        Set<String> exp = Set.copyOf(expanded);
        runner.run(FxTasks.run(() -> TopologyLayouts.of(l.topology(), exp, l.picture().focus()))
                .onSuccess(session::redraw)
                .onError(e -> session.tell("Layout failed: " + e.getMessage())));
    }

    /** Opens a capture (files, folders, archives); {@code sampleSource} is non-null for the bundled sample. */
    public void open(List<Path> inputs, String sampleSource) {
        open(inputs, sampleSource, "");
    }

    /** Opens the bundled sample in {@code dir} (its files, else the folder), naming where it came from. */
    public void openSample(Path dir, List<Path> inputs) {
        open(inputs.isEmpty() ? List.of(dir) : inputs, CaptureTexts.sampleSource(dir));
    }

    /**
     * Opens a capture and, once it is shown, adds {@code note} to the status line (what a drop left out, what the
     * live read could not do).
     */
    public void open(List<Path> inputs, String sampleSource, String note) {
        List<Path> in = List.copyOf(inputs);
        Bdf select = pendingSelect;
        double vw = viewWidth;
        double vh = viewHeight;
        String bannerBefore = sampleBanner.get();
        session.setLoading(true);
        session.tell("Reading " + CaptureTexts.describe(in) + " …");
        sampleBanner.set(sampleSource == null ? "" : CaptureTexts.sampleLine(CaptureTexts.describe(in), sampleSource));
        progress.set(0);
        runner.run(FxTasks.<OpenCapture>run(p -> CaptureReading.read(in, select, vw, vh, p))
                .onProgress(progress::set)
                .onMessage(m -> {
                    if (session.loadingProperty().get()) session.tell(m);
                })
                .onSuccess(l -> opened(l, in, sampleSource, note, bannerBefore))
                .onError(e -> {
                    session.setLoading(false);
                    sampleBanner.set(bannerBefore); // what is on screen did not change
                    session.tell("Could not open " + CaptureTexts.describe(in) + ": " + e.getMessage());
                    problems.setAll(List.of(Problem.error(CaptureTexts.describe(in), 0, String.valueOf(e.getMessage()))));
                }));
    }

    private void opened(OpenCapture l, List<Path> in, String sampleSource, String note, String bannerBefore) {
        session.setLoading(false);
        boolean nothingUsable = l.topology().functions().isEmpty();
        if (nothingUsable && session.capture() != null) {
            keepShowing(l, in, bannerBefore);
            return;
        }
        expanded.clear();
        publish(l, sampleSource);
        if (note != null && !note.isEmpty()) session.tell(session.statusProperty().get() + " — " + note);
        if (sampleSource == null && !nothingUsable) {
            recent.add(in);
            recentList.setAll(recent.list());
        }
    }

    /**
     * A capture with no PCIe function in it (a picture, a log without lspci output, an empty folder) does not
     * replace the one on screen: its reading problems are listed, the status line says what was kept, and it is not
     * added to File ▸ Recent captures.
     */
    private void keepShowing(OpenCapture failed, List<Path> in, String bannerBefore) {
        sampleBanner.set(bannerBefore);
        List<Problem> why = failed.topology().problems();
        problems.setAll(why.isEmpty()
                ? List.of(Problem.error(CaptureTexts.describe(in), 0, "no lspci, sysfs or nvidia-smi output found in it"))
                : why);
        session.tell("Nothing readable in " + CaptureTexts.describe(in) + " (see the problems list); still showing "
                + session.capture().label());
    }

    /**
     * Opens an entry of File ▸ Recent captures. When its files have been moved or deleted since, nothing is opened:
     * the entry is removed from the list and the status line says so.
     */
    public void openRecent(List<Path> entry) {
        List<Path> gone = entry.stream().filter(p -> !Files.exists(p)).toList();
        if (gone.isEmpty()) {
            open(entry, null);
            return;
        }
        recent.remove(entry);
        recentList.setAll(recent.list());
        session.tell(gone.stream().map(Path::toString).collect(Collectors.joining(", "))
                + (gone.size() == 1 ? " no longer exists" : " no longer exist")
                + " (moved or deleted): removed it from File ▸ Recent captures");
    }

    /**
     * Runs lspci here (File ▸ Read this machine now) and opens what it printed. When lspci cannot be run the status
     * line says so and the open capture stays; what a partial read could not do is added to the status line.
     */
    public void readThisMachine() {
        session.tell("Running lspci -tv, lspci -vv and reading sysfs …");
        runner.run(FxTasks.run(live::capture)
                .onSuccess(r -> {
                    if (r.cannotRun() != null) session.tell(r.cannotRun());
                    else open(List.of(r.folder()), null, String.join("; ", r.notes()));
                })
                .onError(e -> session.tell("Could not read this machine: " + e.getMessage())));
    }

    private void publish(OpenCapture l, String sampleSource) {
        session.show(l);
        Capture c = l.topology().capture();
        problems.setAll(l.topology().problems());
        sampleBanner.set(sampleSource == null ? "" : CaptureTexts.sampleLine(l.label(), sampleSource));
        nonRootBanner.set(c.isNonRoot() ? CaptureTexts.nonRootText(c) : "");
        captureInfo.set(l.captureLine());
        long gpus = l.analysed().report().accelerators().size();
        session.tell(l.topology().functions().size() + " functions, " + l.topology().links().size() + " links, "
                + gpus + " GPU" + (gpus == 1 ? "" : "s") + CaptureTexts.problemCount(problems));
        if (pendingSelect != null) {
            Bdf s = pendingSelect;
            pendingSelect = null;
            if (l.topology().node(s).isPresent()) session.select(s);
            else session.tell("--select " + s + ": no such function in this capture");
        }
    }

    /** Clicking a box: a function box selects it; a group box selects its first member. */
    public void click(String nodeId) {
        OpenCapture l = session.capture();
        if (l == null) return;
        TopologyLayouts.NodeView n = l.picture().nodes().get(nodeId);
        if (n != null && n.kind() == TopologyLayouts.Kind.FOLD) return; // double-click opens it
        session.select(n == null || n.members().isEmpty() ? null : n.members().get(0));
    }

    // ---- what the drawing marks

    /** What the drawing marks now: colours for the mode, the selected card's path, the candidate's, the filter. */
    public PictureMarks marks() {
        return new PictureMarks(session.capture(), session.selected(), session.pairPeerProperty().get(),
                candidate.get(), mode.get(), search.get());
    }
}
