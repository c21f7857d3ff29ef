package dev.lanescope.ui.common;

import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

import javafx.concurrent.Task;

/** A small fluent helper over {@link Task}: work off the FX thread, results and errors back on it. */
public final class FxTasks {

    private static final ExecutorService WORKER = ownWorker("lanescope-worker");

    private FxTasks() {
    }

    /** A worker of a view's own (one daemon thread, named {@code name}): its tasks run in the order given. */
    public static ExecutorService ownWorker(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Work that reports progress through the given reporter. */
    public interface Work<T> {
        T call(Progress progress) throws Exception;
    }

    /** What a piece of work may report while it runs. */
    public interface Progress {
        void update(double fraction, String message);

        boolean cancelled();
    }

    /**
     * Where a view-model runs its work: {@link #BACKGROUND} in the window (a worker thread, results on the FX
     * thread), {@link #HERE} in a test without the toolkit (at once, on the caller's thread).
     */
    public interface Runner {
        void run(Builder<?> work);
    }

    /** On the shared worker thread; success, error and progress are reported on the FX thread. */
    public static final Runner BACKGROUND = Builder::start;

    /** At once on the calling thread, which then receives success or error (no toolkit needed). */
    public static final Runner HERE = Builder::runHere;

    public static <T> Builder<T> run(Work<T> work) {
        return new Builder<>(work);
    }

    public static <T> Builder<T> run(Callable<T> work) {
        return new Builder<>(p -> work.call());
    }

    public static final class Builder<T> {
        private final Work<T> work;
        private Consumer<T> onSuccess = v -> { };
        private Consumer<Throwable> onError = e -> { };
        private Consumer<String> onMessage;
        private DoubleConsumer onProgress;

        private Builder(Work<T> work) {
            this.work = work;
        }

        public Builder<T> onSuccess(Consumer<T> c) {
            this.onSuccess = c;
            return this;
        }

        public Builder<T> onError(Consumer<Throwable> c) {
            this.onError = c;
            return this;
        }

        /** Each non-empty progress message, on the FX thread. */
        public Builder<T> onMessage(Consumer<String> c) {
            this.onMessage = c;
            return this;
        }

        /** Each progress fraction (0 to 1), on the FX thread. */
        public Builder<T> onProgress(DoubleConsumer c) {
            this.onProgress = c;
            return this;
        }

        /** Runs the work now on this thread and reports to the success or error hook before returning. */
        public void runHere() {
            T value;
            try {
                value = work.call(new Progress() {
                    @Override
                    public void update(double fraction, String message) {
                        if (onProgress != null) onProgress.accept(fraction);
                        if (onMessage != null && message != null && !message.isEmpty()) onMessage.accept(message);
                    }

                    @Override
                    public boolean cancelled() {
                        return false;
                    }
                });
            } catch (Exception e) {
                onError.accept(e);
                return;
            }
            onSuccess.accept(value);
        }

        /** Starts on the shared worker thread and returns the task (bind its progress/message). */
        public Task<T> start() {
            return startOn(WORKER);
        }

        /** Starts on the given executor (a view's own worker, which keeps its tasks in order). */
        public Task<T> startOn(Executor executor) {
            Task<T> task = new Task<>() {
                @Override
                protected T call() throws Exception {
                    return work.call(new Progress() {
                        @Override
                        public void update(double fraction, String message) {
                            updateProgress(fraction, 1.0);
                            updateMessage(message);
                        }

                        @Override
                        public boolean cancelled() {
                            return isCancelled();
                        }
                    });
                }
            };
            task.setOnSucceeded(e -> onSuccess.accept(task.getValue()));
            task.setOnFailed(e -> onError.accept(task.getException()));
            if (onProgress != null) task.progressProperty().addListener((o, a, b) -> onProgress.accept(b.doubleValue()));
            if (onMessage != null) {
                task.messageProperty().addListener((o, a, b) -> {
                    if (b != null && !b.isEmpty()) onMessage.accept(b);
                });
            }
            executor.execute(task);
            return task;
        }
    }
}
