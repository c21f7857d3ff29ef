package dev.lanescope.probe;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a probe binary as an argument list with a time limit. stdout and stderr are drained on their own threads;
 * each stdout line is parsed as it arrives and handed to the listener (on the reader thread: a UI must batch before
 * touching its widgets). Results are kept whatever happens: a crash (non-zero exit, stderr kept), the time limit
 * (killed) and a cancel (killed) all return what arrived before.
 */
public final class ProbeRunner {

    private static final System.Logger LOG = System.getLogger(ProbeRunner.class.getName());

    /** Receives every event on the stdout reader thread, in order. */
    @FunctionalInterface
    public interface Listener {
        void onEvent(ProbeEvent event);
    }

    /** Most stderr kept (the end of it; a probe's own message is at the end). */
    static final int STDERR_KEEP = 64 * 1024;

    private ProbeRunner() {
    }

    /** The probe's arguments: {@code --gpu N [--sizes LIST] [--quick]}. */
    public static List<String> arguments(Path binary, int gpu, String sizes, boolean quick, List<String> extra) {
        List<String> cmd = new ArrayList<>();
        cmd.add(binary.toString());
        cmd.add("--gpu");
        cmd.add(Integer.toString(gpu));
        if (sizes != null && !sizes.isBlank()) {
            cmd.add("--sizes");
            cmd.add(sizes);
        }
        if (quick) cmd.add("--quick");
        if (extra != null) cmd.addAll(extra);
        return cmd;
    }

    /** Starts the probe; the returned handle cancels and awaits it. Never throws: a failed start is a result. */
    public static Running start(List<String> command, Map<String, String> env, Duration timeout, Listener listener) {
        return new Running(List.copyOf(command), env == null ? Map.of() : env, timeout,
                listener == null ? e -> { } : listener);
    }

    /** Runs to the end (or the limit) and returns the run. */
    public static ProbeRun run(List<String> command, Map<String, String> env, Duration timeout, Listener listener) {
        return start(command, env, timeout, listener).await();
    }

    /** A probe in flight. */
    public static final class Running {
        private final List<String> command;
        private final Listener listener;
        private final CompletableFuture<ProbeRun> done = new CompletableFuture<>();
        private final AtomicBoolean cancelled = new AtomicBoolean();
        private final CountDownLatch cancelSignal = new CountDownLatch(1);
        private final List<ProbeResult> results = new ArrayList<>();
        private final List<ProbeEvent.Other> other = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private final List<String> unparsed = new ArrayList<>();
        private final StringBuilder stderr = new StringBuilder();
        private volatile ProbeEvent.Start startLine;
        private volatile ProbeEvent.End endLine;
        private final long t0 = System.nanoTime();
        private Process process;

        Running(List<String> command, Map<String, String> env, Duration timeout, Listener listener) {
            this.command = command;
            this.listener = listener;
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.environment().putAll(env);
            try {
                process = pb.start();
            } catch (IOException e) {
                done.complete(build(ProbeRun.Status.NOT_STARTED, -1, e.getMessage()));
                return;
            }
            try {
                process.getOutputStream().close();
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "could not close the probe's input (it reads none)", e);
            }
            Thread out = daemon(() -> readStdout(process.getInputStream()), "probe-stdout");
            Thread err = daemon(() -> readStderr(process.getErrorStream()), "probe-stderr");
            daemon(() -> supervise(timeout, out, err), "probe-supervisor");
        }

        private void supervise(Duration timeout, Thread out, Thread err) {
            ProbeRun.Status status;
            try {
                long deadline = System.nanoTime() + timeout.toNanos();
                boolean exited = false;
                while (!exited && !cancelled.get()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) break;
                    exited = process.waitFor(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS);
                }
                if (exited) {
                    status = null;
                } else if (cancelled.get()) {
                    Commands.kill(process);
                    status = ProbeRun.Status.CANCELLED;
                } else {
                    Commands.kill(process);
                    status = ProbeRun.Status.TIMED_OUT;
                }
                out.join(5000);
                err.join(5000);
            } catch (InterruptedException e) {
                Commands.kill(process);
                status = ProbeRun.Status.CANCELLED;
                Thread.currentThread().interrupt();
            }
            int code = process.isAlive() ? -1 : process.exitValue();
            if (status == null) {
                status = code == 0 && endLine != null && endLine.ok() ? ProbeRun.Status.COMPLETED : ProbeRun.Status.FAILED;
                if (code == 0 && endLine == null) {
                    note("the probe exited 0 without its end line: the output is incomplete");
                }
            } else if (status == ProbeRun.Status.TIMED_OUT) {
                note("killed after " + timeout.toSeconds() + " s (its time limit); " + results.size()
                        + " results kept");
            } else {
                note("cancelled; " + results.size() + " results kept");
            }
            done.complete(build(status, code, null));
        }

        private void note(String text) {
            synchronized (this) {
                notes.add(text);
            }
            safe(new ProbeEvent.Note(text));
        }

        private void readStdout(InputStream in) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.isBlank()) continue;
                    ProbeEvent e = ProbeEvent.parse(line);
                    synchronized (this) {
                        if (e instanceof ProbeEvent.Result res) results.add(res.result());
                        else if (e instanceof ProbeEvent.Start s) startLine = s;
                        else if (e instanceof ProbeEvent.End en) endLine = en;
                        else if (e instanceof ProbeEvent.Other o) other.add(o);
                        else if (e instanceof ProbeEvent.Note n) {
                            notes.add(n.text());
                            unparsed.add(line);
                        }
                    }
                    safe(e);
                }
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "the probe's output ended early (killed): keeping what arrived", e);
            }
        }

        private void readStderr(InputStream in) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                char[] b = new char[4096];
                int n;
                while ((n = r.read(b)) >= 0) {
                    synchronized (stderr) {
                        stderr.append(b, 0, n);
                        if (stderr.length() > 2 * STDERR_KEEP) stderr.delete(0, stderr.length() - STDERR_KEEP);
                    }
                }
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "the probe's error output ended early (killed)", e);
            }
        }

        private void safe(ProbeEvent e) {
            try {
                listener.onEvent(e);
            } catch (RuntimeException ex) {
                synchronized (this) {
                    notes.add("listener failed on " + e.getClass().getSimpleName() + ": " + ex);
                }
            }
        }

        private synchronized ProbeRun build(ProbeRun.Status status, int code, String startError) {
            String err;
            synchronized (stderr) {
                err = stderr.length() > STDERR_KEEP ? stderr.substring(stderr.length() - STDERR_KEEP) : stderr.toString();
            }
            return new ProbeRun(command, status, code, startLine, endLine, results, other, notes, unparsed, err,
                    Duration.ofNanos(System.nanoTime() - t0), startError);
        }

        /** Asks the probe to stop: destroy, then destroyForcibly after a second. Partial results are kept. */
        public void cancel() {
            if (cancelled.compareAndSet(false, true)) cancelSignal.countDown();
        }

        public boolean isDone() {
            return done.isDone();
        }

        /** Blocks until the run has ended (the time limit applies) and returns it. */
        public ProbeRun await() {
            try {
                return done.get();
            } catch (InterruptedException e) {
                cancel();
                Thread.currentThread().interrupt();
                return done.join();
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }

        public CompletableFuture<ProbeRun> future() {
            return done;
        }

        /** The results so far (a copy). */
        public synchronized List<ProbeResult> resultsSoFar() {
            return List.copyOf(results);
        }

        public List<String> command() {
            return command;
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
