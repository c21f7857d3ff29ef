package dev.lanescope.ui.scaling;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import javafx.application.Platform;
import javafx.fxml.FXML;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.stage.FileChooser;
import javafx.stage.Window;

import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.analysis.scaling.Fit;
import dev.lanescope.analysis.scaling.GpuPreset;
import dev.lanescope.analysis.scaling.Measured;
import dev.lanescope.analysis.scaling.Prediction;
import dev.lanescope.analysis.scaling.Scaling;
import dev.lanescope.analysis.scaling.Split;
import dev.lanescope.capture.TextFile;
import dev.lanescope.export.AtomicFiles;
import dev.lanescope.export.ScalingCsv;
import dev.lanescope.model.AllReduceTable;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;
import dev.lanescope.parse.AllReducePerfParser;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.common.Windows;
import dev.lanescope.ui.png.PngExporter;

/** The "Would adding a card help?" panel: inputs on the left, the answer first, the chart of tokens/s per card count. */
public final class ScalingController {

    @FXML private BorderPane root;
    @FXML private Label headline;
    @FXML private Label verdict;
    @FXML private Label best;
    @FXML private Label bestCaption;
    @FXML private Label perCard;
    @FXML private Label weights;
    @FXML private Label fixed;
    @FXML private Label evidence;
    @FXML private ComboBox<MoePreset> model;
    @FXML private ComboBox<String> card;
    @FXML private TextField memGbps;
    @FXML private TextField maxCards;
    @FXML private ComboBox<String> split;
    @FXML private TextField measured;
    @FXML private TextField fixedMs;
    @FXML private TextField p2pGbps;
    @FXML private Button openTable;
    @FXML private Button clearTable;
    @FXML private Label tableName;
    @FXML private Label error;
    @FXML private Label captureLine;
    @FXML private Label assumptions;
    @FXML private LineChart<Number, Number> chart;
    @FXML private NumberAxis xAxis;
    @FXML private Label notes;
    @FXML private Label status;

    private final ScalingViewModel vm;

