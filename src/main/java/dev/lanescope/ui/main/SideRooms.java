package dev.lanescope.ui.main;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.input.KeyCombination;

import dev.lanescope.ui.ceiling.CeilingWindow;
import dev.lanescope.ui.ladder.LadderPanel;
import dev.lanescope.ui.ladder.LadderViewModel;
import dev.lanescope.ui.probe.ProbeBackend;
import dev.lanescope.ui.probe.ProbeViewModel;
import dev.lanescope.ui.probe.ProbeWindow;
import dev.lanescope.ui.session.Session;

/**
 * The rooms the main window's side panel hosts, each on the run's {@link Session}: the selected card's answer, the
 * bandwidth probe, the ceiling chart and the P2P ladder. The probe, the ceiling chart and the ladder are built the
 * first time they are shown, so a start that never opens them does not pay for them.
 */
final class SideRooms {

    static final String CARD = "card";
    static final String PROBE = "probe";
    static final String CEILING = "ceiling";
    static final String LADDER = "ladder";

    private final Session session;
    private final ProbeBackend probeBackend;
    private final SidePanel side;
    private ProbeViewModel probe;
    private CeilingWindow ceiling;
    private LadderPanel ladder;

    SideRooms(Session session, ProbeBackend probeBackend, SidePanel side) {
        this.session = session;
        this.probeBackend = probeBackend;
        this.side = side;
    }

    /**
     * Adds the pages to the side panel ({@code cardTab} holds the card's answer from the FXML), each with a View menu
     * entry and a shortcut (Ctrl+1 to 4), plus "open the current tab in its own window".
     */
    void install(Tab cardTab, Menu viewMenu) {
        side.add(new SidePanel.Page(CARD, "Selected card", KeyCombination.keyCombination("Shortcut+1"), 0.36,
                620, 900, null), cardTab);
        side.add(new SidePanel.Page(PROBE, "Bandwidth probe", KeyCombination.keyCombination("Shortcut+2"), 0.62,
                1180, 860, () -> ProbeWindow.load(probe(), session.themeProperty())), null);
        side.add(new SidePanel.Page(CEILING, "Does the link matter?", KeyCombination.keyCombination("Shortcut+3"),
                0.70, 1440, 940, () -> ceilingPanel().root()), null);
        side.add(new SidePanel.Page(LADDER, "P2P ladder", KeyCombination.keyCombination("Shortcut+4"), 0.46,
                900, 940, () -> ladderPanel().root()), null);
        viewMenu.getItems().add(new SeparatorMenuItem());
        for (SidePanel.Page p : side.pages()) {
            MenuItem mi = new MenuItem("Side panel: " + p.title());
            mi.setAccelerator(p.key());
            mi.setOnAction(e -> side.show(p.id()));
            viewMenu.getItems().add(mi);
        }
        MenuItem popOut = new MenuItem("Open the side panel's tab in its own window");
        popOut.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+W"));
        popOut.setOnAction(e -> side.popOutSelected());
        viewMenu.getItems().add(popOut);
    }

    /** The probe tab's view-model, made (not shown) on first use. */
    ProbeViewModel probe() {
        if (probe == null) {
            probe = new ProbeViewModel(session, probeBackend);
            probe.receiptProperty().addListener((o, a, b) -> receiptToCeiling());
        }
        return probe;
    }

    /** The ceiling tab's panel, made (not shown) on first use; it takes the receipt open in the probe tab. */
    CeilingWindow ceilingPanel() {
        if (ceiling == null) {
            ceiling = CeilingWindow.panel(session);
            receiptToCeiling();
        }
        return ceiling;
    }

    /** The receipt open in the probe tab (opened or just saved) becomes the ceiling tab's rate. */
    private void receiptToCeiling() {
        if (ceiling == null || probe == null) return;
        var r = probe.receiptProperty().get();
        if (r != null && r.source() != null) ceiling.controller().loadReceipt(r.source());
    }

    /** The P2P ladder tab's panel, made (not shown) on first use. */
    LadderPanel ladderPanel() {
        if (ladder == null) ladder = new LadderPanel(new LadderViewModel(session), session.themeProperty());
        return ladder;
    }
}
