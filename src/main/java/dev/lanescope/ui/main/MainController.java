package dev.lanescope.ui.main;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import org.controlsfx.control.SegmentedButton;
import org.controlsfx.control.StatusBar;
import org.controlsfx.control.textfield.TextFields;

import dev.lanescope.export.GraphExports;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Problem;
import dev.lanescope.ui.ceiling.CeilingWindow;
import dev.lanescope.ui.health.HistoryWindow;
import dev.lanescope.ui.health.LiveWatch;
import dev.lanescope.ui.health.WatchOnCapture;
import dev.lanescope.ui.health.WatchWindow;
import dev.lanescope.ui.ladder.LadderPanel;
import dev.lanescope.ui.ladder.LadderViewModel;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.png.PngExporter;
import dev.lanescope.ui.probe.ProbeBackend;
import dev.lanescope.ui.probe.ProbeViewModel;
import dev.lanescope.ui.probe.ProbeWindow;
import dev.lanescope.ui.probe.SystemProbeBackend;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.theme.Themes;
import dev.lanescope.ui.topology.LegendView;
import dev.lanescope.ui.topology.TopologyView;

/** The explorer window: binds the view-model to the controls and forwards user actions. */
public final class MainController {

    private final MainViewModel vm;
    private final Runnable openSample;
    private final dev.lanescope.ui.fleet.FleetActions fleet;
    private final ProbeBackend probeBackend;
    private SidePanel side;
    private ProbeViewModel probe;
    private CeilingWindow ceiling;
    private LadderPanel ladder;

    @FXML private BorderPane root;
    @FXML private Menu recentMenu;
    @FXML private ToggleButton verdictMode;
    @FXML private ToggleButton atomicsMode;
    @FXML private SegmentedButton modes;
    @FXML private javafx.scene.control.ToolBar toolBar;
    @FXML private TextField search;
    @FXML private Label captureInfo;
    @FXML private Label sampleBanner;
    @FXML private Label nonRootBanner;
    @FXML private SplitPane split;
    @FXML private TabPane sideTabs;
    @FXML private Tab cardTab;
    @FXML private Menu viewMenu;
    @FXML private TopologyView topology;
    @FXML private LegendView legend;
    @FXML private Label dropHint;
    @FXML private TitledPane problemsPane;
    @FXML private TableView<Problem> problems;
    @FXML private TableColumn<Problem, String> fileCol;
    @FXML private TableColumn<Problem, Integer> lineCol;
    @FXML private TableColumn<Problem, String> severityCol;
    @FXML private TableColumn<Problem, String> messageCol;
    @FXML private StatusBar statusBar;

    public MainController(MainViewModel vm, Runnable openSample, dev.lanescope.ui.fleet.FleetActions fleet) {
        this(vm, openSample, fleet, new SystemProbeBackend());
    }

    /** {@code probeBackend} builds and runs the bandwidth probe of the side panel's probe tab (a fake in tests). */
    public MainController(MainViewModel vm, Runnable openSample, dev.lanescope.ui.fleet.FleetActions fleet,
                          ProbeBackend probeBackend) {
        this.vm = vm;
        this.openSample = openSample;
        this.fleet = fleet;
        this.probeBackend = probeBackend;
    }

