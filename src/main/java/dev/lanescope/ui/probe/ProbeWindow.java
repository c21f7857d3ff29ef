package dev.lanescope.ui.probe;

import java.net.URL;
import java.util.Map;

import javafx.scene.Parent;

import dev.lanescope.ui.common.Views;
import dev.lanescope.ui.main.MainViewModel;
import dev.lanescope.ui.theme.Themes;

/**
 * The probe panel's view: loaded into the main window's side panel (a tab that can be popped out into its own
 * window), or on its own in tests.
 */
public final class ProbeWindow {

    private ProbeWindow() {
    }

    /** Loads the panel (FXML + controller factory) with the main window's theme and the panel's own rules. */
    public static Parent load(ProbeViewModel pvm, MainViewModel main) {
        Parent root = new Views(Map.of(ProbeController.class, () -> new ProbeController(pvm))).load(ProbeController.class);
        Runnable theme = () -> {
            Themes.apply(root, main == null ? MainViewModel.Theme.LIGHT : main.themeProperty().get());
            URL css = ProbeWindow.class.getResource("/css/probe.css");
            if (css != null) root.getStylesheets().add(css.toExternalForm());
        };
        theme.run();
        if (main != null) main.themeProperty().addListener((o, a, b) -> theme.run());
        return root;
    }
}
