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
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import dev.lanescope.export.GraphExports;
import dev.lanescope.export.PngExporter;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Problem;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.theme.Themes;
import dev.lanescope.ui.topology.LegendView;
import dev.lanescope.ui.topology.TopologyView;

/** The explorer window: binds the view-model to the controls and forwards user actions. */
public final class MainController {

    private final MainViewModel vm;
    private final Runnable openSample;
    private final dev.lanescope.ui.fleet.FleetActions fleet;

    @FXML private BorderPane root;
    @FXML private Menu recentMenu;
    @FXML private ToggleButton verdictMode;
    @FXML private ToggleButton atomicsMode;
    @FXML private ToggleGroup modeGroup;
    @FXML private TextField search;
    @FXML private Label captureInfo;
    @FXML private Label sampleBanner;
    @FXML private Label nonRootBanner;
    @FXML private SplitPane split;
    @FXML private TopologyView topology;
    @FXML private LegendView legend;
    @FXML private Label dropHint;
    @FXML private TitledPane problemsPane;
    @FXML private TableView<Problem> problems;
    @FXML private TableColumn<Problem, String> fileCol;
    @FXML private TableColumn<Problem, Integer> lineCol;
    @FXML private TableColumn<Problem, String> severityCol;
    @FXML private TableColumn<Problem, String> messageCol;
    @FXML private ProgressBar progress;
    @FXML private Label status;

    public MainController(MainViewModel vm, Runnable openSample, dev.lanescope.ui.fleet.FleetActions fleet) {
        this.vm = vm;
        this.openSample = openSample;
        this.fleet = fleet;
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
        status.textProperty().bind(vm.statusProperty());
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.loadingProperty());
        progress.managedProperty().bind(vm.loadingProperty());

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

        modeGroup.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                a.setSelected(true);
                return;
            }
            vm.modeProperty().set(b == atomicsMode ? EdgeColours.Mode.ATOMICS : EdgeColours.Mode.VERDICTS);
        });
        vm.modeProperty().addListener((o, a, b) -> {
            (b == EdgeColours.Mode.ATOMICS ? atomicsMode : verdictMode).setSelected(true);
            legend.show(b);
            refresh();
        });
        legend.show(vm.modeProperty().get());
        (vm.modeProperty().get() == EdgeColours.Mode.ATOMICS ? atomicsMode : verdictMode).setSelected(true);
        search.textProperty().bindBidirectional(vm.searchProperty());
        vm.searchProperty().addListener((o, a, b) -> refresh());
        vm.selectedProperty().addListener((o, a, b) -> {
            refresh();
            if (b != null && vm.getLoaded() != null) {
                var nv = vm.getLoaded().picture().nodeOf(b);
                if (nv != null) topology.reveal(nv.id());
            }
        });
        vm.candidateProperty().addListener((o, a, b) -> refresh());
        vm.loadedProperty().addListener((o, a, b) -> {
            boolean fresh = a == null || b == null || a.topology() != b.topology();
            topology.setPicture(b == null ? null : b.picture());
            refresh();
            if (fresh) Platform.runLater(this::fit);
        });
        vm.themeProperty().addListener((o, a, b) -> Themes.apply(root, b));
        Themes.apply(root, vm.themeProperty().get());
        vm.recentCaptures().addListener((javafx.collections.ListChangeListener<List<Path>>) c -> fillRecent());
        fillRecent();
        installDragAndDrop();
        root.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
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
                case ESCAPE -> { vm.selectedProperty().set(null); e.consume(); }
                case G -> { nextGpu(); e.consume(); }
                default -> { }
            }
        });
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
        MainViewModel.Loaded l = vm.getLoaded();
        if (l == null) return;
        Bdf sel = vm.selectedProperty().get();
        String selId = sel == null || l.picture().nodeOf(sel) == null ? null : l.picture().nodeOf(sel).id();
        topology.applyState(vm.edgeColours(), selId, vm.highlighted(), vm.candidateIds(), vm.matches(),
                vm.atomicsBreaks());
    }

    private void nextGpu() {
        List<Bdf> gpus = vm.gpus();
        if (gpus.isEmpty()) return;
        Bdf cur = vm.selectedProperty().get();
        int i = cur == null ? -1 : gpus.indexOf(cur);
        vm.selectedProperty().set(gpus.get((i + 1) % gpus.size()));
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
            vm.statusProperty().set(plan.refused().isEmpty() ? "Nothing was dropped"
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

    @FXML
    private void openProbe() {
        dev.lanescope.ui.probe.ProbeWindow.show(vm, window());
    }

    @FXML
    private void exportPng() {
        MainViewModel.Loaded l = vm.getLoaded();
        if (l == null) return;
        File f = chooseTarget("PNG image", "*.png", "lanescope.png");
        if (f == null) return;
        PngExporter.export(PngExporter.compose(l.picture(), vm.edgeColours(), selectedId(l), vm.highlighted(),
                        vm.candidateIds(), vm.atomicsBreaks(), vm.modeProperty().get(), header(l),
                        vm.themeProperty().get()), f.toPath())
                .whenComplete((p, e) -> Platform.runLater(() -> vm.statusProperty().set(
                        e == null ? "Saved " + p : "PNG export failed: " + e.getMessage())));
    }

    private String selectedId(MainViewModel.Loaded l) {
        Bdf sel = vm.selectedProperty().get();
        return sel == null || l.picture().nodeOf(sel) == null ? null : l.picture().nodeOf(sel).id();
    }

    PngExporter.Header header(MainViewModel.Loaded l) {
        var a = vm.adviceProperty().get();
        return new PngExporter.Header("lanescope · " + vm.captureInfoProperty().get(),
                a == null ? null : a.title(), a == null ? null : a.answer());
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
        MainViewModel.Loaded l = vm.getLoaded();
        if (l == null) return;
        File f = chooseTarget(what, pattern, name);
        if (f == null) return;
        var report = l.analysed().report();
        dev.lanescope.ui.common.FxTasks.run(() -> dev.lanescope.export.AtomicFiles.writeString(f.toPath(),
                        GraphExports.export(l.topology(), report, format)))
                .onSuccess(p -> vm.statusProperty().set("Saved " + p))
                .onError(e -> vm.statusProperty().set(what + " export failed: " + e.getMessage()))
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

    /** The device below the first faulty hop (lost lanes, trained low): what the user should see first. */
    private static Bdf firstFault(MainViewModel.Loaded l) {
        if (l == null) return null;
        return l.analysed().report().hops().stream()
                .filter(h -> h.verdict().isFault() && h.link().device() != null)
                .map(h -> h.link().device().bdf())
                .findFirst().orElse(null);
    }

    @FXML
    private void fit() {
        MainViewModel.Loaded l = vm.getLoaded();
        Bdf focus = vm.selectedProperty().get() != null ? vm.selectedProperty().get() : firstFault(l);
        if (focus == null && !vm.gpus().isEmpty()) focus = vm.gpus().get(0);
        var nv = l == null || focus == null ? null : l.picture().nodeOf(focus);
        topology.fit(nv == null ? null : nv.id());
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
        dev.lanescope.ui.ceiling.CeilingWindow.open(window(), vm);
    }

    @FXML
    private void openScaling() {
        dev.lanescope.ui.scaling.ScalingWindow.open(window(), vm);
    }

    public TopologyView topologyView() {
        return topology;
    }

    static Set<String> none() {
        return Set.of();
    }
}
