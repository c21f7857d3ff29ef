package dev.lanescope.ui.main;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;

import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Topology;
import dev.lanescope.pipeline.CaptureAnalysis;
import dev.lanescope.probe.LiveCapture;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.model.CardAdvice;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.model.Insights;
import dev.lanescope.ui.model.InsightsFactory;
import dev.lanescope.ui.model.PictureFocus;

/**
 * The state of the explorer window and its commands. Everything here is touched on the FX thread only;
 * loading, analysis and layout run in {@link FxTasks} and publish in their success hooks.
 */
public final class MainViewModel {

    private static final System.Logger LOG = System.getLogger(MainViewModel.class.getName());

    /** What is open, analysed and laid out. */
    public record Loaded(List<Path> inputs, String label, InsightsFactory.Analysed analysed,
                         TopologyLayouts.Picture picture) {
        public Topology topology() {
            return analysed.topology();
        }

        public Insights insights() {
            return analysed.insights();
        }
    }

    public enum Theme { LIGHT, DARK }

    private final ObjectProperty<Loaded> loaded = new SimpleObjectProperty<>();
    private final BooleanProperty loading = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty();
    private final StringProperty status = new SimpleStringProperty("Ready");
    private final StringProperty sampleBanner = new SimpleStringProperty("");
    private final StringProperty nonRootBanner = new SimpleStringProperty("");
    private final StringProperty captureInfo = new SimpleStringProperty("");
    private final ObservableList<Problem> problems = FXCollections.observableArrayList();
    private final ObjectProperty<EdgeColours.Mode> mode = new SimpleObjectProperty<>(EdgeColours.Mode.VERDICTS);
    private final StringProperty search = new SimpleStringProperty("");
    private final ObjectProperty<Bdf> selected = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<CardAdvice> advice = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<CardAdvice.Candidate> candidate = new SimpleObjectProperty<>();
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(Theme.LIGHT);
    private final ObjectProperty<Bdf> pairPeer = new SimpleObjectProperty<>();
    private final Set<String> expanded = new HashSet<>();
    private final RecentCaptures recent;
    private final ObservableList<List<Path>> recentList = FXCollections.observableArrayList();
    private final ObservableList<List<Path>> recentView = FXCollections.unmodifiableObservableList(recentList);
    private final LiveCapture live;
    private Bdf pendingSelect;
    private double viewWidth = 1100;
    private double viewHeight = 640;

    /** {@code live} reads this machine (File ▸ Read this machine now); tests pass one with their own runner. */
    public MainViewModel(RecentCaptures recent, LiveCapture live) {
        this.recent = recent;
        this.live = live;
        recentList.setAll(recent.list());
        selected.addListener((o, a, b) -> {
            candidate.set(null);
            Loaded l = loaded.get();
            advice.set(b == null || l == null ? null : InsightsFactory.advise(l.analysed(), b));
        });
    }

    // ---- properties

    public ReadOnlyObjectProperty<Loaded> loadedProperty() {
        return loaded;
    }

    public Loaded getLoaded() {
        return loaded.get();
    }

