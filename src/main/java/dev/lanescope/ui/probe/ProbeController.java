package dev.lanescope.ui.probe;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

import dev.lanescope.ui.probe.ProbeViewModel.State;

/** The probe panel: binds {@link ProbeViewModel} to the controls, draws the chart, asks before probing a busy GPU. */
public final class ProbeController {

    private static final PseudoClass RUNNING = PseudoClass.getPseudoClass("running");
    private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");
    private static final PseudoClass VOID = PseudoClass.getPseudoClass("void-timings");
    private static final PseudoClass COMPLETE = PseudoClass.getPseudoClass("complete");
    private static final PseudoClass SKIPPED = PseudoClass.getPseudoClass("skipped");

    private final ProbeViewModel vm;
    private File lastDir;

    @FXML private BorderPane root;
    @FXML private ComboBox<GpuChoice> gpuBox;
    @FXML private CheckBox quickBox;
    @FXML private Button runButton;
    @FXML private Button cancelButton;
    @FXML private Button openButton;
    @FXML private Button compareButton;
    @FXML private Label receiptInfo;
    @FXML private GridPane sizeGrid;
    @FXML private Label sizePlaceholder;
    @FXML private ProgressBar overall;
    @FXML private LineChart<Number, Number> chart;
    @FXML private NumberAxis xAxis;
    @FXML private Label ratioText;
    @FXML private Label readingText;
    @FXML private Label evidenceText;
    @FXML private TextField engineClaim;
    @FXML private Label engineReading;
    @FXML private VBox compareBox;
    @FXML private Label compareSummary;
    @FXML private Label compareDetails;
    @FXML private VBox outputBox;
    @FXML private Label probeOutput;
    @FXML private Label status;

    public ProbeController(ProbeViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        gpuBox.setItems(vm.gpus());
        gpuBox.valueProperty().bindBidirectional(vm.gpuProperty());
        gpuBox.disableProperty().bind(vm.busyProperty());
        quickBox.selectedProperty().bindBidirectional(vm.quickProperty());
        quickBox.disableProperty().bind(vm.busyProperty());
        quickBox.setTooltip(new Tooltip("460,800 B, 3 MiB and 64 MiB with 3 repeats: a minute instead of several"));
        runButton.disableProperty().bind(vm.busyProperty());
        cancelButton.disableProperty().bind(vm.busyProperty().not());
        openButton.disableProperty().bind(vm.busyProperty());
        showWhenText(receiptInfo, vm.receiptInfoProperty());
        receiptInfo.textProperty().bind(vm.receiptInfoProperty());
        overall.progressProperty().bind(vm.overallProperty());
        ratioText.textProperty().bind(vm.ratioTextProperty());
        showWhenText(ratioText, vm.ratioTextProperty());
        vm.readingTextProperty().addListener((o, a, b) -> readingText.setText(b));
        evidenceText.textProperty().bind(vm.evidenceTextProperty());
        engineClaim.textProperty().bindBidirectional(vm.engineClaimProperty());
        engineClaim.setTooltip(new Tooltip("Your engine's effective host-to-device rate at its copy size, typed"
                + " (17.7 GB/s at 460800 B) or pasted from its log (460,800 bytes in 26.1 us): compared with this"
                + " link at the same size"));
        engineReading.textProperty().bind(vm.engineReadingProperty());
        showWhenText(engineReading, vm.engineReadingProperty());
        showWhenText(evidenceText, vm.evidenceTextProperty());
        compareSummary.textProperty().bind(vm.compareSummaryProperty());
        compareDetails.textProperty().bind(vm.compareDetailsProperty());
        showWhenText(compareBox, vm.compareSummaryProperty());
        probeOutput.textProperty().bind(vm.probeOutputProperty());
        showWhenText(outputBox, vm.probeOutputProperty());
        status.textProperty().bind(vm.statusProperty());
        vm.stateProperty().addListener((o, a, b) -> stateClasses(b));
        stateClasses(vm.stateProperty().get());
        vm.readingProperty().addListener((o, a, b) -> readingText.pseudoClassStateChanged(VOID,
                b != null && b.voidTimings()));

        chart.setCreateSymbols(true);
        xAxis.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return ProbeCurves.sizeLabel(n.doubleValue());
            }

