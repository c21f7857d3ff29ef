package dev.lanescope.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Collects probe events from the reader thread and hands them on in batches, at most one batch per period, so a
 * window can publish with one {@code Platform.runLater} per batch instead of one per line. {@link #close()} flushes
 * what is left.
 */
public final class EventBatcher implements ProbeRunner.Listener, AutoCloseable {

    private final ConcurrentLinkedQueue<ProbeEvent> queue = new ConcurrentLinkedQueue<>();
    private final Consumer<List<ProbeEvent>> sink;
    private final ScheduledExecutorService timer;

    public EventBatcher(long periodMs, Consumer<List<ProbeEvent>> sink) {
        this.sink = sink;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "probe-event-batcher");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::flush, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    @Override
    public void onEvent(ProbeEvent event) {
        queue.add(event);
    }

    /** Hands on everything queued so far as one batch (nothing when empty). */
    public synchronized void flush() {
        List<ProbeEvent> batch = new ArrayList<>();
        ProbeEvent e;
        while ((e = queue.poll()) != null) batch.add(e);
        if (!batch.isEmpty()) sink.accept(List.copyOf(batch));
    }

    @Override
    public void close() {
        timer.shutdownNow();
        flush();
    }
}
