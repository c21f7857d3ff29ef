package dev.lanescope.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads this machine now: {@code lspci -tv}, {@code lspci -vv} (through a {@link Commands.Runner}: argument lists,
 * a timeout each, both streams drained, killed on timeout) and the sysfs link files, into a new folder that the
 * loader then opens. The folder is kept (by default under {@code ~/.local/share/lanescope/live-captures}, named by
 * host and UTC time, with {@code hostname}, {@code boot_id}, {@code kernel} and {@code date} beside the lspci output
 * as collect.sh writes them), so a read made before a reboot can be reopened and compared with one made after.
 */
public final class LiveCapture {

    private static final System.Logger LOG = System.getLogger(LiveCapture.class.getName());

    /** The folder written (null when lspci could not be started) and what happened, for the status line. */
    public record Result(Path folder, List<Commands.Outcome> runs, boolean root, List<String> notes) {

        /**
         * Why lspci could not be run at all (not installed, not on the PATH, not executable), in words for the
         * user; null when it ran (even when it then failed: those are {@link #notes}).
         */
        public String cannotRun() {
            Commands.Outcome failed = runs.stream().filter(r -> r.startError() != null).findFirst().orElse(null);
            if (failed == null) return null;
            String program = failed.command().get(0);
            if (failed.startError().contains("error=2,") || failed.startError().contains("No such file")) {
                return program + " is not installed on this machine (it is not on the PATH), so nothing was read. It "
                        + "comes with pciutils: install that (for example  sudo apt install pciutils  or  sudo dnf "
                        + "install pciutils) and read again.";
            }
            return program + " could not be started, so nothing was read: " + failed.startError();
        }
    }

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    private final Commands.Runner runner;
    private final Path sysfs;
    private final Path captures;

    /**
     * Runs lspci through {@code runner}, reads the link files under {@code sysfs} (/sys/bus/pci/devices) and writes
     * each read into a new folder under {@code captures}.
     */
    public LiveCapture(Commands.Runner runner, Path sysfs, Path captures) {
        this.runner = runner;
        this.sysfs = sysfs;
        this.captures = captures;
    }

    /** This machine's lspci and sysfs, kept under {@link #defaultFolder()}. */
    public static LiveCapture system() {
        return new LiveCapture(Commands.SYSTEM, Path.of("/sys/bus/pci/devices"), defaultFolder());
    }

    /** {@code $XDG_DATA_HOME/lanescope/live-captures}, else {@code ~/.local/share/lanescope/live-captures}. */
    public static Path defaultFolder() {
        String xdg = System.getenv("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".local", "share");
        return base.resolve("lanescope").resolve("live-captures");
    }

    /**
     * Captures into a new folder (host and UTC time in its name); when lspci cannot be started at all, writes nothing
     * and returns a result without a folder ({@link Result#cannotRun} says why).
     */
    public Result capture() throws IOException {
        List<Commands.Outcome> runs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Commands.Outcome tv = runner.run(List.of("lspci", "-tv"), TIMEOUT);
        runs.add(tv);
        if (tv.startError() != null) return new Result(null, runs, false, List.of(tv.why()));
        Instant now = Instant.now();
        String host = HostFacts.system().hostName();
        Path dir = newFolder(host.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + STAMP.format(now));
        write(dir.resolve("tv.txt"), tv, notes);
        Commands.Outcome vv = runner.run(List.of("lspci", "-vv"), TIMEOUT);
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
                            LOG.log(System.Logger.Level.DEBUG,
                                    "some devices refuse the read (link down, powered off): skip the attribute", e);
                        }
                    }
                }
            }
        }
        if (links.length() > 0) Files.writeString(dir.resolve("sysfs-links.txt"), links.toString(), StandardCharsets.UTF_8);
        else notes.add("no sysfs link files readable under " + sysfs);
        // one-line files named as collect.sh names them, so the loader reads host, boot and time the same way
        Files.writeString(dir.resolve("hostname"), host + "\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("date"), now + "\n", StandardCharsets.UTF_8);
        copyLine(Path.of("/proc/sys/kernel/random/boot_id"), dir.resolve("boot_id"));
        copyLine(Path.of("/proc/sys/kernel/osrelease"), dir.resolve("kernel"));
        boolean root = vv.ok() && !vv.stdout().contains("<access denied>");
        return new Result(dir, runs, root, notes);
    }

    /** A new folder under the captures folder; a second read in the same second gets a "-2" suffix, and so on. */
    private Path newFolder(String name) throws IOException {
        Files.createDirectories(captures);
        for (int i = 1; ; i++) {
            try {
                return Files.createDirectory(captures.resolve(i == 1 ? name : name + "-" + i));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (i > 1000) throw e;
            }
        }
    }

    private static void copyLine(Path from, Path to) {
        try {
            if (Files.isReadable(from)) Files.writeString(to, Files.readString(from, StandardCharsets.UTF_8).strip() + "\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "not Linux, or hidden: the capture is still whole without it", e);
        }
    }

    private static void write(Path file, Commands.Outcome r, List<String> notes) throws IOException {
        if (r.startError() != null) notes.add(r.why());
        else if (r.timedOut()) notes.add(String.join(" ", r.command()) + " did not finish in " + TIMEOUT.toSeconds() + " s");
        else if (r.exitCode() != 0) notes.add(String.join(" ", r.command()) + " failed (" + r.exitCode() + "): "
                + r.stderr().strip().lines().findFirst().orElse("no message")); // the first line, not a usage page
        if (!r.stdout().isEmpty()) Files.writeString(file, r.stdout(), StandardCharsets.UTF_8);
    }

}
