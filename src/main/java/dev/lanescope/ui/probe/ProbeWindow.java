package dev.lanescope.ui.probe;

import java.net.URL;
import java.util.Map;
import java.util.WeakHashMap;

import javafx.scene.Parent;
import javafx.stage.Stage;
import javafx.stage.Window;

import dev.lanescope.ui.common.Views;
import dev.lanescope.ui.common.Windows;
import dev.lanescope.ui.main.MainViewModel;
import dev.lanescope.ui.theme.Themes;

/** The probe panel's own window, one per main window; opened from the main window's menu. */
public final class ProbeWindow {

    private static final Map<MainViewModel, Stage> OPEN = new WeakHashMap<>();
    private static final Map<Stage, ProbeViewModel> MODELS = new WeakHashMap<>();

    private ProbeWindow() {
    }

    /** Shows (or brings to front) the probe window of this main window and returns its view-model. */
    public static ProbeViewModel show(MainViewModel main, Window owner) {
        return show(main, owner, new SystemProbeBackend());
    }

    public static ProbeViewModel show(MainViewModel main, Window owner, ProbeBackend backend) {
        Stage stage = OPEN.get(main);
        if (stage == null) {
            ProbeViewModel pvm = new ProbeViewModel(main, backend);
            Parent root = load(pvm, main);
            stage = new Stage();
            stage.setTitle("lanescope — bandwidth probe");
            if (owner != null) stage.initOwner(owner);
            stage.setScene(Windows.sceneFittingScreen(root, 1180, 860));
            OPEN.put(main, stage);
            MODELS.put(stage, pvm);
        }
        stage.show();
        stage.toFront();
        return MODELS.get(stage);
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
