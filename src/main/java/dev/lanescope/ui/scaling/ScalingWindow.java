package dev.lanescope.ui.scaling;

import java.net.URL;
import java.util.Map;
import java.util.function.Supplier;

import javafx.beans.value.ObservableValue;
import javafx.scene.Parent;
import javafx.stage.Stage;
import javafx.stage.Window;

import dev.lanescope.analysis.scaling.CaptureGpus;
import dev.lanescope.ui.ceiling.CeilingWindow;
import dev.lanescope.ui.common.Views;
import dev.lanescope.ui.common.Windows;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Session;
import dev.lanescope.ui.session.Theme;
import dev.lanescope.ui.theme.Themes;

/**
 * "Would adding a card help?" as its own window, or as a panel another window hosts ({@link #panel}): it follows a
 * capture's GPUs and peer path. From the main window: View ▸ Would adding a card help? ({@link #open(Window,
 * Session)}).
 */
public final class ScalingWindow {

    private final Stage stage;
    private final ScalingViewModel vm;
    private final ScalingController controller;

    /** The panel (view, controller, view-model) for hosting in a tab or a window. */
    public record Panel(Parent root, ScalingController controller, ScalingViewModel viewModel) {
    }

    /** Builds the panel, following {@code capture} (null: no capture), in the given theme. */
    public static Panel panel(ObservableValue<CaptureGpus> capture, Theme theme) {
        ScalingViewModel vm = new ScalingViewModel();
        ScalingController[] made = new ScalingController[1];
        Map<Class<?>, Supplier<?>> controllers = Map.of(ScalingController.class,
                () -> made[0] = new ScalingController(vm));
        Parent root = new Views(controllers).load(ScalingController.class);
        Themes.apply(root, theme);
        root.getStylesheets().addAll(CeilingWindow.stylesheet(), stylesheet());
        if (capture != null) vm.follow(capture);
        return new Panel(root, made[0], vm);
    }

    /** The main window's capture, as scaling reads it (null while none is loaded). */
    public static ObservableValue<CaptureGpus> captureOf(Session main) {
        javafx.beans.property.SimpleObjectProperty<CaptureGpus> out = new javafx.beans.property.SimpleObjectProperty<>();
        Runnable follow = () -> {
            OpenCapture l = main.capture();
            out.set(l == null ? null : CaptureGpus.of(l.topology(), l.analysed().report()));
        };
        // a strong listener: the property lives as long as the main window's capture does
        main.captureProperty().addListener((o, a, b) -> follow.run());
        follow.run();
        return out;
    }

    private ScalingWindow(Window owner, ObservableValue<CaptureGpus> capture, Theme theme) {
        Panel p = panel(capture, theme);
        vm = p.viewModel();
        controller = p.controller();
        stage = new Stage();
        if (owner != null) stage.initOwner(owner);
        stage.setTitle("lanescope — Would adding a card help?");
        stage.setScene(Windows.sceneFittingScreen(p.root(), 1440, 900));
    }

    /** Opens (and shows) the window following the session's capture; {@code main} may be null. */
    public static ScalingWindow open(Window owner, Session main) {
        ScalingWindow w = new ScalingWindow(owner, main == null ? null : captureOf(main),
                main == null ? Theme.LIGHT : main.theme());
        w.stage.show();
        return w;
    }

    /** Opens (and shows) the window following any capture source. */
    public static ScalingWindow open(Window owner, ObservableValue<CaptureGpus> capture, Theme theme) {
        ScalingWindow w = new ScalingWindow(owner, capture, theme);
        w.stage.show();
        return w;
    }

    public Stage stage() {
        return stage;
    }

    public ScalingViewModel viewModel() {
        return vm;
    }

    public ScalingController controller() {
        return controller;
    }

    public static String stylesheet() {
        URL u = ScalingWindow.class.getResource("/css/scaling.css");
        if (u == null) throw new IllegalStateException("missing stylesheet css/scaling.css");
        return u.toExternalForm();
    }
}
