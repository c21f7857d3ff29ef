package dev.lanescope.ui;

import javafx.application.Application;

/**
 * Plain entry point (not an {@link Application}, so a fat jar starts without the module path).
 * {@code mvn -q javafx:run} runs it; arguments through {@code -Dlanescope.args="..."}. See {@link StartupOptions}.
 */
public final class Launcher {

    private static final System.Logger LOG = System.getLogger(Launcher.class.getName());

    private Launcher() {
    }

    /**
     * Loads the layout engine's classes on a second core while JavaFX starts (ELK's first run costs most of a
     * second of class loading); the result is thrown away.
     */
    static void warmUp() {
        Thread t = new Thread(() -> {
            try {
                dev.lanescope.layout.ElkLayout.layout(new dev.lanescope.layout.LayoutGraph(
                        java.util.List.of(new dev.lanescope.layout.LayoutGraph.Box("a", 100, 40),
                                new dev.lanescope.layout.LayoutGraph.Box("b", 100, 40)),
                        java.util.List.of(new dev.lanescope.layout.LayoutGraph.Edge("a->b", "a", "b", 60, 14))));
            } catch (RuntimeException | LinkageError e) {
                LOG.log(System.Logger.Level.DEBUG, "only a warm-up: the real layout reports its own errors", e);
            }
        }, "lanescope-warm-up");
        t.setDaemon(true);
        t.start();
    }

    public static void main(String[] args) {
        System.setProperty("lanescope.launched", String.valueOf(System.nanoTime()));
        try {
            StartupOptions.parse(java.util.List.of(args));
        } catch (StartupOptions.BadArguments e) {
            if (e.help()) {
                System.out.println(e.getMessage());
                System.exit(0);
            }
            System.err.println("lanescope: " + e.getMessage());
            System.exit(2);
        }
        warmUp();
        Application.launch(LanescopeApp.class, args);
    }
}
