package dev.lanescope.ui.ceiling;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import javafx.application.Platform;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.analysis.ceiling.HostMemoryPreset;
import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.analysis.ceiling.TransferSample;
import dev.lanescope.export.AtomicFiles;
import dev.lanescope.export.CeilingCsv;
import dev.lanescope.probe.H2dReceipt;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.common.Windows;
import dev.lanescope.ui.session.Theme;

/** The "Does the link matter?" panel: binds the inputs to the view-model and draws its result. */
public final class CeilingController {

    static final PseudoClass LOSES = PseudoClass.getPseudoClass("loses");
    static final PseudoClass WINS = PseudoClass.getPseudoClass("wins");
    static final PseudoClass TOSS_UP = PseudoClass.getPseudoClass("toss-up");
    static final PseudoClass IRRELEVANT = PseudoClass.getPseudoClass("irrelevant");
    static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");
    static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");

    private final CeilingViewModel vm;
    private final Theme theme;

    @FXML private BorderPane root;
    @FXML private Label headline;
    @FXML private Label verdict;
    @FXML private Label linkTime;
    @FXML private Label streaming;
    @FXML private Label compute;
    @FXML private Label ratio;
    @FXML private Label crossLink;
    @FXML private Label crossHit;
    @FXML private Label notes;
    @FXML private ComboBox<EngineShape> engineShape;
    @FXML private ComboBox<MoePreset> modelPreset;
    @FXML private TextField bits;
    @FXML private Label bitsError;
    @FXML private TextField activeBytes;
    @FXML private Label activeBytesError;
    @FXML private TextField hitRate;
    @FXML private Label hitRateError;
    @FXML private ComboBox<CeilingViewModel.RateSource> rateSource;
    @FXML private VBox linkBox;
    @FXML private Label cardLink;
    @FXML private TextField achievable;
    @FXML private Label achievableError;
    @FXML private HBox receiptBox;
    @FXML private Button openReceipt;
    @FXML private Label receiptName;
    @FXML private HBox typedBox;
    @FXML private TextField typedH2d;
    @FXML private Label h2dError;
    @FXML private Label rateNote;
    @FXML private TextField overhead;
    @FXML private Button overheadFromReceipt;
    @FXML private Label overheadSource;
    @FXML private Label overheadError;
    @FXML private ComboBox<HostMemoryPreset> ramPreset;
    @FXML private TextField ram;
    @FXML private Label ramError;
    @FXML private Label ramSource;
    @FXML private TextField ramBytes;
    @FXML private Label ramBytesError;
    @FXML private TextField slab;
    @FXML private Label slabError;
    @FXML private Tab linkTab;
    @FXML private Tab hitTab;
    @FXML private TableView<EngineShape.Row> shapes;
    @FXML private TableColumn<EngineShape.Row, String> shapeCol;
    @FXML private TableColumn<EngineShape.Row, String> crossesCol;
    @FXML private TableColumn<EngineShape.Row, String> mattersCol;
    @FXML private Label status;
    @FXML private Button exportPngButton;
    @FXML private Button exportCsvButton;

    private final CeilingChart linkChart = CeilingChart.of(CeilingChart.View.LINK);
    private final CeilingChart hitChart = CeilingChart.of(CeilingChart.View.HIT_RATE);

    public CeilingController(CeilingViewModel vm, Theme theme) {
        this.vm = vm;
        this.theme = theme;
    }

    @FXML
    private void initialize() {
        linkTab.setContent(linkChart);
        hitTab.setContent(hitChart);
        linkChart.setId("linkChart");
        hitChart.setId("hitChart");
        bindChoices();
        bindFields();
        bindRateSource();
        headline.textProperty().bind(vm.headlineProperty());
        show(notes, notes.textProperty().isNotEmpty());
        verdict.textProperty().bind(vm.verdictProperty());
        ShapeTable.bind(shapes, shapeCol, crossesCol, mattersCol, vm.engineShapeProperty());
        vm.engineShapeProperty().addListener((o, a, b) -> verdictState(vm.resultProperty().get()));
        vm.resultProperty().addListener((o, a, b) -> showResult());
        vm.waitingProperty().addListener((o, a, b) -> verdictState(vm.resultProperty().get()));
        showResult();
    }

