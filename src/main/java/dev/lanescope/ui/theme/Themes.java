package dev.lanescope.ui.theme;

import java.net.URL;

import javafx.beans.value.ObservableValue;
import javafx.scene.Parent;

import dev.lanescope.ui.session.Theme;

/** One rule file ({@code css/base.css}) plus one palette file per theme, applied to a root. */
public final class Themes {

    private Themes() {
    }

    public static void apply(Parent root, Theme theme) {
        root.getStylesheets().setAll(url("css/base.css"),
                url(theme == Theme.DARK ? "css/palette-dark.css" : "css/palette-light.css"));
    }

    /**
     * Styles {@code root} with the theme {@code theme} holds (light when it is null) plus a view's own rule files
     * (paths on the class path, such as {@code css/probe.css}), and again whenever the theme changes.
     */
    public static void follow(Parent root, ObservableValue<Theme> theme, String... ownRules) {
        Runnable style = () -> {
            apply(root, theme == null ? Theme.LIGHT : theme.getValue());
            for (String path : ownRules) root.getStylesheets().add(url(path));
        };
        style.run();
        if (theme != null) theme.addListener((o, a, b) -> style.run());
    }

    /** The URL of a rule file on the class path; a missing file is a packaging fault and says which. */
    public static String url(String path) {
        URL u = Themes.class.getResource("/" + path);
        if (u == null) throw new IllegalStateException("missing stylesheet " + path + " on the classpath");
        return u.toExternalForm();
    }
}
