package dev.lanescope.ui.common;

import java.io.File;

import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Window;

/** Window sizing shared by every lanescope window. */
public final class Windows {

    private Windows() {
    }

    /** Room left for the window manager's title bar and borders around a scene shrunk to the screen. */
    static final double DECORATION = 40;

    /**
     * A scene of the preferred size, shrunk to the primary screen's usable area less the window's
     * decorations: on a small laptop screen (or the 1280x800 headless screen of the tests) no window opens
     * wider or taller than the screen, which would put its bottom row of buttons out of reach.
     */
    public static Scene sceneFittingScreen(Parent root, double preferredWidth, double preferredHeight) {
        Rectangle2D usable = Screen.getPrimary().getVisualBounds();
        return new Scene(root, fit(preferredWidth, usable.getWidth()), fit(preferredHeight, usable.getHeight()));
    }

    private static double fit(double preferred, double available) {
        return preferred <= available - DECORATION ? preferred : Math.max(available / 2, available - DECORATION);
    }

    /**
     * The export save dialog: titled "Export {@code what}", files matching {@code pattern}, {@code name} proposed, and
     * starting in the user's home (never the capture's folder unless they go there). Null when cancelled.
     */
    public static File chooseExportTarget(Window owner, String what, String pattern, String name) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export " + what);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(what, pattern));
        fc.setInitialDirectory(new File(System.getProperty("user.home")));
        fc.setInitialFileName(name);
        return fc.showSaveDialog(owner);
    }
}
