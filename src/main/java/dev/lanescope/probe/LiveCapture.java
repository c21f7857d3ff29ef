package dev.lanescope.probe;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Reads this machine now: {@code lspci -tv}, {@code lspci -vv} (argument lists, a timeout each, both streams
 * drained, force-killed on timeout) and the sysfs link files, into a new folder that the loader then opens.
 */
public final class LiveCapture {

    /** What one command did. */
    public record Run(List<String> command, int exitCode, String stdout, String stderr, boolean timedOut) {
    }

    /** The folder written and what happened, for the status line and the banner. */
    public record Result(Path folder, List<Run> runs, boolean root, List<String> notes) {
    }

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private LiveCapture() {
    }

    /** Captures into a fresh temporary folder. */
    public static Result capture() throws IOException {
        Path dir = Files.createTempDirectory("lanescope-live-");
        return capture(dir, Path.of("/sys/bus/pci/devices"));
    }

    static Result capture(Path dir, Path sysfs) throws IOException {
        List<Run> runs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Run tv = run(List.of("lspci", "-tv"), TIMEOUT);
        runs.add(tv);
        write(dir.resolve("tv.txt"), tv, notes);
        Run vv = run(List.of("lspci", "-vv"), TIMEOUT);
        runs.add(vv);
        write(dir.resolve("vv.txt"), vv, notes);
        StringBuilder links = new StringBuilder();
        if (Files.isDirectory(sysfs)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(sysfs)) {
                List<Path> devs = new ArrayList<>();
                ds.forEach(devs::add);
                devs.sort(null);
                for (Path d : devs) {
                    for (String attr : List.of("current_link_speed", "current_link_width", "max_link_speed", "max_link_width")) {
                        Path f = d.resolve(attr);
                        if (!Files.isReadable(f)) continue;
                        try {
                            String v = Files.readString(f, StandardCharsets.UTF_8).trim();
                            links.append(sysfs.resolve(d.getFileName())).append('/').append(attr).append(':').append(v).append('\n');
                        } catch (IOException e) {
                            // some devices refuse the read (link down, powered off): skip the attribute
                        }
                    }
                }
            }
        }
        if (links.length() > 0) Files.writeString(dir.resolve("sysfs-links.txt"), links.toString(), StandardCharsets.UTF_8);
        else notes.add("no sysfs link files readable under " + sysfs);
        Files.writeString(dir.resolve("metadata.txt"), "captured: " + Instant.now() + "\nhost: " + hostName() + "\n",
                StandardCharsets.UTF_8);
        boolean root = vv.exitCode() == 0 && !vv.stdout().contains("<access denied>");
        return new Result(dir, runs, root, notes);
    }

    private static void write(Path file, Run r, List<String> notes) throws IOException {
        if (r.timedOut()) notes.add(String.join(" ", r.command()) + " did not finish in " + TIMEOUT.toSeconds() + " s");
        else if (r.exitCode() != 0) notes.add(String.join(" ", r.command()) + " failed (" + r.exitCode() + "): " + r.stderr().trim());
        if (!r.stdout().isEmpty()) Files.writeString(file, r.stdout(), StandardCharsets.UTF_8);
    }

    /** Runs a command given as an argument list, draining both streams, killing it after the timeout. */
    public static Run run(List<String> command, Duration timeout) {
        ProcessBuilder pb = new ProcessBuilder(command);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Run(command, -1, "", "cannot start " + command.get(0) + ": " + e.getMessage(), false);
        }
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> drain(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
        boolean done;
        try {
            done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done = false;
        }
        if (!done) {
            p.destroyForcibly();
            return new Run(command, -1, out.getNow(""), err.getNow(""), true);
        }
        return new Run(command, p.exitValue(), out.join(), err.join(), false);
    }

    private static String drain(InputStream in) {
        try (in) {
            ByteArrayOutputStream bo = new ByteArrayOutputStream();
            in.transferTo(bo);
            return bo.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
