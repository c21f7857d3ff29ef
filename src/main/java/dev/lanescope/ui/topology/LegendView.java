package dev.lanescope.ui.topology;

import java.util.Collection;
import java.util.List;

import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import dev.lanescope.ui.model.EdgeColours;

/**
 * The legend of the current colour mode: a swatch and what the colour means, in words, for the colours the
 * picture actually uses (a legend of eight colours beside a picture that shows two sends the reader hunting).
 * It is docked beside the drawing, never over it; entries wrap into as many lines as the width needs.
 */
public final class LegendView extends VBox {

    private final FlowPane rows = new FlowPane(18, 3);

    public LegendView() {
        getStyleClass().add("legend");
        setSpacing(3);
        setFillWidth(true);
    }

    /** Every colour of the mode (for a picture whose colours are not known yet). */
    public void show(EdgeColours.Mode mode) {
        show(mode, null);
    }

    /** The colours of {@code mode} that appear among {@code used} edge tokens (all of them when null). */
    public void show(EdgeColours.Mode mode, Collection<String> used) {
        show(mode, used, false, false, false);
    }

    /**
     * The colours of {@code mode} that appear among {@code used} edge tokens (all of them when null), then the
     * box marks the picture uses: the selected card's path, a candidate slot's path, folded boxes.
     */
    public void show(EdgeColours.Mode mode, Collection<String> used, boolean path, boolean candidate,
                     boolean folded) {
        getChildren().clear();
        rows.getChildren().clear();
        List<EdgeColours.LegendEntry> entries = EdgeColours.legend(mode, used);
        Label head = new Label(mode.label() + (mode == EdgeColours.Mode.ATOMICS
                ? " (the upstream port of each hop decides)" : " (colour of each link)"));
        head.getStyleClass().add("legend-title");
        getChildren().add(head);
        if (entries.isEmpty() && !path && !candidate && !folded) {
            Label none = new Label(mode == EdgeColours.Mode.ATOMICS
                    ? "No hop in this picture says whether it routes AtomicOps."
                    : "No PCIe link in this picture to colour (every line is a plain bus connection).");
            none.getStyleClass().add("legend-meaning");
            getChildren().add(none);
            return;
        }
        for (EdgeColours.LegendEntry e : entries) {
            Region swatch = new Region();
            swatch.getStyleClass().add("swatch");
            swatch.pseudoClassStateChanged(PseudoClass.getPseudoClass(e.key()), true);
            Label t = new Label(e.title());
            t.getStyleClass().add("legend-key");
            Label m = new Label(e.meaning());
            m.getStyleClass().add("legend-meaning");
            HBox row = new HBox(6, swatch, t, m);
            row.getStyleClass().add("legend-row");
            row.setAlignment(Pos.CENTER_LEFT);
            rows.getChildren().add(row);
        }
        if (path) rows.getChildren().add(mark("path", "Selected card's path", "from the card up to the CPU"));
        if (candidate) rows.getChildren().add(mark("candidate", "Candidate slot", "where the card could move"));
        if (folded) rows.getChildren().add(mark("fold", "Folded", "functions off these paths (double-click opens)"));
        getChildren().add(rows);
    }

    private static HBox mark(String style, String title, String meaning) {
        Region swatch = new Region();
        swatch.getStyleClass().addAll("swatch-box", style);
        Label t = new Label(title);
        t.getStyleClass().add("legend-key");
        Label m = new Label(meaning);
        m.getStyleClass().add("legend-meaning");
        HBox row = new HBox(6, swatch, t, m);
        row.getStyleClass().add("legend-row");
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    /** The colour tokens listed now, in order (for tests). */
    public List<String> keys() {
        return rows.getChildren().stream()
                .filter(n -> !((HBox) n).getChildren().get(0).getStyleClass().contains("swatch-box"))
                .map(n -> ((HBox) n).getChildren().get(0).getPseudoClassStates().stream()
                        .map(PseudoClass::getPseudoClassName).findFirst().orElse(""))
                .toList();
    }
}
