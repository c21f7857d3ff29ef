package dev.lanescope.ui.health;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.lanescope.model.WatchRecord;
import dev.lanescope.parse.WatchRecordParser;
import dev.lanescope.probe.Commands;
import dev.lanescope.probe.SysfsSource;
import dev.lanescope.probe.WatchSampler;

/**
 * A watch of this machine for the window: the sampler {@code lanescope watch} uses ({@link WatchSampler}, read-only:
 * it starts nothing), run on the caller's thread, handing the watch so far to a listener after every sample, and
 * stoppable from another thread. No toolkit here: the window runs it off the FX thread and publishes.
 */
public final class LiveWatch {

    private final SysfsSource sysfs;
    private final Commands.Runner runner;
    private final String host;
    private final CountDownLatch stop = new CountDownLatch(1);

    public LiveWatch(SysfsSource sysfs, Commands.Runner runner, String host) {
        this.sysfs = sysfs;
        this.runner = runner;
        this.host = host;
    }

    /** This machine's sysfs and nvidia-smi. */
    public static LiveWatch system() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = null;
        }
        return new LiveWatch(SysfsSource.system(), Commands.SYSTEM, host);
    }

    /**
     * Samples every {@code interval} seconds for {@code seconds} (or until {@link #stop()}), calling {@code each} with
     * the watch so far after every sample; returns the whole watch in the text form {@code watch.txt} holds.
     */
    public String run(double seconds, double interval, Consumer<WatchRecord> each) throws IOException {
        StringBuilder text = new StringBuilder();
        WatchSampler.Clock clock = new WatchSampler.Clock() {
            @Override
            public Instant now() {
                return Instant.now();
            }

            @Override
            public void sleepUntil(Instant t) throws InterruptedException {
                if (text.indexOf("\n@ ") >= 0) each.accept(soFar(text)); // the sample before this wait is complete
                long ms = Duration.between(Instant.now(), t).toMillis();
                if (stop.getCount() == 0 || ms > 0 && stop.await(ms, TimeUnit.MILLISECONDS)) {
                    throw new InterruptedException("stopped");
                }
            }
        };
        try {
            new WatchSampler(sysfs, runner, clock).run(host, seconds, interval, text);
        } catch (InterruptedException stopped) {
            text.append("# ended: ").append(Instant.now()).append(" (stopped)\n");
        }
        each.accept(soFar(text));
        return text.toString();
    }

    private final List<WatchRecord.Sample> samples = new ArrayList<>();
    private int readUpTo;

    /**
     * The watch so far, reading only the samples written since the last call (with the header before them): a long
     * watch costs the same per sample at its end as at its start.
     */
    private WatchRecord soFar(StringBuilder text) {
        int first = text.indexOf("\n@ ");
        if (first < 0) return parse(text);
        String header = text.substring(0, first + 1);
        if (readUpTo == 0) readUpTo = first + 1;
        WatchRecord fresh = parse(header + text.substring(readUpTo));
        readUpTo = text.length();
        samples.addAll(fresh.samples());
        return new WatchRecord(fresh.host(), fresh.bootId(), fresh.intervalSeconds(),
                samples.isEmpty() ? null : samples.get(0).at(), fresh.devices(), samples, fresh.source());
    }

    /** Ends the watch at its next wait; the samples taken so far are kept. */
    public void stop() {
        stop.countDown();
    }

    static WatchRecord parse(CharSequence text) {
        return WatchRecordParser.parse("this machine's watch", text.toString().lines().toList()).value();
    }
}
