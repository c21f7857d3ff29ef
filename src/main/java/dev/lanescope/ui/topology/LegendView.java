package dev.lanescope.ui.topology;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import dev.lanescope.ui.model.EdgeColours;

/** The legend of the current colour mode: a swatch and what the colour means, in words. */
public final class LegendView extends VBox {

    public LegendView() {
        getStyleClass().add("legend");
        setSpacing(3);
        setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
    }

    public void show(EdgeColours.Mode mode) {
        getChildren().clear();
        Label head = new Label(mode.label() + (mode == EdgeColours.Mode.ATOMICS
                ? " (the upstream port of each hop decides)" : " (colour of each link)"));
        head.getStyleClass().add("legend-title");
        getChildren().add(head);
        for (EdgeColours.LegendEntry e : mode == EdgeColours.Mode.VERDICTS ? EdgeColours.VERDICT_LEGEND
                : EdgeColours.ATOMICS_LEGEND) {
            Region swatch = new Region();
            swatch.getStyleClass().add("swatch");
            swatch.pseudoClassStateChanged(PseudoClass.getPseudoClass(e.key()), true);
            Label t = new Label(e.title());
            t.getStyleClass().add("legend-key");
            Label m = new Label(e.meaning());
            m.getStyleClass().add("legend-meaning");
            HBox row = new HBox(6, swatch, t, m);
            row.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
            getChildren().add(row);
        }
    }
}