            @Override
            public Number fromString(String s) {
                return 0;
            }
        });
        vm.curvesProperty().addListener((o, a, b) -> draw(b));
        draw(vm.curvesProperty().get());
        vm.sizes().addListener((javafx.collections.ListChangeListener<SizeRow>) c -> sizeRows());
        sizeRows();
        vm.setConfirm(this::confirm);
    }

    private static void showWhenText(javafx.scene.Node n, javafx.beans.property.ReadOnlyStringProperty p) {
        n.visibleProperty().bind(p.isNotEmpty());
        n.managedProperty().bind(p.isNotEmpty());
    }

    private void stateClasses(State s) {
        root.pseudoClassStateChanged(RUNNING, s == State.PREPARING || s == State.RUNNING);
        root.pseudoClassStateChanged(FAILED, s == State.FAILED);
    }

    /** The curves as chart series: measured ones with a tooltip per point, the usable lines dashed without symbols. */
    private void draw(List<ProbeCurves.Curve> curves) {
        chart.getData().clear();
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        for (ProbeCurves.Curve c : curves) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(c.name());
            for (double[] p : c.points()) {
                s.getData().add(new XYChart.Data<>(p[0], p[1]));
                lo = Math.min(lo, p[0]);
                hi = Math.max(hi, p[0]);
            }
            chart.getData().add(s);
            boolean flat = !"measured".equals(c.key());
            if (s.getNode() != null) s.getNode().getStyleClass().add(c.key());
            for (XYChart.Data<Number, Number> d : s.getData()) {
                if (d.getNode() == null) continue;
                if (flat) {
                    d.getNode().setVisible(false);
                } else {
                    Tooltip.install(d.getNode(), new Tooltip(String.format(Locale.ROOT, "%s at %s: %.2f GB/s",
                            c.name(), ProbeCurves.sizeLabel(d.getXValue().doubleValue()), d.getYValue().doubleValue())));
                }
            }
        }
        if (lo <= hi) {
            double a = Math.floor(lo + 1e-9);
            xAxis.setLowerBound(a);
            xAxis.setUpperBound(Math.max(Math.ceil(hi - 1e-9), a + 1));
            xAxis.setTickUnit(hi - lo > 9 ? 2 : 1);
        }
    }

    private void sizeRows() {
        sizeGrid.getChildren().clear();
        int i = 0;
        for (SizeRow r : vm.sizes()) {
            Label name = new Label(r.label());
            name.getStyleClass().add("probe-size-name");
            ProgressBar bar = new ProgressBar();
            bar.getStyleClass().add("probe-size-bar");
            bar.progressProperty().bind(r.fraction());
            Label count = new Label();
            count.getStyleClass().add("probe-size-count");
            Runnable update = () -> {
                count.setText(r.countText());
                bar.pseudoClassStateChanged(COMPLETE, r.doneProperty().get() >= r.total());
                bar.pseudoClassStateChanged(SKIPPED, !r.noteProperty().get().isEmpty());
            };
            r.doneProperty().addListener((o, a, b) -> update.run());
            r.noteProperty().addListener((o, a, b) -> update.run());
            update.run();
            sizeGrid.addRow(i++, name, bar, count);
        }
        sizePlaceholder.setVisible(vm.sizes().isEmpty());
        sizePlaceholder.setManaged(vm.sizes().isEmpty());
    }

    /** The probe's safety rule (docs/RULES.md §7): show who uses the GPU and run only when the user says so. */
    private boolean confirm(String users) {
        ButtonType run = new ButtonType("Run anyway", ButtonBar.ButtonData.OK_DONE);
        ButtonType stop = new ButtonType("Don't run", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(Alert.AlertType.WARNING, "", stop, run);
        a.setTitle("The GPU is in use");
        a.setHeaderText("Other processes use this GPU");
        a.setContentText(users + "\n\nThe probe contends for the link it measures: a serving process may suffer, the"
                + " numbers will be low, and a driver may wedge. Stop them first if you can.");
        a.initOwner(root.getScene() == null ? null : root.getScene().getWindow());
        ((Button) a.getDialogPane().lookupButton(stop)).setDefaultButton(true);
        ((Button) a.getDialogPane().lookupButton(run)).setDefaultButton(false);
        return a.showAndWait().filter(b -> b == run).isPresent();
    }

    // ---- actions

    @FXML
    private void run() {
        vm.run();
    }

    @FXML
    private void cancel() {
        vm.cancel();
    }

    @FXML
    private void openReceipt() {
        FileChooser fc = chooser("Open a probe receipt");
        File f = fc.showOpenDialog(root.getScene().getWindow());
        if (f == null) return;
        lastDir = f.getParentFile();
        vm.openReceipt(f.toPath());
    }

    @FXML
    private void compareReceipts() {
        FileChooser fc = chooser(vm.receiptProperty().get() == null ? "Pick two receipts to compare (A, then B)"
                : "Pick a receipt to compare with the one shown (or two receipts)");
        List<File> files = fc.showOpenMultipleDialog(root.getScene().getWindow());
        if (files == null || files.isEmpty()) return;
        lastDir = files.get(0).getParentFile();
        if (files.size() == 2) vm.compare(files.get(0).toPath(), files.get(1).toPath());
        else if (files.size() == 1) vm.compareWith(files.get(0).toPath());
        else vm.tell("Pick one receipt (compared with the one shown) or two, not " + files.size());
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Receipts (JSON)", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        Path bench = Path.of("docs", "bench");
        File dir = lastDir != null ? lastDir : Files.isDirectory(bench) ? bench.toFile()
                : new File(System.getProperty("user.home"));
        fc.setInitialDirectory(dir);
        return fc;
    }

    public ProbeViewModel viewModel() {
        return vm;
    }
}
