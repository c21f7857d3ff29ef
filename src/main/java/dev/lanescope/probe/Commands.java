package dev.lanescope.probe;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs short external commands (nvidia-smi, fuser, compilers) as argument lists with a timeout, draining stdout and
 * stderr on their own threads so neither pipe can fill up and block the child. Never a shell string.
 */
public final class Commands {

    private static final System.Logger LOG = System.getLogger(Commands.class.getName());

    /** What a finished (or killed) command left behind. exitCode is -1 when it did not start or was killed. */
    public record Outcome(List<String> command, int exitCode, String stdout, String stderr, boolean timedOut,
                          String startError) {
        public boolean ok() {
            return startError == null && !timedOut && exitCode == 0;
        }

        /** "nvcc: No such file or directory" or "timed out after 30 s" or "exit 2". */
        public String why() {
            if (startError != null) return "could not start " + command.get(0) + ": " + startError;
            if (timedOut) return command.get(0) + " timed out and was killed";
            return command.get(0) + " exited " + exitCode;
        }
    }

    /** Runs commands; tests replace it with recorded output. */
    @FunctionalInterface
    public interface Runner {
        Outcome run(List<String> command, Map<String, String> extraEnv, Path workDir, Duration timeout);

        default Outcome run(List<String> command, Duration timeout) {
            return run(command, Map.of(), null, timeout);
        }
    }

    /** The real runner: {@link ProcessBuilder}, both pipes drained, destroyed on timeout. */
    public static final Runner SYSTEM = Commands::exec;

    private Commands() {
    }

    public static Outcome exec(List<String> command, Map<String, String> extraEnv, Path workDir, Duration timeout) {
        ProcessBuilder pb = new ProcessBuilder(command);
        if (extraEnv != null) pb.environment().putAll(extraEnv);
        if (workDir != null) pb.directory(workDir.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Outcome(List.copyOf(command), -1, "", "", false, e.getMessage());
        }
        try {
            p.getOutputStream().close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not close the command's input (it reads none)", e);
        }
        Drain out = new Drain(p.getInputStream(), "out-" + command.get(0));
        Drain err = new Drain(p.getErrorStream(), "err-" + command.get(0));
        boolean timedOut = false;
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                timedOut = true;
                kill(p);
            }
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            timedOut = true;
        }
        String o = out.text();
        String e = err.text();
        return new Outcome(List.copyOf(command), timedOut ? -1 : p.exitValue(), o, e, timedOut, null);
    }

    /** destroy, give it a second, then destroyForcibly (children of the process included). */
    static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(1, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Reads a stream to its end on a daemon thread. */
    static final class Drain {
        private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
        private final Thread thread;

        Drain(InputStream in, String name) {
            thread = new Thread(() -> {
                byte[] b = new byte[8192];
                try (in) {
                    int n;
                    while ((n = in.read(b)) >= 0) {
                        synchronized (buf) {
                            buf.write(b, 0, n);
                        }
                    }
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.DEBUG, "the process went away; keep what was read", e);
                }
            }, "drain-" + name);
            thread.setDaemon(true);
            thread.start();
        }

        String text() {
            try {
                thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (buf) {
                return buf.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
