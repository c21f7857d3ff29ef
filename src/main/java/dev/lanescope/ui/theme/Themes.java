package dev.lanescope.ui.theme;

import java.net.URL;

import javafx.scene.Parent;

import dev.lanescope.ui.main.MainViewModel;

/** One rule file ({@code css/base.css}) plus one palette file per theme, applied to a root. */
public final class Themes {

    private Themes() {
    }

    public static void apply(Parent root, MainViewModel.Theme theme) {
        root.getStylesheets().setAll(url("css/base.css"),
                url(theme == MainViewModel.Theme.DARK ? "css/palette-dark.css" : "css/palette-light.css"));
    }

    private static String url(String path) {
        URL u = Themes.class.getResource("/" + path);
        if (u == null) throw new IllegalStateException("missing stylesheet " + path + " on the classpath");
        return u.toExternalForm();
    }
}
