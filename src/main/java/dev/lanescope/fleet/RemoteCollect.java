package dev.lanescope.fleet;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Runs {@code collect.sh} on a remote box over the user's own ssh and streams the bundle back:
 * {@code ssh -o BatchMode=yes -o ConnectTimeout=15 -- HOST [sudo -n] sh -s -- -o - < collect.sh > bundle}.
 * An argument list, never a local shell; BatchMode so ssh never prompts (keys or an agent only, nothing stored);
 * {@code sudo -n} so a password prompt fails instead of hanging; a wall-clock timeout kills a stuck run.
 */
public final class RemoteCollect {

    private static final System.Logger LOG = System.getLogger(RemoteCollect.class.getName());

    /** What went wrong, in a sentence the user can act on. */
    public static final class Failure extends Exception {
        public Failure(String message) {
            super(message);
        }
    }

    /** user@host, host, host:port-less forms; no leading dash (it would be an ssh option), no spaces or quotes. */
    private static final Pattern HOST = Pattern.compile("^(?:[A-Za-z0-9._+-]+@)?[A-Za-z0-9._:\\[\\]-]+$");
    static final String SCRIPT_RESOURCE = "collect.sh";
    private static final int STDERR_KEEP = 8192;

    private RemoteCollect() {
    }

    /** The ssh argument list. */
    public static List<String> command(String ssh, String host, boolean sudo, int connectTimeoutSeconds) throws Failure {
        if (host == null || host.isEmpty() || host.startsWith("-") || !HOST.matcher(host).matches()) {
            throw new Failure("'" + host + "' is not a host name ssh can take (user@host or host; no spaces,"
                    + " no leading '-')");
        }
        List<String> cmd = new ArrayList<>(List.of(ssh, "-o", "BatchMode=yes", "-o",
                "ConnectTimeout=" + connectTimeoutSeconds, "--", host));
        if (sudo) cmd.addAll(List.of("sudo", "-n"));
        cmd.addAll(List.of("sh", "-s", "--", "-o", "-"));
        return cmd;
    }