    public BooleanProperty loadingProperty() {
        return loading;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public StringProperty sampleBannerProperty() {
        return sampleBanner;
    }

    public StringProperty nonRootBannerProperty() {
        return nonRootBanner;
    }

    public StringProperty captureInfoProperty() {
        return captureInfo;
    }

    public ObservableList<Problem> problems() {
        return problems;
    }

    public ObjectProperty<EdgeColours.Mode> modeProperty() {
        return mode;
    }

    public StringProperty searchProperty() {
        return search;
    }

    public ObjectProperty<Bdf> selectedProperty() {
        return selected;
    }

    public ReadOnlyObjectProperty<CardAdvice> adviceProperty() {
        return advice.getReadOnlyProperty();
    }

    public ObjectProperty<CardAdvice.Candidate> candidateProperty() {
        return candidate;
    }

    /** The P2P ladder's second card: its path is highlighted beside the selected card's. */
    public ObjectProperty<Bdf> pairPeerProperty() {
        return pairPeer;
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    /** File ▸ Recent captures, most recent first (kept in step with the stored list). */
    public ObservableList<List<Path>> recentCaptures() {
        return recentView; // one wrapper: it holds its listeners, and it only weakly listens to recentList
    }

    // ---- commands

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
        Loaded l = loaded.get();
        if (l == null) return;
        Set<String> exp = Set.copyOf(expanded);
        Set<Bdf> focus = l.picture().focus().isEmpty()
                ? PictureFocus.of(l.analysed(), PictureFocus.subject(l.analysed(), selected.get()), false) : Set.of();
        FxTasks.run(() -> TopologyLayouts.of(l.topology(), exp, focus))
                .onSuccess(pic -> {
                    loaded.set(new Loaded(l.inputs(), l.label(), l.analysed(), pic));
                    status.set(pic.focus().isEmpty() ? "Showing the whole machine"
                            : "Showing the paths that matter; double-click a dashed box to open it");
                })
                .onError(e -> status.set("Layout failed: " + e.getMessage()))
                .start();
    }

    public void toggleMode() {
        mode.set(mode.get() == EdgeColours.Mode.VERDICTS ? EdgeColours.Mode.ATOMICS : EdgeColours.Mode.VERDICTS);
    }

    public void toggleTheme() {
        theme.set(theme.get() == Theme.LIGHT ? Theme.DARK : Theme.LIGHT);
    }

    /** Opens a capture (files, folders, archives); {@code sampleSource} is non-null for the bundled sample. */
    public Task<Loaded> open(List<Path> inputs, String sampleSource) {
        return open(inputs, sampleSource, "");
    }

    /**
     * Opens a capture and, once it is shown, adds {@code note} to the status line (what a drop left out, what the
     * live read could not do).
     */
    public Task<Loaded> open(List<Path> inputs, String sampleSource, String note) {
        List<Path> in = List.copyOf(inputs);
        Set<String> exp = Set.of();
        Bdf select = pendingSelect;
        double vw = viewWidth;
        double vh = viewHeight;
        String bannerBefore = sampleBanner.get();
        loading.set(true);
        status.set("Reading " + describe(in) + " …");
        sampleBanner.set(sampleSource == null ? "" : "Sample capture: " + describe(in) + " (from " + sampleSource + ")");
        Task<Loaded> task = FxTasks.<Loaded>run(p -> {
            long t0 = System.nanoTime();
            long[] read = new long[1];
            CaptureAnalysis ca = CaptureAnalysis.load(in, false, (fraction, what) -> {
                if (read[0] == 0 && fraction > 0.05) read[0] = System.nanoTime();
                p.update(fraction, what);
            });
            long t1 = read[0] == 0 ? System.nanoTime() : read[0];
            Capture capture = ca.capture();
            Topology topology = ca.topology();
            InsightsFactory.Analysed analysed = InsightsFactory.from(ca);
            long t2 = System.nanoTime();
            p.update(0.75, "Laying out " + topology.functions().size() + " functions …");
            TopologyLayouts.Picture picture = PictureFocus.firstView(analysed, exp, select, vw, vh);
            long t3 = System.nanoTime();
            if (Boolean.getBoolean("lanescope.timing")) {
                System.out.printf("lanescope timing: read %d ms, build+analyse %d ms, layout %d ms (at %d ms after JVM start)%n",
                        (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000,
                        java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime());
            }
            p.update(1.0, "Done");
            return new Loaded(in, capture.label(), analysed, picture);
        }).onSuccess(l -> {
            loading.set(false);
            boolean nothingUsable = l.topology().functions().isEmpty();
            if (nothingUsable && loaded.get() != null) {
                keepShowing(l, in, bannerBefore);
                return;
            }
            expanded.clear();
            publish(l, sampleSource);
            if (note != null && !note.isEmpty()) status.set(status.get() + " — " + note);
            if (sampleSource == null && !nothingUsable) {
                recent.add(in);
                recentList.setAll(recent.list());
            }
        }).onError(e -> {
            loading.set(false);
            sampleBanner.set(bannerBefore); // what is on screen did not change
            status.set("Could not open " + describe(in) + ": " + e.getMessage());
            problems.setAll(List.of(Problem.error(describe(in), 0, String.valueOf(e.getMessage()))));
        }).start();
        progress.bind(task.progressProperty());
        task.messageProperty().addListener((o, a, b) -> {
            if (loading.get() && b != null && !b.isEmpty()) status.set(b);
        });
        return task;
    }

    /**
     * A capture with no PCIe function in it (a picture, a log without lspci output, an empty folder) does not
     * replace the one on screen: its reading problems are listed, the status line says what was kept, and it is not
     * added to File ▸ Recent captures.
     */
    private void keepShowing(Loaded failed, List<Path> in, String bannerBefore) {
        sampleBanner.set(bannerBefore);
        List<Problem> why = failed.topology().problems();
        problems.setAll(why.isEmpty()
                ? List.of(Problem.error(describe(in), 0, "no lspci, sysfs or nvidia-smi output found in it"))
                : why);
        status.set("Nothing readable in " + describe(in) + " (see the problems list); still showing "
                + loaded.get().label());
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
        status.set(gone.stream().map(Path::toString).collect(java.util.stream.Collectors.joining(", "))
                + (gone.size() == 1 ? " no longer exists" : " no longer exist")
                + " (moved or deleted): removed it from File ▸ Recent captures");
    }

    /**
     * Runs lspci here (File ▸ Read this machine now) and opens what it printed. When lspci cannot be run the status
     * line says so and the open capture stays; what a partial read could not do is added to the status line.
     */
    public void readThisMachine() {
        status.set("Running lspci -tv, lspci -vv and reading sysfs …");
        FxTasks.run(live::capture)
                .onSuccess(r -> {
                    if (r.cannotRun() != null) status.set(r.cannotRun());
                    else open(List.of(r.folder()), null, String.join("; ", r.notes()));
                })
                .onError(e -> status.set("Could not read this machine: " + e.getMessage()))
                .start();
    }

    private void publish(Loaded l, String sampleSource) {
        selected.set(null);
        loaded.set(l);
        Capture c = l.topology().capture();
        problems.setAll(l.topology().problems());
        sampleBanner.set(sampleSource == null ? "" : "Sample capture: " + l.label() + " (from " + sampleSource + ")");
        nonRootBanner.set(c.isNonRoot() ? nonRootText(c) : "");
        captureInfo.set(captureInfo(l));
        long gpus = l.analysed().report().accelerators().size();
        status.set(l.topology().functions().size() + " functions, " + l.topology().links().size() + " links, "
                + gpus + " GPU" + (gpus == 1 ? "" : "s") + problemCount());
        if (pendingSelect != null) {
            Bdf s = pendingSelect;
            pendingSelect = null;
            if (l.topology().node(s).isPresent()) selected.set(s);
            else status.set("--select " + s + ": no such function in this capture");
        }
    }

    private String problemCount() {
        long serious = problems.stream().filter(p -> p.severity() != dev.lanescope.model.Severity.INFO).count();
        return serious == 0 ? "" : ", " + serious + " reading problem" + (serious == 1 ? "" : "s");
    }

    /** Expands a collapsed "N×" group or folds it back, then lays out again (in the background). */
    public void toggleGroup(String groupKey) {
        Loaded l = loaded.get();
        if (l == null || groupKey == null) return;
        if (!expanded.remove(groupKey)) expanded.add(groupKey);
        Set<String> exp = Set.copyOf(expanded);
        FxTasks.run(() -> TopologyLayouts.of(l.topology(), exp, l.picture().focus()))
                .onSuccess(pic -> loaded.set(new Loaded(l.inputs(), l.label(), l.analysed(), pic)))
                .onError(e -> status.set("Layout failed: " + e.getMessage()))
                .start();
    }

    /**
     * Shows a new analysis of the open topology (e.g. with a probe receipt's under-load evidence); ignored when
     * another capture has been opened meanwhile. The selected card's advice is recomputed.
     */
    public void applyAnalysis(InsightsFactory.Analysed a) {
        Loaded l = loaded.get();
        if (l == null || a == null || a.topology() != l.topology()) return;
        loaded.set(new Loaded(l.inputs(), l.label(), a, l.picture()));
        Bdf s = selected.get();
        if (s != null) advice.set(InsightsFactory.advise(a, s));
    }

    /** Box ids that match the search text (BDF, name, class badge, or a hop verdict); all when empty. */
    public Set<String> matches() {
        Loaded l = loaded.get();
        Set<String> out = new HashSet<>();
        if (l == null) return out;
        String q = search.get() == null ? "" : search.get().trim().toLowerCase(Locale.ROOT);
        for (TopologyLayouts.NodeView n : l.picture().nodes().values()) {
            if (q.isEmpty() || matches(n, q, l)) out.add(n.id());
        }
        return out;
    }

    private static boolean matches(TopologyLayouts.NodeView n, String q, Loaded l) {
        if (n.title().toLowerCase(Locale.ROOT).contains(q) || n.name().toLowerCase(Locale.ROOT).contains(q)
                || n.badge().toLowerCase(Locale.ROOT).contains(q)) return true;
        for (Bdf b : n.members()) {
            if (b.toString().contains(q)) return true;
            var node = l.topology().node(b).orElse(null);
            if (node == null) continue;
            if (node.function().shortName().toLowerCase(Locale.ROOT).contains(q)) return true;
            var in = l.topology().incomingEdge(node).orElse(null);
            if (in != null && in.isLink()) {
                Insights.Hop h = l.insights().hop(in.link());
                if (h != null && (h.verdict().contains(q) || h.key().equals(q))) return true;
            }
        }
        return false;
    }

    /** Edge colour tokens for the current mode. */
    public Map<String, String> edgeColours() {
        Loaded l = loaded.get();
        if (l == null) return Map.of();
        return EdgeColours.of(l.picture(), l.topology(), l.insights(), mode.get());
    }

    /** Boxes and edges to highlight: the selected card's path, or the chosen candidate slot's. */
    public Set<String> highlighted() {
        Loaded l = loaded.get();
        if (l == null || selected.get() == null) return Set.of();
        Set<String> ids = EdgeColours.pathIds(l.picture(), l.topology(), selected.get());
        Bdf peer = pairPeer.get();
        if (peer == null || l.topology().node(peer).isEmpty()) return ids;
        Set<String> both = new java.util.LinkedHashSet<>(ids);
        both.addAll(EdgeColours.pathIds(l.picture(), l.topology(), peer));
        return both;
    }

    /** In AtomicOps mode: the box where the selected card's chain breaks (empty when it does not, or in verdict mode). */
    public Set<String> atomicsBreaks() {
        Loaded l = loaded.get();
        if (l == null || selected.get() == null || mode.get() != EdgeColours.Mode.ATOMICS) return Set.of();
        return EdgeColours.breakIds(l.picture(), l.insights(), selected.get());
    }

    public Set<String> candidateIds() {
        Loaded l = loaded.get();
        CardAdvice.Candidate c = candidate.get();
        if (l == null || c == null || c.port() == null) return Set.of();
        return EdgeColours.pathIds(l.picture(), l.topology(), c.port());
    }

    /** Clicking a box: a function box selects it; a group box selects its first member. */
    public void click(String nodeId) {
        Loaded l = loaded.get();
        if (l == null) return;
        TopologyLayouts.NodeView n = l.picture().nodes().get(nodeId);
        if (n != null && n.kind() == TopologyLayouts.Kind.FOLD) return; // double-click opens it
        if (n == null || n.members().isEmpty()) {
            selected.set(null);
            return;
        }
        selected.set(n.members().get(0));
    }

    /** The GPUs/accelerators of the open capture, in address order (for tests and keyboard navigation). */
    public List<Bdf> gpus() {
        Loaded l = loaded.get();
        List<Bdf> out = new ArrayList<>();
        if (l == null) return out;
        // the analysis's GPU cards (an iGPU or a BMC's display is not one), in address order
        out.addAll(new java.util.TreeSet<>(l.analysed().report().accelerators()));
        return out;
    }

    // ---- wording

    static String nonRootText(Capture c) {
        return "This capture was taken without root: lspci printed <access denied> for the capabilities, so link "
                + "capability, target speed, AtomicOps and ACS are hidden and those hops read Unknown. The tree and any "
                + "sysfs link facts are shown. Capture fully with:  sudo lspci -vv > vv.txt  and  lspci -tv > tv.txt";
    }

    static String captureInfo(Loaded l) {
        return captureLine(l.label(), l.topology());
    }

    /** "label · host H · captured T": which machine and when, as the window's header and the PNG's title say it. */
    public static String captureLine(String label, Topology t) {
        Map<String, String> md = t.capture().metadata();
        StringBuilder sb = new StringBuilder(label);
        String host = md.getOrDefault("host", md.get("hostname"));
        if (host != null) sb.append(" · host ").append(host);
        String time = md.getOrDefault("captured", md.getOrDefault("capture-time", md.getOrDefault("date", md.get("time"))));
        if (time != null) sb.append(" · captured ").append(time);
        return sb.toString();
    }

    static String describe(List<Path> in) {
        if (in.isEmpty()) return "nothing";
        Path f = in.get(0).getFileName();
        String first = f == null ? in.get(0).toString() : f.toString();
        return in.size() == 1 ? first : first + " and " + (in.size() - 1) + " more";
    }

    /** The provenance line of a bundled sample: the "Source:" line of its source.txt. */
    public static String sampleSource(Path sampleDir) {
        Path s = sampleDir.resolve("source.txt");
        try {
            java.util.List<String> lines = Files.isReadable(s)
                    ? dev.lanescope.capture.TextFile.lines(s).value() : null;
            if (lines != null) {
                String src = null;
                String url = null;
                for (String line : lines) {
                    String t = line.trim();
                    if (src == null && t.startsWith("Source:")) src = t.substring(7).trim();
                    if (url == null && t.matches("(?i)(lore )?url:.*")) url = t.substring(t.indexOf(':') + 1).trim();
                }
                if (src != null) return url == null ? src : src + ", " + url;
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "no readable host name; the capture is named by its folder", e);
        }
        return "the bundled samples folder";
    }
}
