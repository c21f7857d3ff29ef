package dev.lanescope.ui.details;

import java.util.function.Consumer;

import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

import dev.lanescope.ui.model.CardAdvice;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Session;

/** The side panel for the selected function: the plain answer first, then the evidence. */
public final class DetailsController {

    private final Session vm;
    private final Consumer<CardAdvice.Candidate> choose;

    @FXML private VBox root;
    @FXML private VBox body;
    @FXML private VBox placeholder;
    @FXML private VBox summary;
    @FXML private Label title;
    @FXML private Label answer;
    @FXML private GridPane path;
    @FXML private Label ceiling;
    @FXML private Label kernelLine;
    @FXML private Label atomics;
    @FXML private VBox peers;
    @FXML private ListView<CardAdvice.Candidate> candidates;

    /** Shows {@code session}'s selected card; a candidate slot picked in the list goes to {@code choose}. */
    public DetailsController(Session session, Consumer<CardAdvice.Candidate> choose) {
        this.vm = session;
        this.choose = choose;
    }

    @FXML
    private void initialize() {
        candidates.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(CardAdvice.Candidate c, boolean empty) {
                super.updateItem(c, empty);
                setText(empty || c == null ? null : c.rank() + ". " + c.text());
                setWrapText(true);
                setPrefWidth(0);
            }
        });
        candidates.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> choose.accept(b));
        vm.adviceProperty().addListener((o, a, b) -> show(b));
        vm.captureProperty().addListener((o, a, b) -> showSummary(b));
        show(vm.adviceProperty().get());
    }

    private void show(CardAdvice a) {
        boolean has = a != null;
        body.setVisible(has);
        body.setManaged(has);
        placeholder.setVisible(!has);
        placeholder.setManaged(!has);
        if (!has) return;
        title.setText(a.title());
        answer.setText(a.answer());
        path.getChildren().clear();
        int row = 0;
        for (CardAdvice.PathHop h : a.path()) {
            Label hop = cell(h.port() + " → " + h.device());
            hop.getStyleClass().add("path-hop");
            Label v = cell(h.verdict());
            v.getStyleClass().add("verdict-chip");
            v.pseudoClassStateChanged(PseudoClass.getPseudoClass(h.verdictKey()), true);
            path.add(hop, 0, row);
            path.add(v, 1, row);
            Label facts = cell("trained " + h.trained() + " · capable " + h.capable() + " · target " + h.target());
            facts.getStyleClass().add("path-facts");
            facts.setWrapText(true);
            path.add(facts, 0, row + 1, 2, 1);
            row += 2;
        }
        if (a.path().isEmpty()) path.add(cell("No PCIe link above this function (integrated or on the root bus)."), 0, 0, 2, 1);
        ceiling.setText(a.ceiling() == null ? "No path ceiling computed for this function." : a.ceiling());
        kernelLine.setText(a.kernelLine() == null ? "" : "Kernel said: " + a.kernelLine());
        kernelLine.setVisible(a.kernelLine() != null);
        kernelLine.setManaged(a.kernelLine() != null);
        atomics.setText(a.atomics());
        peers.getChildren().clear();
        if (a.peers().isEmpty()) peers.getChildren().add(cell("No other GPU or NIC to pair with in this capture."));
        for (CardAdvice.Peer p : a.peers()) {
            Label l = cell(p.otherAddress() + " " + p.otherName() + ": " + p.pathClass() + " · NCCL: " + p.ncclLevel());
            l.setWrapText(true);
            l.getStyleClass().add("peer-head");
            peers.getChildren().add(l);
            if (p.explanation() != null) {
                Label x = cell(p.explanation());
                x.setWrapText(true);
                x.getStyleClass().add("path-facts");
                peers.getChildren().add(x);
            }
        }
        candidates.getItems().setAll(a.candidates());
        // an empty list is one line, not a tall empty box under an answer that already says why
        candidates.setPrefHeight(a.candidates().isEmpty() ? 44 : 300);
        if (a.candidates().isEmpty()) {
            candidates.setPlaceholder(new Label("No other place this card can be plugged into in this capture."));
        }
    }

    private void showSummary(OpenCapture l) {
        summary.getChildren().clear();
        if (l == null) return;
        for (String line : l.insights().summary()) {
            Label b = new Label("• " + line);
            b.setWrapText(true);
            b.getStyleClass().add("summary-line");
            summary.getChildren().add(b);
        }
    }

    private static Label cell(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("path-cell");
        return l;
    }

    public VBox root() {
        return root;
    }
}
