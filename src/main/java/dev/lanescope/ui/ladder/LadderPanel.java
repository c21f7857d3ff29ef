package dev.lanescope.ui.ladder;

import java.io.File;
import java.net.URL;
import java.util.List;

import javafx.css.PseudoClass;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TitledPane;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

import dev.lanescope.analysis.ladder.Ladder;
import dev.lanescope.analysis.ladder.Rung;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.ui.main.MainViewModel;
import dev.lanescope.ui.theme.Themes;

/**
 * The "P2P ladder" side-panel tab: the selected GPU and a peer chooser, the answer first, then one row per rung
 * (coloured by its status) that opens to its finding, the lines it rests on, the rule and the next step. Evidence
 * files (logs, probe outputs, nvidia-smi or rocm-smi output) are added with the button or dropped on the tab.
 */
public final class LadderPanel {

    private static final PseudoClass PASS = PseudoClass.getPseudoClass("pass");
    private static final PseudoClass FAIL = PseudoClass.getPseudoClass("fail");
    private static final PseudoClass NOT_PROVEN = PseudoClass.getPseudoClass("not-proven");
    private static final PseudoClass NOT_APPLICABLE = PseudoClass.getPseudoClass("not-applicable");

    private final LadderViewModel vm;
    private final VBox root = new VBox(8);
    private final VBox rungs = new VBox(4);
    private final Label headline = new Label();

    public LadderPanel(LadderViewModel vm, MainViewModel main) {
        this.vm = vm;
        root.getStyleClass().add("ladder-panel");
        root.setId("ladderPanel");
        Label title = new Label("P2P acceptance ladder");
        title.getStyleClass().add("ladder-title");
        Label gpu = new Label();
        gpu.setId("ladderGpu");
        gpu.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> vm.label(vm.gpuProperty().get()), vm.gpuProperty()));
        ComboBox<Bdf> peer = new ComboBox<>(vm.peers());
        peer.setId("ladderPeer");
        peer.setConverter(new StringConverter<>() {
            @Override
            public String toString(Bdf b) {
                return b == null ? "" : vm.label(b);
            }

            @Override
            public Bdf fromString(String s) {
                return null;
            }
        });
        peer.valueProperty().bindBidirectional(vm.peerProperty());
        Button add = new Button("Add evidence files…");
        add.setId("ladderAddEvidence");
        add.setOnAction(e -> chooseEvidence());
        Label files = new Label();
        files.getStyleClass().add("ladder-muted");
        files.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> vm.evidenceFiles().isEmpty()
                ? "or drop logs and probe outputs here" : vm.evidenceFiles().size() + " evidence file(s)",
                vm.evidenceFiles()));
        Label gpuWord = new Label("GPU");
        Label peerWord = new Label("and peer");
        gpuWord.setMinWidth(Region.USE_PREF_SIZE);
        peerWord.setMinWidth(Region.USE_PREF_SIZE);
        gpu.setMinWidth(60);
        HBox chooser = new HBox(8, gpuWord, gpu, peerWord, peer);
        chooser.getStyleClass().add("ladder-chooser");
        HBox evidence = new HBox(8, add, files);
        headline.setId("ladderHeadline");
        headline.setWrapText(true);
        headline.setMinHeight(Region.USE_PREF_SIZE);
        headline.getStyleClass().add("ladder-headline");
        Label status = new Label();
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.getStyleClass().add("ladder-muted");
        status.textProperty().bind(vm.statusProperty());
        status.visibleProperty().bind(vm.statusProperty().isNotEmpty());
        status.managedProperty().bind(status.visibleProperty());
        root.getChildren().addAll(title, chooser, evidence, headline, status, rungs);
        vm.ladderProperty().addListener((o, a, b) -> show(b));
        show(vm.ladderProperty().get());
        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        root.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) vm.addEvidence(e.getDragboard().getFiles().stream().map(File::toPath).toList());
            e.setDropCompleted(ok);
            e.consume();
        });
        Runnable theme = () -> {
            Themes.apply(root, main == null ? MainViewModel.Theme.LIGHT : main.themeProperty().get());
            URL css = LadderPanel.class.getResource("/css/ladder.css");
            if (css != null) root.getStylesheets().add(css.toExternalForm());
        };
        theme.run();
        if (main != null) main.themeProperty().addListener((o, a, b) -> theme.run());
    }

    public Parent root() {
        return root;
    }

    public LadderViewModel viewModel() {
        return vm;
    }

    private void chooseEvidence() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Evidence for the P2P ladder");
        List<File> chosen = fc.showOpenMultipleDialog(root.getScene() == null ? null : root.getScene().getWindow());
        if (chosen != null) vm.addEvidence(chosen.stream().map(File::toPath).toList());
    }

    private void show(Ladder l) {
        rungs.getChildren().clear();
        if (l == null) {
            headline.setText("");
            return;
        }
        headline.setText(l.headline());
        Rung low = l.lowestNotPassed();
        Rung failed = l.lowestFailed();
        for (Rung r : l.rungs()) rungs.getChildren().add(row(r, r == low || r == failed));
    }

    /** A label that wraps to as many lines as its text needs (a VBox would otherwise cut it with an ellipsis). */
    private static Label wrapped(String text, String style) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add(style);
        return l;
    }

    private static TitledPane row(Rung r, boolean open) {
        VBox body = new VBox(6);
        body.getChildren().add(wrapped(r.finding(), "ladder-finding"));
        for (Evidence e : r.evidence()) body.getChildren().add(wrapped(e.toString(), "ladder-evidence"));
        if (r.next() != null) body.getChildren().add(wrapped("Next: " + r.next(), "ladder-next"));
        body.getChildren().add(wrapped("Rule: " + r.rule(), "ladder-rule"));
        TitledPane pane = new TitledPane(r.rung() + "  " + r.name() + ": " + r.statusWords(), body);
        pane.setId("rung-" + r.rung());
        pane.getStyleClass().add("ladder-rung");
        pane.pseudoClassStateChanged(PASS, r.status() == dev.lanescope.model.p2p.RungStatus.PASS);
        pane.pseudoClassStateChanged(FAIL, r.status() == dev.lanescope.model.p2p.RungStatus.FAIL);
        pane.pseudoClassStateChanged(NOT_PROVEN, r.status() == dev.lanescope.model.p2p.RungStatus.NOT_PROVEN);
        pane.pseudoClassStateChanged(NOT_APPLICABLE, r.status() == dev.lanescope.model.p2p.RungStatus.NOT_APPLICABLE);
        pane.setExpanded(open);
        pane.setAnimated(false);
        return pane;
    }
}