    /** The default local name: {@code lanescope-<host>-<UTC time>.tar.gz} with the host made file-safe. */
    public static String defaultName(String host, ZonedDateTime now) {
        String safe = host.replaceAll("[^A-Za-z0-9._-]", "_");
        return "lanescope-" + safe + "-" + now.withZoneSameInstant(ZoneOffset.UTC)
                .format(DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")) + ".tar.gz";
    }

    /** The collector script: the jar's copy, else {@code native-probes/collect.sh} of a source checkout. */
    public static byte[] script() throws Failure {
        try (InputStream in = RemoteCollect.class.getResourceAsStream(SCRIPT_RESOURCE)) {
            if (in != null) return in.readAllBytes();
            Path local = Path.of("native-probes", "collect.sh");
            if (Files.isRegularFile(local)) return Files.readAllBytes(local);
        } catch (IOException e) {
            throw new Failure("cannot read the collector script: " + e.getMessage());
        }
        throw new Failure("the collector script is missing from this build (native-probes/collect.sh)");
    }

    /**
     * Runs the command with the script on its stdin and its stdout into {@code out}; returns out. On failure the
     * partial file is removed and the message says what happened.
     */
    public static Path run(List<String> command, byte[] script, Path out, long timeoutSeconds) throws Failure {
        return run(command, script, out, timeoutSeconds, null);
    }

    /** As above; each line the remote side writes to stderr (the collector's notes, ssh's warnings) goes to {@code lines}. */
    public static Path run(List<String> command, byte[] script, Path out, long timeoutSeconds,
                           java.util.function.Consumer<String> lines) throws Failure {
        String host = command.get(command.indexOf("--") + 1);
        Process p;
        try {
            p = new ProcessBuilder(command).redirectOutput(out.toFile()).start();
        } catch (IOException e) {
            deleteQuietly(out);
            throw new Failure(command.get(0) + " could not be started (" + e.getMessage() + "); install the OpenSSH"
                    + " client or put ssh on PATH");
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errReader = new Thread(() -> drain(p.getErrorStream(), err, lines), "ssh-stderr");
        errReader.setDaemon(true);
        errReader.start();
        Thread writer = new Thread(() -> {
            try (OutputStream stdin = p.getOutputStream()) {
                stdin.write(script);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "the remote side went away; its exit status tells why", e);
            }
        }, "ssh-stdin");
        writer.setDaemon(true);
        writer.start();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
                deleteQuietly(out);
                throw new Failure("the collector on " + host + " did not finish within " + timeoutSeconds
                        + " s; stopped (raise --timeout for a slow box)");
            }
            errReader.join(2000);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            deleteQuietly(out);
            Thread.currentThread().interrupt();
            throw new Failure("interrupted");
        }
        String stderr;
        synchronized (err) {
            stderr = err.toString(StandardCharsets.UTF_8).strip();
        }
        int rc = p.exitValue();
        if (rc != 0) {
            deleteQuietly(out);
            throw failure(host, rc, stderr);
        }
        checkGzip(out, host);
        return out;
    }

    /** Why the remote side failed, in words from its exit status and last stderr line. */
    private static Failure failure(String host, int rc, String stderr) {
        String said = stderr.isEmpty() ? "" : ": " + lastLine(stderr);
        if (rc == 255) {
            return new Failure("could not reach " + host + " over ssh (exit 255" + said + "); check the name, the"
                    + " network and that key login works (ssh " + host + " true)");
        }
        if (rc == 127 && said.contains("sudo")) {
            return new Failure("sudo is not installed on " + host + " (exit 127" + said + "); run without --sudo"
                    + " (the collector still reads the tree and the link files, and says what root would add), or"
                    + " log in as root");
        }
        if (said.contains("password") || said.contains("sudo")) {
            return new Failure("sudo on " + host + " wants a password (exit " + rc + said + "); allow"
                    + " passwordless sudo for the collector or run without --sudo");
        }
        return new Failure("the collector on " + host + " failed (exit " + rc + said + ")");
    }

    /** What came back must start as a gzip stream does; otherwise it is deleted and refused. */
    private static void checkGzip(Path out, String host) throws Failure {
        try {
            byte[] head = new byte[2];
            try (InputStream in = Files.newInputStream(out)) {
                if (in.readNBytes(head, 0, 2) < 2 || (head[0] & 0xff) != 0x1f || (head[1] & 0xff) != 0x8b) {
                    deleteQuietly(out);
                    throw new Failure("what came back from " + host + " is not a gzip bundle (does the remote"
                            + " shell print a banner on non-interactive logins?)");
                }
            }
        } catch (IOException e) {
            throw new Failure("cannot read the bundle " + out + ": " + e.getMessage());
        }
    }

    private static void drain(InputStream in, ByteArrayOutputStream keep, java.util.function.Consumer<String> lines) {
        byte[] buf = new byte[4096];
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int r;
        try {
            while ((r = in.read(buf)) > 0) {
                synchronized (keep) {
                    if (keep.size() < STDERR_KEEP) keep.write(buf, 0, Math.min(r, STDERR_KEEP - keep.size()));
                }
                if (lines == null) continue;
                for (int i = 0; i < r; i++) {
                    if (buf[i] == '\n') {
                        emit(line, lines);
                    } else if (line.size() < 1000) {
                        line.write(buf[i]);
                    }
                }
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "the collector's output closed: the process ended", e);
        }
        if (lines != null) emit(line, lines);
    }

    private static void emit(ByteArrayOutputStream line, java.util.function.Consumer<String> lines) {
        String s = line.toString(StandardCharsets.UTF_8).strip();
        line.reset();
        if (!s.isEmpty()) lines.accept(s);
    }

    private static String lastLine(String s) {
        String[] lines = s.split("\\R");
        return lines[lines.length - 1].strip();
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, (java.util.function.Supplier<String>) () -> "could not delete " + p, e);
        }
    }
}
