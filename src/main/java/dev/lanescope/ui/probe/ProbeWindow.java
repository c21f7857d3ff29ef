package dev.lanescope.ui.probe;

import java.util.Map;

import javafx.beans.value.ObservableValue;
import javafx.scene.Parent;

import dev.lanescope.ui.common.Views;
import dev.lanescope.ui.session.Theme;
import dev.lanescope.ui.theme.Themes;

/**
 * The probe panel's view: loaded into the main window's side panel (a tab that can be popped out into its own
 * window), or on its own in tests.
 */
public final class ProbeWindow {

    private ProbeWindow() {
    }

    /** Loads the panel (FXML + controller factory) in {@code theme} (null: light) with the panel's own rules. */
    public static Parent load(ProbeViewModel pvm, ObservableValue<Theme> theme) {
        Parent root = new Views(Map.of(ProbeController.class, () -> new ProbeController(pvm))).load(ProbeController.class);
        Themes.follow(root, theme, "css/probe.css");
        return root;
    }
}
