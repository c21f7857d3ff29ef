package dev.lanescope.ui;

import javafx.application.Application;

/**
 * Plain entry point (not an {@link Application}, so a fat jar starts without the module path).
 * {@code mvn -q javafx:run} runs it; arguments through {@code -Dlanescope.args="..."}. See {@link StartupOptions}.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        System.setProperty("lanescope.launched", String.valueOf(System.nanoTime()));
        try {
            StartupOptions.parse(java.util.List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("lanescope: " + e.getMessage());
            System.exit(2);
        }
        Application.launch(LanescopeApp.class, args);
    }
}
