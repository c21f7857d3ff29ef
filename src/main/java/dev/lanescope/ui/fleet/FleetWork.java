package dev.lanescope.ui.fleet;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import javafx.concurrent.Task;

/**
 * The fleet views' own worker threads: a scan or an ssh collection can run for minutes, so they must not queue
 * behind (or block) the main window's single loader thread.
 */
final class FleetWork {

    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "lanescope-fleet");
        t.setDaemon(true);
        return t;
    });

    private FleetWork() {
    }

    static <T> Task<T> start(Task<T> task) {
        POOL.execute(task);
        return task;
    }
}