    public ScalingController(ScalingViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        model.getItems().setAll(MoePreset.values());
        model.valueProperty().bindBidirectional(vm.modelProperty());
        card.getItems().add(ScalingViewModel.FROM_CAPTURE);
        for (GpuPreset g : GpuPreset.values()) card.getItems().add(g.label());
        card.valueProperty().bindBidirectional(vm.cardProperty());
        split.getItems().setAll(ScalingViewModel.SPLITS.keySet());
        split.valueProperty().bindBidirectional(vm.splitProperty());
        memGbps.textProperty().bindBidirectional(vm.memGbpsProperty());
        maxCards.textProperty().bindBidirectional(vm.maxCardsProperty());
        measured.textProperty().bindBidirectional(vm.measuredProperty());
        fixedMs.textProperty().bindBidirectional(vm.fixedMsProperty());
        p2pGbps.textProperty().bindBidirectional(vm.p2pGbpsProperty());
        error.textProperty().bind(vm.errorProperty());
        headline.textProperty().bind(vm.headlineProperty());
        verdict.textProperty().bind(vm.verdictProperty());
        clearTable.disableProperty().bind(vm.tableProperty().isNull());
        tableName.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            AllReduceTable t = vm.tableProperty().get();
            return t == null ? "No table: the all-reduce comes from your measured points, else the peer path."
                    : t.file() + ": " + t.ranks() + " ranks, " + t.rows().size() + " sizes";
        }, vm.tableProperty()));
        captureLine.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() ->
                vm.captureProperty().get() == null ? "No capture open: the card and peer path come from the choices "
                        + "above." : vm.captureProperty().get().describe(), vm.captureProperty()));
        vm.resultProperty().addListener((o, a, b) -> show(b));
        vm.errorProperty().addListener((o, a, b) -> {
            if (vm.resultProperty().get() == null) show(null);
        });
        show(vm.resultProperty().get());
    }

    private void show(Scaling.Result r) {
        if (r == null) {
            // no figure without the inputs it rests on: the headline says what the window waits for
            for (Label l : List.of(best, bestCaption, perCard, weights, fixed, evidence, assumptions, notes)) {
                l.setText("");
            }
            chart.getData().clear();
            return;
        }
        r.best().ifPresentOrElse(b -> {
            best.setText(Scaling.tps(b.tokensPerS()) + " tokens/s");
            bestCaption.setText("best: " + b.split().words());
        }, () -> {
            best.setText("none");
            bestCaption.setText("no card count listed holds the model");
        });
        Fit f = r.fit().orElse(null);
        double perAdded = f != null && f.collectiveFitted() ? f.collectiveMsPerAddedCard()
                : r.series().size() > 1 ? r.series().get(1).collectiveMs() - r.series().get(0).collectiveMs() : 0;
        perCard.setText(Scaling.num(perAdded) + " ms" + (f != null && f.collectiveFitted() ? " (fitted)" : ""));
        double oneCard = r.predictions().get(0).weightsMs() * r.predictions().get(0).split().tensor();
        weights.setText(Scaling.num(oneCard) + " ms" + (f != null && f.weightsFitted() ? " (fitted)" : ""));
        fixed.setText(Scaling.num(r.fixedMs()) + " ms" + (f != null && vm.fixedMsProperty().get().isBlank()
                ? " (fitted)" : vm.fixedMsProperty().get().isBlank() ? " (assumed)" : ""));
        evidence.setText(r.cost().evidence().words());
        assumptions.setText(r.assumptions().isEmpty() ? "Nothing: every input is measured or typed."
                : "• " + String.join("\n• ", r.assumptions()));
        List<String> n = new ArrayList<>(r.notes());
        if (r.minCards() > 1) {
            n.add("Fewer than " + r.minCards() + " cards cannot hold " + r.inputs().model().label() + " ("
                    + ScalingViewModel.gb(r.inputs().model().storedBytes() / 1e9) + " GB of weights): left off the chart.");
        }
        notes.setText(String.join(" ", n));
        chart(r);
    }

    private void chart(Scaling.Result r) {
        Map<String, XYChart.Series<Number, Number>> byKind = new LinkedHashMap<>();
        Split current = r.inputs().current();
        int maxN = 1;
        for (Prediction p : r.predictions()) {
            maxN = Math.max(maxN, p.cards());
            if (!p.possible()) continue;
            Split s = p.split();
            String kind = p.cards() == 1 ? null : s.pipeline() == 1 ? "tensor split" : s.tensor() == 1 ? "layer split"
                    : "tensor groups of " + s.tensor();
            if (kind == null) {
                // one card belongs to every kind's line
                for (String k : kinds(r)) series(byKind, k).getData().add(new XYChart.Data<>(1, p.tokensPerS()));
                continue;
            }
            if (!kinds(r).contains(kind)) continue;
            series(byKind, kind).getData().add(new XYChart.Data<>(p.cards(), p.tokensPerS()));
        }
        List<XYChart.Series<Number, Number>> all = new ArrayList<>(byKind.values());
        if (!r.inputs().measured().isEmpty()) {
            XYChart.Series<Number, Number> m = new XYChart.Series<>();
            m.setName("measured");
            for (Measured p : r.inputs().measured()) m.getData().add(new XYChart.Data<>(p.cards(), p.tokensPerS()));
            all.add(m);
        }
        chart.getData().setAll(all);
        String currentKind = current.pipeline() == 1 ? "tensor split" : current.tensor() == 1 ? "layer split"
                : "tensor groups of " + current.tensor();
        for (XYChart.Series<Number, Number> s : all) {
            boolean isMeasured = s.getName().equals("measured");
            String cls = isMeasured ? "series-measured" : s.getName().startsWith(currentKind) ? "series-current" : null;
            if (cls == null) continue;
            if (s.getNode() != null) {
                s.getNode().getStyleClass().add(cls);
                // measured points are points, not a curve
                if (isMeasured) s.getNode().setStyle("-fx-stroke: transparent;");
            }
            for (XYChart.Data<Number, Number> d : s.getData()) if (d.getNode() != null) d.getNode().getStyleClass().add(cls);
        }
        for (XYChart.Series<Number, Number> s : all) {
            if (s.getName().startsWith(currentKind)) s.setName(s.getName() + " (yours)");
        }
        xAxis.setAutoRanging(false);
        xAxis.setLowerBound(0.5);
        xAxis.setUpperBound(maxN + 0.5);
        xAxis.setTickUnit(1);
        xAxis.setTickLabelFormatter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Number v) {
                double d = v.doubleValue();
                return d == Math.rint(d) && d >= 1 ? Integer.toString((int) d) : "";
            }

            @Override
            public Number fromString(String s) {
                return Double.valueOf(s);
            }
        });
    }

    private static List<String> kinds(Scaling.Result r) {
        List<String> k = new ArrayList<>(List.of("tensor split", "layer split"));
        Split c = r.inputs().current();
        if (c.tensor() > 1 && c.pipeline() > 1) k.add("tensor groups of " + c.tensor());
        else if (r.predictions().stream().anyMatch(p -> p.split().tensor() == 2 && p.split().pipeline() > 1)) {
            k.add("tensor groups of 2");
        }
        return k;
    }

    private static XYChart.Series<Number, Number> series(Map<String, XYChart.Series<Number, Number>> m, String k) {
        return m.computeIfAbsent(k, x -> {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(x);
            return s;
        });
    }

    private Window window() {
        return root.getScene() == null ? null : root.getScene().getWindow();
    }

    // ---- actions

    @FXML
    private void openTable() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open all_reduce_perf output (nccl-tests or rccl-tests)");
        fc.setInitialDirectory(new File(System.getProperty("user.home")));
        File f = fc.showOpenDialog(window());
        if (f != null) loadTable(f.toPath());
    }

    /** Reads a table off the FX thread; a file without one is named with its line and the last table stays. */
    public CompletableFuture<AllReduceTable> loadTable(Path file) {
        CompletableFuture<AllReduceTable> done = new CompletableFuture<>();
        status.setText("Reading " + file + " …");
        FxTasks.run(() -> TextFile.read(file, AllReducePerfParser::parse))
                .onSuccess(r -> {
                    tableRead(r);
                    done.complete(r.value());
                })
                .onError(e -> {
                    status.setText("Could not read " + file + ": " + e.getMessage());
                    done.complete(null);
                })
                .start();
        return done;
    }

    private void tableRead(ParseResult<AllReduceTable> r) {
        List<String> bad = r.problems().stream().filter(p -> p.severity() != Severity.INFO).map(Problem::toString)
                .toList();
        if (r.value() != null) vm.tableProperty().set(r.value());
        status.setText(r.value() == null ? String.join("; ", bad) + " (the previous table stays)"
                : "Table " + r.value().file() + (bad.isEmpty() ? "" : "; " + String.join("; ", bad)));
    }

    @FXML
    private void clearTable() {
        vm.tableProperty().set(null);
    }

    @FXML
    private void exportPng() {
        File f = Windows.chooseExportTarget(window(), "PNG image", "*.png", "lanescope-scaling.png");
        if (f != null) exportPngTo(f.toPath());
    }

    /** The panel as shown, at 2x; reports in the status line. */
    public CompletableFuture<Path> exportPngTo(Path out) {
        return PngExporter.export(root, out).whenComplete((p, e) -> Platform.runLater(() ->
                status.setText(e == null ? "Saved " + p : "PNG export failed: " + e.getMessage())));
    }

    @FXML
    private void exportCsv() {
        Scaling.Result r = vm.resultProperty().get();
        if (r == null) return;
        File f = Windows.chooseExportTarget(window(), "CSV", "*.csv", "lanescope-scaling.csv");
        if (f == null) return;
        String csv = ScalingCsv.of(r);
        FxTasks.run(() -> AtomicFiles.writeString(f.toPath(), csv))
                .onSuccess(p -> status.setText("Saved " + p))
                .onError(e -> status.setText("CSV export failed: " + e.getMessage()))
                .start();
    }


    /** For tests. */
    public LineChart<Number, Number> chart() {
        return chart;
    }

    /** For tests: the answer's first sentence as shown. */
    public String headlineText() {
        return headline.getText();
    }
}
