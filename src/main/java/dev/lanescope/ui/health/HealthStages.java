package dev.lanescope.ui.health;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import javafx.geometry.Insets;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import dev.lanescope.ui.common.Windows;

/** What the Watch and History windows share: controls on top, scrolling rows below, the palette, a worker. */
final class HealthStages {

    private HealthStages() {
    }

    /**
     * Fills {@code stage}: {@code top} above {@code rows} in a scroll pane, owned by {@code owner}, with the main
     * window's stylesheets (its rules and palette, light or dark) and this package's own.
     */
    static void fill(Stage stage, Window owner, List<String> stylesheets, String title, VBox top, Region rows,
                     double width, double height) {
        top.setPadding(new Insets(10, 12, 6, 12));
        ScrollPane scroll = new ScrollPane(rows);
        scroll.setFitToWidth(true);
        BorderPane root = new BorderPane(scroll, top, null, null, null);
        root.getStyleClass().add("health");
        root.getStylesheets().setAll(stylesheets);
        root.getStylesheets().add(stylesheet());
        if (owner != null) stage.initOwner(owner);
        stage.setTitle(title);
        stage.setScene(Windows.sceneFittingScreen(root, width, height));
    }

    static String stylesheet() {
        java.net.URL u = HealthStages.class.getResource("/css/health.css");
        if (u == null) throw new IllegalStateException("missing stylesheet css/health.css");
        return u.toExternalForm();
    }

    /** A window's own background thread (a long watch must not hold the shared worker). */
    static ExecutorService worker(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }
}