    /** The engine, model, rate-source and host-memory choices, each bound both ways to the view-model. */
    private void bindChoices() {
        engineShape.getItems().setAll(EngineShape.values());
        engineShape.setCellFactory(lv -> cell(EngineShape::label, "—"));
        engineShape.setButtonCell(cell(EngineShape::shortLabel, "—")); // the open list and the table give the examples
        engineShape.valueProperty().bindBidirectional(vm.engineShapeProperty());
        modelPreset.getItems().setAll(MoePreset.values());
        modelPreset.setCellFactory(lv -> cell(CeilingController::presetText, "(typed)"));
        // the closed boxes name the preset only: the numbers it sets are in the fields below
        modelPreset.setButtonCell(cell(MoePreset::label, "(typed below)"));
        modelPreset.valueProperty().bindBidirectional(vm.modelPresetProperty());
        rateSource.getItems().setAll(CeilingViewModel.RateSource.values());
        rateSource.valueProperty().bindBidirectional(vm.rateSourceProperty());
        ramPreset.getItems().setAll(HostMemoryPreset.values());
        ramPreset.setCellFactory(lv -> cell(HostMemoryPreset::toString, "(typed)"));
        ramPreset.setButtonCell(cell(HostMemoryPreset::label, "(typed below)"));
        // nothing chosen is the start (no capture shows memory): the closed box says what to do, not a blank
        ramPreset.setPromptText("pick one, or type GB/s below");
        ramPreset.valueProperty().bindBidirectional(vm.ramPresetProperty());
        // each preset says where its figure comes from
        ramPreset.tooltipProperty().bind(javafx.beans.binding.Bindings.createObjectBinding(() ->
                ramPreset.getValue() == null ? null : new javafx.scene.control.Tooltip(ramPreset.getValue().toString()
                        + "\nSource: " + ramPreset.getValue().source()), ramPreset.valueProperty()));
    }

    /** The typed fields, each with its message under it and marked invalid while it does not read. */
    private void bindFields() {
        field(bits, vm.bitsProperty(), bitsError, CeilingViewModel.Field.BITS);
        field(activeBytes, vm.activeBytesProperty(), activeBytesError, CeilingViewModel.Field.ACTIVE_BYTES);
        field(hitRate, vm.hitRateProperty(), hitRateError, CeilingViewModel.Field.HIT_RATE);
        field(achievable, vm.achievableProperty(), achievableError, CeilingViewModel.Field.ACHIEVABLE);
        field(typedH2d, vm.typedH2dProperty(), h2dError, CeilingViewModel.Field.H2D);
        field(overhead, vm.overheadProperty(), overheadError, CeilingViewModel.Field.OVERHEAD);
        field(ram, vm.ramProperty(), ramError, CeilingViewModel.Field.RAM);
        field(ramBytes, vm.ramBytesProperty(), ramBytesError, CeilingViewModel.Field.RAM_BYTES);
        field(slab, vm.slabProperty(), slabError, CeilingViewModel.Field.SLAB);
    }

