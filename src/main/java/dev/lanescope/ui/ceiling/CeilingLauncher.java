package dev.lanescope.ui.ceiling;

import javafx.application.Application;
import javafx.stage.Stage;

import dev.lanescope.ui.LanescopeApp;

/**
 * Starts the explorer window with the "Does the link matter?" window open on top, following the main window's
 * selected card. Takes the same arguments as {@link dev.lanescope.ui.Launcher} (paths, {@code --select BDF}, ...),
 * e.g. {@code java -cp ... dev.lanescope.ui.ceiling.CeilingLauncher --select 0000:01:00.0}.
 */
public final class CeilingLauncher {

    private CeilingLauncher() {
    }

    /** The explorer plus the ceiling window. */
    public static final class App extends LanescopeApp {
        @Override
        public void start(Stage stage) {
            super.start(stage);
            CeilingWindow.open(stage, viewModel());
        }
    }

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }
}
