package dev.lanescope.ui.ladder;

import java.io.File;
import java.util.List;

import javafx.fxml.FXML;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.DragEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

import dev.lanescope.analysis.ladder.Ladder;
import dev.lanescope.analysis.ladder.Rung;
import dev.lanescope.model.Bdf;

/** The P2P ladder tab ({@code Ladder.fxml}): binds the view-model to the controls and forwards the user's actions. */
public final class LadderController {

    private final LadderViewModel vm;

    @FXML private VBox ladderPanel;
    @FXML private Label ladderGpu;
    @FXML private ComboBox<Bdf> ladderPeer;
    @FXML private Label evidenceFiles;
    @FXML private Label ladderHeadline;
    @FXML private Label status;
    @FXML private VBox rungs;

    public LadderController(LadderViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        ladderGpu.textProperty().bind(vm.gpuLabelProperty());
        ladderPeer.setItems(vm.peers());
        ladderPeer.setConverter(new StringConverter<>() {
            @Override
            public String toString(Bdf b) {
                return b == null ? "" : vm.label(b);
            }

            @Override
            public Bdf fromString(String s) {
                return null;
            }
        });
        ladderPeer.setValue(vm.peerProperty().get());
        vm.peerProperty().addListener((o, a, b) -> ladderPeer.setValue(b));
        ladderPeer.valueProperty().addListener((o, a, b) -> vm.choosePeer(b));
        evidenceFiles.textProperty().bind(vm.evidenceSummaryProperty());
        ladderHeadline.textProperty().bind(vm.headlineProperty());
        status.textProperty().bind(vm.statusProperty());
        status.visibleProperty().bind(vm.statusProperty().isNotEmpty());
        status.managedProperty().bind(status.visibleProperty());
        vm.ladderProperty().addListener((o, a, b) -> show(b));
        show(vm.ladderProperty().get());
    }

    public VBox root() {
        return ladderPanel;
    }

    private void show(Ladder l) {
        rungs.getChildren().clear();
        if (l == null) return;
        for (Rung r : l.rungs()) rungs.getChildren().add(RungRows.row(r, vm.startsOpen(r)));
    }

    @FXML
    private void chooseEvidence() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Evidence for the P2P ladder");
        var scene = ladderPanel.getScene();
        List<File> chosen = fc.showOpenMultipleDialog(scene == null ? null : scene.getWindow());
        if (chosen != null) vm.addEvidence(chosen.stream().map(File::toPath).toList());
    }

    @FXML
    private void dragOver(DragEvent e) {
        if (e.getDragboard().hasFiles()) e.acceptTransferModes(TransferMode.COPY);
        e.consume();
    }

    @FXML
    private void dropEvidence(DragEvent e) {
        boolean ok = e.getDragboard().hasFiles();
        if (ok) vm.addEvidence(e.getDragboard().getFiles().stream().map(File::toPath).toList());
        e.setDropCompleted(ok);
        e.consume();
    }
}
