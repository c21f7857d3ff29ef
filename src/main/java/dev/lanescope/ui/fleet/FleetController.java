package dev.lanescope.ui.fleet;

import java.io.File;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.transformation.SortedList;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;

import dev.lanescope.fleet.FleetScan;

/** Binds the fleet table: filter, sortable columns, progress and Cancel, open on double-click or Enter, export. */
public final class FleetController {

    private static final List<String> KEYS = List.of("ok", "idle", "capped", "degraded", "narrow", "down", "tunnel",
            "unknown", "unusable");
    private static final Map<String, PseudoClass> PSEUDO = new HashMap<>();

    static {
        for (String k : KEYS) PSEUDO.put(k, PseudoClass.getPseudoClass(k));
    }

    private final FleetViewModel vm;

    @FXML private BorderPane root;
    @FXML private TextField filter;
    @FXML private Label summary;
    @FXML private Button cancel;
    @FXML private Button rescan;
    @FXML private TableView<FleetScan.HostRow> hosts;
    @FXML private TableColumn<FleetScan.HostRow, String> hostCol;
    @FXML private TableColumn<FleetScan.HostRow, FleetScan.Worst> worstCol;
    @FXML private TableColumn<FleetScan.HostRow, String> whereCol;
    @FXML private TableColumn<FleetScan.HostRow, Integer> faultsCol;
    @FXML private TableColumn<FleetScan.HostRow, String> bootCol;
    @FXML private TableColumn<FleetScan.HostRow, String> timeCol;
    @FXML private TableColumn<FleetScan.HostRow, String> kernelCol;
    @FXML private TableColumn<FleetScan.HostRow, Integer> capturesCol;
    @FXML private TableColumn<FleetScan.HostRow, String> pathCol;
    @FXML private ProgressBar progress;
    @FXML private Label status;

    public FleetController(FleetViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        filter.textProperty().bindBidirectional(vm.filterProperty());
        summary.textProperty().bind(vm.summaryProperty());
        status.textProperty().bind(vm.statusProperty());
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.scanningProperty());
        progress.managedProperty().bind(vm.scanningProperty());
        cancel.visibleProperty().bind(vm.scanningProperty());
        cancel.managedProperty().bind(vm.scanningProperty());
        rescan.disableProperty().bind(vm.scanningProperty().or(vm.folderProperty().isNull()));

        column(hostCol, FleetScan.HostRow::host);
        column(worstCol, FleetScan.HostRow::worst);
        worstCol.setComparator(Comparator.comparingInt(FleetScan.Worst::rank));
        worstCol.setCellFactory(c -> new VerdictCell());
        column(whereCol, FleetScan.HostRow::where);
        column(faultsCol, FleetScan.HostRow::faults);
        column(bootCol, FleetScan.HostRow::bootId);
        column(timeCol, FleetScan.HostRow::capturedAt);
        column(kernelCol, FleetScan.HostRow::kernel);
        column(capturesCol, FleetScan.HostRow::captures);
        column(pathCol, FleetScan.HostRow::source);

        SortedList<FleetScan.HostRow> sorted = new SortedList<>(vm.shown());
        sorted.comparatorProperty().bind(hosts.comparatorProperty());
        hosts.setItems(sorted);
        hosts.setPlaceholder(new Label("No hosts yet: File ▸ Scan folder… picks a folder of collect.sh bundles."));
        hosts.setRowFactory(t -> {
            TableRow<FleetScan.HostRow> row = new TableRow<>() {
                @Override
                protected void updateItem(FleetScan.HostRow item, boolean empty) {
                    super.updateItem(item, empty);
                    setTooltip(empty || item == null ? null : new Tooltip(item.host() + ": "
                            + (item.reason() == null ? "" : item.reason()) + "\n" + vm.pathOf(item)
                            + (item.captures() > 1 ? "\n(latest of " + item.captures() + " captures)" : "")
                            + "\nDouble-click or Enter opens it in the main window"));
                }
            };
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) vm.open(row.getItem());
            });
            return row;
        });
        // when a scan has shown its rows, the table has the keyboard: arrows pick a host, Enter opens it
        vm.rows().addListener((javafx.collections.ListChangeListener<FleetScan.HostRow>) c -> {
            if (vm.rows().isEmpty()) return;
            hosts.requestFocus();
            hosts.getSelectionModel().selectFirst();
        });
        hosts.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                vm.open(hosts.getSelectionModel().getSelectedItem());
                e.consume();
            }
        });
    }

    private static <T> void column(TableColumn<FleetScan.HostRow, T> col, Function<FleetScan.HostRow, T> f) {
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(f.apply(c.getValue())));
    }

    /** The worst verdict in words, coloured like the graph's edges (pseudo-class per palette token). */
    private static final class VerdictCell extends TableCell<FleetScan.HostRow, FleetScan.Worst> {
        VerdictCell() {
            getStyleClass().add("verdict-cell");
        }

        @Override
        protected void updateItem(FleetScan.Worst item, boolean empty) {
            super.updateItem(item, empty);
            String key = empty || item == null ? "" : item.colourKey();
            for (Map.Entry<String, PseudoClass> p : PSEUDO.entrySet()) {
                pseudoClassStateChanged(p.getValue(), p.getKey().equals(key));
            }
            setText(empty || item == null ? null : item.words());
        }
    }

    @FXML
    private void rescan() {
        if (vm.folderProperty().get() != null) vm.scan(vm.folderProperty().get());
    }

    @FXML
    private void scanOther() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Scan a folder of captures");
        if (vm.folderProperty().get() != null) dc.setInitialDirectory(vm.folderProperty().get().toFile());
        File dir = dc.showDialog(root.getScene().getWindow());
        if (dir != null) vm.scan(dir.toPath());
    }

    @FXML
    private void cancel() {
        vm.cancel();
    }

    @FXML
    private void openSelected() {
        vm.open(hosts.getSelectionModel().getSelectedItem());
    }

    @FXML
    private void exportCsv() {
        File f = target("CSV", "*.csv", "fleet.csv");
        if (f != null) vm.exportCsv(f.toPath(), List.copyOf(hosts.getItems()));
    }

    @FXML
    private void exportJson() {
        File f = target("JSON", "*.json", "fleet.json");
        if (f != null) vm.exportJson(f.toPath(), List.copyOf(hosts.getItems()));
    }

    private File target(String what, String pattern, String name) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export the fleet table (" + what + "; the rows as shown)");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(what, pattern));
        fc.setInitialDirectory(new File(System.getProperty("user.home")));
        fc.setInitialFileName(name);
        return fc.showSaveDialog(root.getScene().getWindow());
    }

    public TableView<FleetScan.HostRow> table() {
        return hosts;
    }
}