    @FXML
    private void initialize() {
        topology.makeInteractive();
        topology.setOnNodeClicked(vm::click);
        topology.setOnToggleGroup(vm::toggleGroup);
        bindBanner(sampleBanner, vm.sampleBannerProperty().isNotEmpty());
        sampleBanner.textProperty().bind(vm.sampleBannerProperty());
        bindBanner(nonRootBanner, vm.nonRootBannerProperty().isNotEmpty());
        nonRootBanner.textProperty().bind(vm.nonRootBannerProperty());
        captureInfo.textProperty().bind(vm.captureInfoProperty());
        // ControlsFX's status bar: the message, and a progress bar only while a capture loads
        statusBar.textProperty().bind(vm.statusProperty());
        statusBar.progressProperty().bind(javafx.beans.binding.Bindings.when(vm.loadingProperty())
                .then(vm.progressProperty()).otherwise(0.0));
        search = clearable(search);

        column(fileCol, Problem::file);
        lineCol.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().line()));
        column(severityCol, p -> p.severity().token());
        column(messageCol, Problem::message);
        problems.setItems(vm.problems());
        problems.setPlaceholder(new Label("No reading problems."));
        var hasProblems = javafx.beans.binding.Bindings.isNotEmpty(vm.problems());
        problemsPane.visibleProperty().bind(hasProblems);
        problemsPane.managedProperty().bind(hasProblems);
        vm.problems().addListener((javafx.collections.ListChangeListener<Problem>) c -> {
            long serious = vm.problems().stream().filter(p -> p.severity() != dev.lanescope.model.Severity.INFO).count();
            problemsPane.setText(serious == 0 ? "Notes on the capture (" + vm.problems().size() + ")"
                    : "Reading problems (" + serious + (serious == vm.problems().size() ? "" : " and "
                    + (vm.problems().size() - serious) + " notes") + ") — everything that parsed is still shown");
            problemsPane.setExpanded(serious > 0);
        });

        modes.getToggleGroup().selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                a.setSelected(true);
                return;
            }
            vm.setMode(b == atomicsMode ? EdgeColours.Mode.ATOMICS : EdgeColours.Mode.VERDICTS);
        });
        vm.modeProperty().addListener((o, a, b) -> {
            (b == EdgeColours.Mode.ATOMICS ? atomicsMode : verdictMode).setSelected(true);
            refresh();
        });
        legend.show(vm.modeProperty().get(), vm.edgeColours().values());
        topology.widthProperty().addListener((o, a, b) -> vm.setViewSize(b.doubleValue(), topology.getHeight()));
        topology.heightProperty().addListener((o, a, b) -> vm.setViewSize(topology.getWidth(), b.doubleValue()));
        (vm.modeProperty().get() == EdgeColours.Mode.ATOMICS ? atomicsMode : verdictMode).setSelected(true);
        search.setText(vm.searchProperty().get());
        search.textProperty().addListener((o, a, b) -> vm.setSearch(b));
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
        Themes.follow(root, vm.session().themeProperty());
        vm.recentCaptures().addListener((javafx.collections.ListChangeListener<List<Path>>) c -> fillRecent());
        fillRecent();
        installDragAndDrop();
        installSidePanel();
        root.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            // the probe and ceiling tabs have their own controls: a letter typed there is not a window shortcut
            if (e.getTarget() instanceof javafx.scene.Node n && !CARD.equals(side.selectedId()) && inside(n, sideTabs)) {
                return;
            }
            if (e.getTarget() instanceof TextField) {
                if (e.getCode() == KeyCode.ESCAPE) {
                    search.clear();
                    topology.requestFocus();
                }
                return;
            }
            switch (e.getCode()) {
                case F -> { fit(); e.consume(); }
                case M -> { vm.toggleMode(); e.consume(); }
                case ESCAPE -> { vm.select(null); e.consume(); }
                case G -> { nextGpu(); e.consume(); }
                default -> { }
            }
        });
    }

    /**
     * ControlsFX's clearable text field (a cross appears once something is typed) in place of the plain one from
     * the FXML, with the same id, prompt and width.
     */
    private TextField clearable(TextField plain) {
        TextField f = TextFields.createClearableTextField();
        f.setId(plain.getId());
        f.setPromptText(plain.getPromptText());
        f.setPrefColumnCount(plain.getPrefColumnCount());
        var items = toolBar.getItems();
        items.set(items.indexOf(plain), f);
        return f;
    }

    /** Page ids of the side panel (lookup names, never shown). */
    public static final String CARD = "card";
    public static final String PROBE = "probe";
    public static final String CEILING = "ceiling";
    public static final String LADDER = "ladder";

    /**
     * The side panel's tabs, each with a View menu entry and a shortcut (Ctrl+1 to 4), plus "open the current tab in its own window". The probe and the ceiling chart are built the
     * first time they are shown, so a start that never opens them does not pay for them.
     */
    private void installSidePanel() {
        side = new SidePanel(sideTabs, split, this::window);
        side.add(new SidePanel.Page(CARD, "Selected card", KeyCombination.keyCombination("Shortcut+1"), 0.36,
                620, 900, null), cardTab);
        side.add(new SidePanel.Page(PROBE, "Bandwidth probe", KeyCombination.keyCombination("Shortcut+2"), 0.62,
                1180, 860, () -> ProbeWindow.load(probe(), vm.session().themeProperty())), null);
        side.add(new SidePanel.Page(CEILING, "Does the link matter?", KeyCombination.keyCombination("Shortcut+3"),
                0.70, 1440, 940, () -> ceilingPanel().root()), null);
        side.add(new SidePanel.Page(LADDER, "P2P ladder", KeyCombination.keyCombination("Shortcut+4"), 0.46,
                900, 940, () -> ladderPanel().root()), null);
        viewMenu.getItems().add(new SeparatorMenuItem());
        for (SidePanel.Page p : side.pages()) {
            MenuItem mi = new MenuItem("Side panel: " + p.title());
            mi.setAccelerator(p.key());
            mi.setOnAction(e -> side.show(p.id()));
            viewMenu.getItems().add(mi);
        }
        MenuItem popOut = new MenuItem("Open the side panel's tab in its own window");
        popOut.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+W"));
        popOut.setOnAction(e -> side.popOutSelected());
        viewMenu.getItems().add(popOut);
    }

    private static boolean inside(javafx.scene.Node n, javafx.scene.Node ancestor) {
        for (javafx.scene.Node p = n; p != null; p = p.getParent()) {
            if (p == ancestor) return true;
        }
        return false;
    }

    /** The side panel (its tabs, popped-out windows). */
    public SidePanel sidePanel() {
        return side;
    }

    /** The probe tab's view-model, made (not shown) on first use. */
    public ProbeViewModel probe() {
        if (probe == null) {
            probe = new ProbeViewModel(vm.session(), probeBackend);
            probe.receiptProperty().addListener((o, a, b) -> receiptToCeiling());
        }
        return probe;
    }

    /** The ceiling tab's panel, made (not shown) on first use; it takes the receipt open in the probe tab. */
    public CeilingWindow ceilingPanel() {
        if (ceiling == null) {
            ceiling = CeilingWindow.panel(vm.session());
            receiptToCeiling();
        }
        return ceiling;
    }

    /** The receipt open in the probe tab (opened or just saved) becomes the ceiling tab's rate. */
    private void receiptToCeiling() {
        if (ceiling == null || probe == null) return;
        var r = probe.receiptProperty().get();
        if (r != null && r.source() != null) ceiling.controller().loadReceipt(r.source());
    }

    /** The P2P ladder tab's panel, made (not shown) on first use. */
    public LadderPanel ladderPanel() {
        if (ladder == null) ladder = new LadderPanel(new LadderViewModel(vm.session()), vm.session().themeProperty());
        return ladder;
    }

    /** Shows the P2P ladder tab (or its window) and returns the panel. */
    public LadderPanel showLadder() {
        side.show(LADDER);
        return ladderPanel();
    }

    /** Shows the probe tab (or its window) and returns its view-model. */
    public ProbeViewModel showProbe() {
        side.show(PROBE);
        return probe();
    }

    /** Shows the ceiling tab (or its window) and returns the panel. */
    public CeilingWindow showCeiling() {
        side.show(CEILING);
        return ceilingPanel();
    }

    private static void bindBanner(Label l, javafx.beans.binding.BooleanBinding visible) {
        l.visibleProperty().bind(visible);
        l.managedProperty().bind(visible);
    }

    private static <T> void column(TableColumn<Problem, T> col, Function<Problem, T> f) {
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(f.apply(c.getValue())));
    }

    /** Pushes the view-model's state into the drawing (colours, selection, path, search). */
    void refresh() {
        OpenCapture l = vm.getLoaded();
        if (l == null) return;
        Bdf sel = vm.selectedProperty().get();
        String selId = sel == null || l.picture().nodeOf(sel) == null ? null : l.picture().nodeOf(sel).id();
        legend.show(vm.modeProperty().get(), vm.edgeColours().values(), !vm.highlighted().isEmpty(),
                !vm.candidateIds().isEmpty(), l.picture().folded());
        topology.applyState(vm.edgeColours(), selId, vm.highlighted(), vm.candidateIds(), vm.matches(),
                vm.atomicsBreaks());
    }

    private void nextGpu() {
        List<Bdf> gpus = vm.gpus();
        if (gpus.isEmpty()) return;
        Bdf cur = vm.selectedProperty().get();
        int i = cur == null ? -1 : gpus.indexOf(cur);
        vm.select(gpus.get((i + 1) % gpus.size()));
    }

    private void installDragAndDrop() {
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                dropHint.setVisible(true);
            }
            e.consume();
        });
        root.setOnDragExited(e -> dropHint.setVisible(false));
        root.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles() && drop(e.getDragboard().getFiles());
            dropHint.setVisible(false);
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    /**
     * Opens what was dropped on the window (a dragboard's files): one capture, see {@link DroppedFiles}. Returns
     * whether anything was opened; when nothing was, the open capture stays and the status line says why.
     */
    boolean drop(List<File> files) {
        DroppedFiles.Plan plan = DroppedFiles.plan(files.stream().map(File::toPath).toList());
        if (plan.open().isEmpty()) {
            vm.tell(plan.refused().isEmpty() ? "Nothing was dropped"
                    : "Nothing opened: " + String.join("; ", plan.refused()));
            return false;
        }
        vm.open(plan.open(), null, plan.note());
        return true;
    }

    private void fillRecent() {
        recentMenu.getItems().clear();
        for (List<Path> entry : vm.recentCaptures()) {
            MenuItem mi = new MenuItem(entry.size() == 1 ? entry.get(0).toString()
                    : entry.get(0) + " (+" + (entry.size() - 1) + ")");
            mi.setMnemonicParsing(false);
            mi.setOnAction(e -> vm.openRecent(entry));
            recentMenu.getItems().add(mi);
        }
        if (recentMenu.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none yet)");
            none.setDisable(true);
            recentMenu.getItems().add(none);
        }
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
    }

    // ---- actions

    @FXML
    private void openFiles() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open capture files (lspci -vv, lspci -tv, kernel log, …)");
        List<File> files = fc.showOpenMultipleDialog(window());
        if (files != null && !files.isEmpty()) vm.open(files.stream().map(File::toPath).toList(), null);
    }

    @FXML
    private void openFolder() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Open a capture folder");
        File dir = dc.showDialog(window());
        if (dir != null) vm.open(List.of(dir.toPath()), null);
    }

    @FXML
    private void openArchive() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open a capture archive");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Archives", "*.tar.gz", "*.tgz", "*.tar"));
        File f = fc.showOpenDialog(window());
        if (f != null) vm.open(List.of(f.toPath()), null);
    }

    @FXML
    private void openSample() {
        openSample.run();
    }

    @FXML
    private void readThisMachine() {
        vm.readThisMachine();
    }

    // fleet views (compare, scan, collect over ssh): their own windows, in dev.lanescope.ui.fleet
    @FXML
    private void compareWith() {
        fleet.compareWith();
    }

    @FXML
    private void scanFolder() {
        fleet.scanFolder();
    }

    @FXML
    private void collectFromHost() {
        fleet.collectFromHost();
    }

    // link health over time: their own windows, in dev.lanescope.ui.health, given plain values
    @FXML
    private void watchThisMachine() {
        openWatch();
    }

    /** File ▸ Watch this machine: on the open capture (a watch it holds is shown first); the picture is recoloured. */
    public WatchWindow openWatch() {
        OpenCapture l = vm.getLoaded();
        WatchOnCapture on = l == null ? WatchOnCapture.NONE : new WatchOnCapture(l.label(), l.topology(),
                l.analysed().report(), l.analysed().evidence(), l.topology().capture().metadata().get("bootId"));
        return WatchWindow.open(window(), root.getStylesheets(), on, l == null ? List.of() : l.inputs(), LiveWatch::system,
                vm.session()::applyAnalysis);
    }

    @FXML
    private void history() {
        OpenCapture l = vm.getLoaded();
        openHistory(l == null || l.inputs().isEmpty() ? null : HistoryWindow.hostFolder(l.inputs()));
    }

    /** File ▸ History…: the boots of the host whose captures lie in {@code dir} (null: the user picks a folder). */
    public HistoryWindow openHistory(Path dir) {
        return HistoryWindow.open(window(), root.getStylesheets(), dir);
    }

    @FXML
    private void openProbe() {
        showProbe();
    }

    /** File ▸ Export PNG: the decision picture for the selected card (else the first fault's, else the first GPU). */
    @FXML
    private void exportPng() {
        exportPng(false);
    }

    /** File ▸ Export PNG of the whole machine. */
    @FXML
    private void exportFullPng() {
        exportPng(true);
    }

    private void exportPng(boolean full) {
        OpenCapture l = vm.getLoaded();
        if (l == null) return;
        File f = chooseTarget("PNG image", "*.png", "lanescope.png");
        if (f == null) return;
        exportPngTo(f.toPath(), full);
    }

    /** Writes the PNG (FX thread); the status line says where, or why not. */
    public java.util.concurrent.CompletableFuture<Path> exportPngTo(Path out, boolean full) {
        OpenCapture l = vm.getLoaded();
        var parent = PngExporter.composeFor(l.analysed(), vm.selectedProperty().get(), vm.modeProperty().get(),
                full, "lanescope · " + vm.captureInfoProperty().get(), vm.session().theme());
        return PngExporter.export(parent, out, full ? PngExporter.MAX_SIDE : PngExporter.DECISION_WIDTH)
                .whenComplete((p, e) -> Platform.runLater(() -> vm.tell(
                        e == null ? "Saved " + p : "PNG export failed: " + e.getMessage())));
    }

    @FXML
    private void exportDot() {
        graphExport("Graphviz DOT", "*.dot", "lanescope.dot", GraphExports.Format.DOT);
    }

    @FXML
    private void exportGraphMl() {
        graphExport("GraphML", "*.graphml", "lanescope.graphml", GraphExports.Format.GRAPHML);
    }

    @FXML
    private void exportJson() {
        graphExport("JSON", "*.json", "lanescope.json", GraphExports.Format.JSON);
    }

    private void graphExport(String what, String pattern, String name, GraphExports.Format format) {
        OpenCapture l = vm.getLoaded();
        if (l == null) return;
        File f = chooseTarget(what, pattern, name);
        if (f == null) return;
        var report = l.analysed().report();
        dev.lanescope.ui.common.FxTasks.run(() -> dev.lanescope.export.AtomicFiles.writeString(f.toPath(),
                        GraphExports.export(l.topology(), report, format)))
                .onSuccess(p -> vm.tell("Saved " + p))
                .onError(e -> vm.tell(what + " export failed: " + e.getMessage()))
                .start();
    }

    /** A save dialog that starts in the user's home (never the capture's folder unless they go there). */
    private File chooseTarget(String what, String pattern, String name) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export " + what);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(what, pattern));
        fc.setInitialDirectory(new File(System.getProperty("user.home")));
        fc.setInitialFileName(name);
        return fc.showSaveDialog(window());
    }

    @FXML
    private void quit() {
        Platform.exit();
    }

    @FXML
    private void toggleMode() {
        vm.toggleMode();
    }

    @FXML
    private void zoomIn() {
        topology.zoom(1.2);
    }

    @FXML
    private void zoomOut() {
        topology.zoom(1 / 1.2);
    }

    @FXML
    private void fit() {
        topology.fit();
    }

    /**
     * The first view of a capture: all of it when that is readable, else the paths that matter (the picture is
     * folded to them) with the subject card (selected, first fault, first GPU) and the GPUs in view at a readable
     * zoom; the scroll bars say what lies off screen.
     */
    private void showFirstView() {
        OpenCapture l = vm.getLoaded();
        if (l == null) return;
        if (topology.fitZoom() >= dev.lanescope.ui.model.PictureFocus.READABLE_ZOOM) {
            topology.fit();
            return;
        }
        if (l.picture().focus().isEmpty() && focusedOnce != l.topology()) {
            // chosen for a guessed size before the window was laid out; too large for the real one: fold it
            focusedOnce = l.topology();
            vm.toggleFocus();
        }
        // the card the picture is about first, then the GPUs: together at a readable zoom where they fit
        Bdf subject = dev.lanescope.ui.model.PictureFocus.subject(l.analysed(), vm.selectedProperty().get());
        List<String> ids = new java.util.ArrayList<>();
        if (subject != null && l.picture().nodeOf(subject) != null) ids.add(l.picture().nodeOf(subject).id());
        for (Bdf gpu : vm.gpus()) {
            var nv = l.picture().nodeOf(gpu);
            if (nv != null && !ids.contains(nv.id())) ids.add(nv.id());
        }
        if (ids.isEmpty()) topology.fit();
        else topology.showBoxes(ids, dev.lanescope.ui.model.PictureFocus.READABLE_ZOOM);
    }

    /** The capture whose first view was folded to its paths already (it is done once, not on every relayout). */
    private Object focusedOnce;

    @FXML
    private void toggleFocus() {
        vm.toggleFocus();
    }

    @FXML
    private void focusSearch() {
        search.requestFocus();
        search.selectAll();
    }

    @FXML
    private void toggleTheme() {
        vm.toggleTheme();
    }

    @FXML
    private void openCeiling() {
        showCeiling();
    }

    @FXML
    private void openScaling() {
        dev.lanescope.ui.scaling.ScalingWindow.open(window(), vm.session());
    }

    public TopologyView topologyView() {
        return topology;
    }

    static Set<String> none() {
        return Set.of();
    }
}
