package dev.lanescope.ui.ladder;

import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import dev.lanescope.analysis.ladder.Rung;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.RungStatus;

/**
 * One rung's row: its number, name and status as the title, coloured by the status (a pseudo-class), opening to its
 * finding, the lines it rests on, the next step and the rule.
 */
final class RungRows {

    private static final PseudoClass PASS = PseudoClass.getPseudoClass("pass");
    private static final PseudoClass FAIL = PseudoClass.getPseudoClass("fail");
    private static final PseudoClass NOT_PROVEN = PseudoClass.getPseudoClass("not-proven");
    private static final PseudoClass NOT_APPLICABLE = PseudoClass.getPseudoClass("not-applicable");

    private RungRows() {
    }

    static TitledPane row(Rung r, boolean open) {
        VBox body = new VBox(6);
        body.getChildren().add(wrapped(r.finding(), "ladder-finding"));
        for (Evidence e : r.evidence()) body.getChildren().add(wrapped(e.toString(), "ladder-evidence"));
        if (r.next() != null) body.getChildren().add(wrapped("Next: " + r.next(), "ladder-next"));
        body.getChildren().add(wrapped("Rule: " + r.rule(), "ladder-rule"));
        TitledPane pane = new TitledPane(r.rung() + "  " + r.name() + ": " + r.statusWords(), body);
        pane.setId("rung-" + r.rung());
        pane.getStyleClass().add("ladder-rung");
        pane.pseudoClassStateChanged(PASS, r.status() == RungStatus.PASS);
        pane.pseudoClassStateChanged(FAIL, r.status() == RungStatus.FAIL);
        pane.pseudoClassStateChanged(NOT_PROVEN, r.status() == RungStatus.NOT_PROVEN);
        pane.pseudoClassStateChanged(NOT_APPLICABLE, r.status() == RungStatus.NOT_APPLICABLE);
        pane.setExpanded(open);
        pane.setAnimated(false);
        return pane;
    }

    /** A label that wraps to as many lines as its text needs (a VBox would otherwise cut it with an ellipsis). */
    private static Label wrapped(String text, String style) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add(style);
        return l;
    }
}
