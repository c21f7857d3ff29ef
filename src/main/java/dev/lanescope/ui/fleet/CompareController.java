package dev.lanescope.ui.fleet;

import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;

import dev.lanescope.ui.topology.TopologyView;

/** Binds the compare view: headline first, the changes table, and A's graph with the changed hops ringed. */
public final class CompareController {

    /** A box or edge of A's picture that differs on B. */
    public static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    static final PseudoClass WORSE = PseudoClass.getPseudoClass("worse");

    private final CompareViewModel vm;

    @FXML private BorderPane root;
    @FXML private Label headline;
    @FXML private Label more;
    @FXML private Label sides;
    @FXML private TableView<CompareViewModel.Row> changes;
    @FXML private TableColumn<CompareViewModel.Row, String> hopCol;
    @FXML private TableColumn<CompareViewModel.Row, String> changeCol;
    @FXML private TableColumn<CompareViewModel.Row, String> trainedACol;
    @FXML private TableColumn<CompareViewModel.Row, String> trainedBCol;
    @FXML private TableColumn<CompareViewModel.Row, String> verdictACol;
    @FXML private TableColumn<CompareViewModel.Row, String> verdictBCol;
    @FXML private TopologyView topology;
    @FXML private ProgressBar progress;
    @FXML private Label status;

    public CompareController(CompareViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        headline.textProperty().bind(vm.headlineProperty());
        more.textProperty().bind(vm.moreProperty());
        more.visibleProperty().bind(vm.moreProperty().isNotEmpty());
        more.managedProperty().bind(more.visibleProperty());
        sides.textProperty().bind(vm.sidesProperty());
        status.textProperty().bind(vm.statusProperty());
        progress.visibleProperty().bind(vm.loadingProperty());
        progress.managedProperty().bind(vm.loadingProperty());

        column(hopCol, CompareViewModel.Row::hop);
        column(changeCol, CompareViewModel.Row::change);
        column(trainedACol, CompareViewModel.Row::trainedA);
        column(trainedBCol, CompareViewModel.Row::trainedB);
        column(verdictACol, CompareViewModel.Row::verdictA);
        column(verdictBCol, CompareViewModel.Row::verdictB);
        trainedACol.textProperty().bind(vm.nameAProperty().map(n -> "Trained on " + n));
        trainedBCol.textProperty().bind(vm.nameBProperty().map(n -> "Trained on " + n));
        verdictACol.textProperty().bind(vm.nameAProperty().map(n -> "Verdict on " + n));
        verdictBCol.textProperty().bind(vm.nameBProperty().map(n -> "Verdict on " + n));
        changes.setItems(vm.rows());
        changes.setPlaceholder(new Label("No changed hops or devices."));
        changes.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(CompareViewModel.Row item, boolean empty) {
                super.updateItem(item, empty);
                pseudoClassStateChanged(WORSE, !empty && item != null && item.worse());
            }
        });
        changes.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> vm.selectedProperty().set(b));

        topology.makeInteractive();
        topology.setPicture(vm.picture());
        topology.setOnNodeClicked(id -> vm.rows().stream().filter(r -> r.ids().contains(id)).findFirst()
                .ifPresentOrElse(r -> changes.getSelectionModel().select(r),
                        () -> changes.getSelectionModel().clearSelection()));
        vm.rows().addListener((javafx.collections.ListChangeListener<CompareViewModel.Row>) c -> {
            applyHighlights();
            if (!vm.rows().isEmpty()) Platform.runLater(this::showFirstChange);
        });
        vm.selectedProperty().addListener((o, a, b) -> {
            applyHighlights();
            if (b != null && b.focusId() != null) topology.reveal(b.focusId());
        });
        applyHighlights();
        Platform.runLater(() -> topology.fit());
    }

    private static <T> void column(TableColumn<T, String> col, Function<T, String> f) {
        col.setCellValueFactory(c -> new ReadOnlyStringWrapper(f.apply(c.getValue())));
    }

    /** The one place the compare view sets state on A's drawing: verdict colours, the changed ring, the row's hop. */
    private void applyHighlights() {
        Set<String> changed = vm.changedIds();
        CompareViewModel.Row sel = vm.selectedProperty().get();
        Set<String> path = sel == null ? Set.of() : sel.ids();
        Map<String, String> colours = vm.edgeColours();
        topology.applyState(colours, sel == null ? null : sel.focusId(), path, Set.of(), vm.picture().nodes().keySet(),
                Set.of());
        for (String id : vm.picture().nodes().keySet()) {
            var box = topology.boxNode(id);
            if (box != null) box.pseudoClassStateChanged(CHANGED, changed.contains(id));
        }
        for (String id : vm.picture().edges().keySet()) {
            var edge = topology.edgeNode(id);
            if (edge != null) edge.pseudoClassStateChanged(CHANGED, changed.contains(id));
        }
    }

    private void showFirstChange() {
        String focus = vm.rows().stream().map(CompareViewModel.Row::focusId).filter(java.util.Objects::nonNull)
                .findFirst().orElse(null);
        topology.fit();
        if (focus != null) topology.reveal(focus);
    }

    public TopologyView topologyView() {
        return topology;
    }

    public BorderPane root() {
        return root;
    }
}
