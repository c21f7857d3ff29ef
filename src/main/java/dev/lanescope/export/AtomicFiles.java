package dev.lanescope.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes a file atomically: a temporary file in the target's own folder, then a rename over the target. One
 * policy for every format: the file gets the mode any new file gets (the user's umask), and the temporary file
 * has a name the next write recognises ({@code .NAME.PID.lanescope-tmp}): one left by a killed export (its
 * process gone) is removed before the next export of the same target. A process ended by a signal (Ctrl+C,
 * SIGTERM) removes the temporary files it was still writing as it exits, so a stopped export leaves the old file
 * or none, never a half-written one.
 */
public final class AtomicFiles {

    private static final System.Logger LOG = System.getLogger(AtomicFiles.class.getName());

    static final String TMP_SUFFIX = ".lanescope-tmp";

    /** Temporary files being written now; removed by the shutdown hook when the process is stopped. */
    private static final Set<Path> WRITING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(AtomicFiles::removeUnfinished, "lanescope-unfinished-files"));
    }

    /** Writes the bytes. */
    public interface Body {
        void writeTo(Path tmp) throws IOException;
    }

    private AtomicFiles() {
    }

    public static Path write(Path target, Body body) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        removeLeftovers(dir, abs.getFileName().toString());
        Path tmp = dir.resolve("." + abs.getFileName() + "." + ProcessHandle.current().pid() + TMP_SUFFIX);
        Files.deleteIfExists(tmp);
        WRITING.add(tmp);
        try {
            // created as any new file is (mode 0666 less the umask), not 0600 as a temporary file would be
            Files.createFile(tmp);
            body.writeTo(tmp);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            return abs;
        } finally {
            Files.deleteIfExists(tmp);
            WRITING.remove(tmp);
        }
    }

    private static void removeUnfinished() {
        for (Path tmp : WRITING) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException | RuntimeException e) {
                // the next export of the same target removes it (removeLeftovers)
            }
        }
    }

    public static Path writeString(Path target, String text) throws IOException {
        return write(target, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }

    /** Deletes {@code .NAME.PID.lanescope-tmp} files of this target whose writing process is gone. */
    static void removeLeftovers(Path dir, String name) {
        String prefix = "." + name + ".";
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, glob(prefix) + "*" + TMP_SUFFIX)) {
            for (Path p : s) {
                String f = p.getFileName().toString();
                String pid = f.substring(prefix.length(), f.length() - TMP_SUFFIX.length());
                if (!pid.chars().allMatch(Character::isDigit) || pid.isEmpty() || pid.length() > 18) continue;
                boolean alive = ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
                if (!alive && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) Files.deleteIfExists(p);
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG,
                    "a leftover temporary file could not be listed or removed; the export itself is written", e);
        }
    }

    private static String glob(String literal) {
        StringBuilder b = new StringBuilder();
        for (char c : literal.toCharArray()) {
            if ("*?[]{}\\".indexOf(c) >= 0) b.append('\\');
            b.append(c);
        }
        return b.toString();
    }
}
