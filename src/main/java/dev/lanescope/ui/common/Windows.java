package dev.lanescope.ui.common;

import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Screen;

/** Window sizing shared by every lanescope window. */
public final class Windows {

    private Windows() {
    }

    /**
     * A scene of the preferred size, shrunk to the primary screen's usable area: on a small laptop
     * screen (or the 1280x800 headless screen of the tests) no window opens wider or taller than the
     * screen, which would put its controls out of reach.
     */
    public static Scene sceneFittingScreen(Parent root, double preferredWidth, double preferredHeight) {
        Rectangle2D usable = Screen.getPrimary().getVisualBounds();
        return new Scene(root, Math.min(preferredWidth, usable.getWidth()), Math.min(preferredHeight, usable.getHeight()));
    }
}
