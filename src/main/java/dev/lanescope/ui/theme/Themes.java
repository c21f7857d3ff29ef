package dev.lanescope.ui.theme;

import java.net.URL;

import javafx.scene.Parent;

import dev.lanescope.ui.main.MainViewModel;

/** One rule file ({@code css/base.css}) plus one palette file per theme, applied to a root. */
public final class Themes {

    private Themes() {
    }

    public static void apply(Parent root, MainViewModel.Theme theme) {
        apply(root, theme == MainViewModel.Theme.DARK);
    }

    /** The light or the dark palette (for windows that only know which). */
    public static void apply(Parent root, boolean dark) {
        root.getStylesheets().setAll(url("css/base.css"), url(dark ? "css/palette-dark.css" : "css/palette-light.css"));
    }

    /** A stylesheet of {@code css/} ({@code health.css}), as a URL for {@code getStylesheets()}. */
    public static String stylesheet(String name) {
        return url("css/" + name);
    }

    private static String url(String path) {
        URL u = Themes.class.getResource("/" + path);
        if (u == null) throw new IllegalStateException("missing stylesheet " + path + " on the classpath");
        return u.toExternalForm();
    }
}
