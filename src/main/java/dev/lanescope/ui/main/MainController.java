package dev.lanescope.ui.main;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import javafx.application.Platform;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.stage.Window;

import org.controlsfx.control.SegmentedButton;
import org.controlsfx.control.StatusBar;

import dev.lanescope.export.GraphExports;
import dev.lanescope.model.Problem;
import dev.lanescope.ui.ceiling.CeilingWindow;
import dev.lanescope.ui.common.Fields;
import dev.lanescope.ui.ladder.LadderPanel;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.probe.ProbeBackend;
import dev.lanescope.ui.probe.ProbeViewModel;
import dev.lanescope.ui.probe.SystemProbeBackend;
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
    private SideRooms rooms;
    private DrawingSync drawing;
    private OpenActions opening;
    private MainExports exports;

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
        bindHeaderAndStatus();
        search = Fields.clearable(search, toolBar);
        ProblemsTable.bind(vm, problemsPane, problems, fileCol, lineCol, severityCol, messageCol);
        bindModes();
        followSession();
        Themes.follow(root, vm.session().themeProperty());
        opening = new OpenActions(vm, this::window);
        opening.followRecent(recentMenu);
        opening.acceptDrops(root, dropHint);
        installSidePanel();
        root.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, this::shortcut);
    }

    /** The banners, the capture line and ControlsFX's status bar (a progress bar only while a capture loads). */
    private void bindHeaderAndStatus() {
        bindBanner(sampleBanner, vm.sampleBannerProperty().isNotEmpty());
        sampleBanner.textProperty().bind(vm.sampleBannerProperty());
        bindBanner(nonRootBanner, vm.nonRootBannerProperty().isNotEmpty());
        nonRootBanner.textProperty().bind(vm.nonRootBannerProperty());
        captureInfo.textProperty().bind(vm.captureInfoProperty());
        // ControlsFX's status bar: the message, and a progress bar only while a capture loads
        statusBar.textProperty().bind(vm.statusProperty());
        statusBar.progressProperty().bind(javafx.beans.binding.Bindings.when(vm.loadingProperty())
                .then(vm.progressProperty()).otherwise(0.0));
    }

    /** The colour mode's two toggles and the legend, in step with the view-model's mode. */
    private void bindModes() {
        modes.getToggleGroup().selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                a.setSelected(true);
                return;
            }
            vm.setMode(b == atomicsMode ? EdgeColours.Mode.ATOMICS : EdgeColours.Mode.VERDICTS);
        });
        vm.modeProperty().addListener((o, a, b) -> {
            (b == EdgeColours.Mode.ATOMICS ? atomicsMode : verdictMode).setSelected(true);
            drawing.refresh();
        });
        legend.show(vm.modeProperty().get(), vm.marks().edgeColours().values());
        topology.widthProperty().addListener((o, a, b) -> vm.setViewSize(b.doubleValue(), topology.getHeight()));
        topology.heightProperty().addListener((o, a, b) -> vm.setViewSize(topology.getWidth(), b.doubleValue()));
        (vm.modeProperty().get() == EdgeColours.Mode.ATOMICS ? atomicsMode : verdictMode).setSelected(true);
    }

    /** The filter field sets the view-model's search; the drawing follows the view-model. */
    private void followSession() {
        search.setText(vm.searchProperty().get());
        search.textProperty().addListener((o, a, b) -> vm.setSearch(b));
        drawing = new DrawingSync(vm, topology, legend);
        drawing.follow();
    }

    /** The window's one-key shortcuts: F fits, M switches the mode, G goes to the next GPU, Escape unselects. */
    private void shortcut(javafx.scene.input.KeyEvent e) {
        // the probe and ceiling tabs have their own controls: a letter typed there is not a window shortcut
        if (e.getTarget() instanceof javafx.scene.Node n && !SideRooms.CARD.equals(side.selectedId()) && inside(n, sideTabs)) {
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
            case G -> { drawing.nextGpu(); e.consume(); }
            default -> { }
        }
    }

    /** The side panel's tabs, each with a View menu entry and a shortcut (Ctrl+1 to 4), and the pop-out entry. */
    private void installSidePanel() {
        side = new SidePanel(sideTabs, split, this::window);
        rooms = new SideRooms(vm.session(), probeBackend, side);
        rooms.install(cardTab, viewMenu);
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
        return rooms.probe();
    }

    /** The ceiling tab's panel, made (not shown) on first use; it takes the receipt open in the probe tab. */
    public CeilingWindow ceilingPanel() {
        return rooms.ceilingPanel();
    }

    /** The P2P ladder tab's panel, made (not shown) on first use. */
    public LadderPanel ladderPanel() {
        return rooms.ladderPanel();
    }

    /** Shows the P2P ladder tab (or its window) and returns the panel. */
    public LadderPanel showLadder() {
        side.show(SideRooms.LADDER);
        return ladderPanel();
    }

    /** Shows the probe tab (or its window) and returns its view-model. */
    public ProbeViewModel showProbe() {
        side.show(SideRooms.PROBE);
        return probe();
    }

    /** Shows the ceiling tab (or its window) and returns the panel. */
    public CeilingWindow showCeiling() {
        side.show(SideRooms.CEILING);
        return ceilingPanel();
    }

    private static void bindBanner(Label l, javafx.beans.binding.BooleanBinding visible) {
        l.visibleProperty().bind(visible);
        l.managedProperty().bind(visible);
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
    }

    // ---- actions

    @FXML
    private void openFiles() {
        opening.openFiles();
    }

    @FXML
    private void openFolder() {
        opening.openFolder();
    }

    @FXML
    private void openArchive() {
        opening.openArchive();
    }

    /**
     * Opens what was dropped on the window (a dragboard's files): one capture, see {@link DroppedFiles}. Returns
     * whether anything was opened; when nothing was, the open capture stays and the status line says why.
     */
    boolean drop(List<File> files) {
        return opening.drop(files);
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

    // link health over time
    @FXML
    private void watchThisMachine() {
        health().openWatch();
    }

    @FXML
    private void history() {
        health().openHistoryOfOpenHost();
    }

    /** File ▸ Watch this machine and File ▸ History…, on what this window has open. */
    public HealthActions health() {
        return new HealthActions(vm, root, this::window);
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
        exports().png(full);
    }

    /** Writes the PNG (FX thread); the status line says where, or why not. */
    public java.util.concurrent.CompletableFuture<Path> exportPngTo(Path out, boolean full) {
        return exports().pngTo(out, full);
    }

    @FXML
    private void exportDot() {
        exports().graph("Graphviz DOT", "*.dot", "lanescope.dot", GraphExports.Format.DOT);
    }

    @FXML
    private void exportGraphMl() {
        exports().graph("GraphML", "*.graphml", "lanescope.graphml", GraphExports.Format.GRAPHML);
    }

    @FXML
    private void exportJson() {
        exports().graph("JSON", "*.json", "lanescope.json", GraphExports.Format.JSON);
    }

    private MainExports exports() {
        if (exports == null) exports = new MainExports(vm, this::window);
        return exports;
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
}