    /** The rate source's box (the card's link, a receipt, or a typed rate) and where each figure comes from. */
    private void bindRateSource() {
        show(linkBox, vm.rateSourceProperty().isEqualTo(CeilingViewModel.RateSource.LINK_ESTIMATE));
        show(receiptBox, vm.rateSourceProperty().isEqualTo(CeilingViewModel.RateSource.RECEIPT));
        show(typedBox, vm.rateSourceProperty().isEqualTo(CeilingViewModel.RateSource.TYPED));
        cardLink.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            CeilingViewModel.CardLink c = vm.cardLinkProperty().get();
            return c == null ? "No card with a known link capability: select a GPU in the main window, or open a"
                    + " probe receipt." : c.label() + ": " + c.evidence()
                    + String.format(Locale.ROOT, " (%.3f GB/s usable)", c.usableGbPerS());
        }, vm.cardLinkProperty()));
        receiptName.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() ->
                vm.receiptProperty().get() == null ? "No receipt open." : vm.receiptProperty().get().name(),
                vm.receiptProperty()));
        rateNote.textProperty().bind(vm.rateNoteProperty());
        ramSource.textProperty().bind(vm.ramNoteProperty());
        overheadSource.textProperty().bind(vm.overheadNoteProperty());
        show(overheadFromReceipt, vm.receiptOverheadOfferedProperty());
        // any key typed into the field makes its value the user's, even one that leaves the text as it was
        overhead.addEventFilter(KeyEvent.KEY_TYPED, e -> {
            if (printable(e)) vm.overheadTyped();
        });
    }

    private static String presetText(MoePreset p) {
        var g = p.geometry();
        return String.format(Locale.ROOT, "%s: %d of %d experts, %.2f GB/token", p.label(), g.activeExperts(),
                g.experts(), g.activeExpertBytesPerToken() / 1e9);
    }

    private static <T> ListCell<T> cell(Function<T, String> text, String none) {
        return new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item == null ? none : text.apply(item));
            }
        };
    }

    private void field(TextField tf, javafx.beans.property.StringProperty p, Label error, CeilingViewModel.Field f) {
        tf.textProperty().bindBidirectional(p);
        var msg = vm.errorProperty(f);
        error.textProperty().bind(msg);
        var has = msg.isNotEmpty();
        error.visibleProperty().bind(has);
        error.managedProperty().bind(has);
        has.addListener((o, a, b) -> tf.pseudoClassStateChanged(INVALID, b));
        tf.pseudoClassStateChanged(INVALID, has.get());
    }

    private static boolean printable(KeyEvent e) {
        String c = e.getCharacter();
        return !c.isEmpty() && !Character.isISOControl(c.charAt(0)) && !e.isControlDown() && !e.isMetaDown();
    }

    private static void show(javafx.scene.Node n, javafx.beans.value.ObservableBooleanValue b) {
        n.visibleProperty().bind(b);
        n.managedProperty().bind(b);
    }

    /** Pushes the result into the numbers, the verdict's colour and both charts; the one place pseudo-classes flip. */
    private void showResult() {
        CeilingResult r = vm.resultProperty().get();
        var s = vm.seriesProperty().get();
        linkChart.show(s, r);
        hitChart.show(s, r);
        exportPngButton(r != null);
        if (r == null) {
            for (Label l : List.of(linkTime, streaming, compute, ratio, crossLink, crossHit)) l.setText("—");
            notes.setText("");
            verdictState(null);
            return;
        }
        linkTime.setText(r.missedBytesPerToken() > 0 ? ms(r.linkTimePerTokenMs()) : "none");
        streaming.setText(r.streamingTokensPerS().isPresent()
                ? Headlines.tokens(r.streamingTokensPerS().getAsDouble()) + " tok/s" : "no limit");
        compute.setText(Headlines.tokens(r.computeTokensPerS()) + " tok/s");
        ratio.setText(Headlines.times(r.memoryToLinkRatio()));
        crossLink.setText(r.crossoverLinkGbPerS().isPresent() ? Headlines.gbps(r.crossoverLinkGbPerS().getAsDouble())
                : "none");
        crossHit.setText(r.crossoverHitRate().isPresent()
                ? String.format(Locale.ROOT, "%.3f", r.crossoverHitRate().getAsDouble()) : "none");
        notes.setText(String.join(" ", r.notes()));
        verdictState(r);
    }

    private void verdictState(CeilingResult r) {
        markVerdict(headline, vm.engineShapeProperty().get(), r);
        // waiting for an input only the user or a probe can give is not an error: no red mark
        if (r == null && !vm.waitingProperty().get().isEmpty()) headline.pseudoClassStateChanged(INVALID, false);
    }

    /**
     * Colours a headline by the answer: {@code :loses}, {@code :wins}, {@code :toss-up}, {@code :irrelevant} (the
     * link does not limit this engine) or {@code :invalid} (r is null). The only place these flip.
     */
    public static void markVerdict(javafx.scene.Node headline, EngineShape shape, CeilingResult r) {
        boolean irrelevant = r != null && !Headlines.linkMatters(shape, r);
        CeilingResult.Kind k = r == null ? null : r.kind();
        headline.pseudoClassStateChanged(IRRELEVANT, irrelevant);
        headline.pseudoClassStateChanged(LOSES, !irrelevant
                && (k == CeilingResult.Kind.LOSES_BY_CONSTRUCTION || k == CeilingResult.Kind.LOSES));
        headline.pseudoClassStateChanged(WINS, !irrelevant
                && (k == CeilingResult.Kind.WINS || k == CeilingResult.Kind.WINS_ON_HIT_RATE));
        headline.pseudoClassStateChanged(TOSS_UP, !irrelevant && k == CeilingResult.Kind.TOSS_UP);
        headline.pseudoClassStateChanged(INVALID, r == null);
    }

    private void exportPngButton(boolean enabled) {
        exportPngButton.setDisable(!enabled);
        exportCsvButton.setDisable(!enabled);
    }

    private static String ms(double v) {
        if (v >= 100) return String.format(Locale.ROOT, "%.0f ms", v);
        if (v >= 1) return String.format(Locale.ROOT, "%.1f ms", v);
        return String.format(Locale.ROOT, "%.3g ms", v);
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
    }

    // ---- actions

    @FXML
    private void openReceipt() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open a probe receipt (run_receipt.sh JSON or pcie_bw JSON lines)");
        fc.setInitialDirectory(new File(System.getProperty("user.home")));
        File f = fc.showOpenDialog(window());
        if (f != null) loadReceipt(f.toPath());
    }

    /** Reads the receipt off the FX thread and puts its size sweep into the view-model. */
    public void loadReceipt(Path file) {
        status.setText("Reading " + file + " …");
        FxTasks.run(() -> receiptOf(file))
                .onSuccess(rc -> {
                    vm.receiptProperty().set(rc);
                    status.setText("Receipt " + rc.name());
                })
                .onError(e -> status.setText("Could not use the receipt: " + e.getMessage()))
                .start();
    }

    static CeilingViewModel.Receipt receiptOf(Path file) throws java.io.IOException {
        H2dReceipt rc = H2dReceipt.read(file);
        H2dReceipt.Series series = rc.h2dSeries();
        List<TransferSample> samples = series.bySize().stream()
                .map(p -> new TransferSample(p.bytes(), p.medianMs())).toList();
        String what = "receipt " + file.getFileName() + " (" + series.label()
                + rc.link().map(l -> ", link " + l.genText() + " at " + rc.linkAt()).orElse("") + ")";
        String name = file.getFileName() + " · " + series.label() + " · " + samples.size() + " sizes"
                + rc.link().map(l -> " · measured on " + l.genText()).orElse("");
        return new CeilingViewModel.Receipt(name, samples, what);
    }

    @FXML
    private void useReceiptOverhead() {
        vm.useReceiptOverhead();
    }

    @FXML
    private void exportPng() {
        CeilingResult r = vm.resultProperty().get();
        if (r == null) return;
        File f = Windows.chooseExportTarget(window(), "PNG image", "*.png", "lanescope-ceiling.png");
        if (f == null) return;
        exportPngTo(f.toPath());
    }

    /** Snapshot on the FX thread, encode and write off it; reports in the status line. */
    public java.util.concurrent.CompletableFuture<Path> exportPngTo(Path out) {
        var parent = PngCeilingExporter.compose(vm.resultProperty().get(), vm.seriesProperty().get(),
                vm.engineShapeProperty().get(), theme);
        return PngCeilingExporter.export(parent, out).whenComplete((p, e) -> Platform.runLater(() ->
                status.setText(e == null ? "Saved " + p : "PNG export failed: " + e.getMessage())));
    }

    @FXML
    private void exportCsv() {
        CeilingResult r = vm.resultProperty().get();
        var s = vm.seriesProperty().get();
        if (r == null || s == null) return;
        File f = Windows.chooseExportTarget(window(), "CSV", "*.csv", "lanescope-ceiling.csv");
        if (f == null) return;
        String csv = CeilingCsv.of(r, s);
        FxTasks.run(() -> AtomicFiles.writeString(f.toPath(), csv))
                .onSuccess(p -> status.setText("Saved " + p))
                .onError(e -> status.setText("CSV export failed: " + e.getMessage()))
                .start();
    }


    /** For tests: the two charts. */
    public List<CeilingChart> charts() {
        return Arrays.asList(linkChart, hitChart);
    }
}
