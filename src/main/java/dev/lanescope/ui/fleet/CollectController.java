package dev.lanescope.ui.fleet;

import java.io.File;

import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.Stage;

/** Binds the "Collect from host" dialog. */
public final class CollectController {

    private final CollectViewModel vm;

    @FXML private BorderPane root;
    @FXML private TextField host;
    @FXML private CheckBox sudo;
    @FXML private Spinner<Integer> timeout;
    @FXML private TextField folder;
    @FXML private Button collect;
    @FXML private Button cancel;
    @FXML private ListView<String> messages;
    @FXML private ProgressIndicator busy;
    @FXML private Label status;

    public CollectController(CollectViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        host.textProperty().bindBidirectional(vm.hostProperty());
        sudo.selectedProperty().bindBidirectional(vm.sudoProperty());
        timeout.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(10, 3600, vm.timeoutProperty().get(),
                30));
        timeout.valueProperty().addListener((o, a, b) -> {
            if (b != null) vm.timeoutProperty().set(b);
        });
        folder.textProperty().bindBidirectional(vm.folderProperty());
        collect.disableProperty().bind(vm.runningProperty().or(vm.hostProperty().isEmpty()));
        cancel.disableProperty().bind(vm.runningProperty().not());
        busy.visibleProperty().bind(vm.runningProperty());
        busy.managedProperty().bind(vm.runningProperty());
        messages.setItems(vm.messages());
        messages.setPlaceholder(new Label("Messages from ssh and the collector appear here."));
        vm.messages().addListener((javafx.collections.ListChangeListener<String>) c ->
                messages.scrollTo(vm.messages().size() - 1));
        status.textProperty().bind(vm.statusProperty());
        vm.failedProperty().addListener((o, a, b) -> status.pseudoClassStateChanged(
                javafx.css.PseudoClass.getPseudoClass("failed"), b));
    }

    @FXML
    private void collect() {
        vm.start();
    }

    @FXML
    private void cancel() {
        vm.cancel();
    }

    @FXML
    private void close() {
        vm.cancel();
        ((Stage) root.getScene().getWindow()).close();
    }

    @FXML
    private void browse() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Save bundles in");
        File cur = new File(folder.getText());
        if (cur.isDirectory()) dc.setInitialDirectory(cur);
        File d = dc.showDialog(root.getScene().getWindow());
        if (d != null) vm.folderProperty().set(d.toString());
    }
}
