package dev.lanescope.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import dev.lanescope.model.Problem;
import dev.lanescope.parse.BoundedFile;

/**
 * Finds the files of the inputs within the bounds: plain files, folders (recursive, sorted, symbolic links not followed) and
 * {@code .tar.gz}/{@code .tgz}/{@code .tar} archives (also when found inside a folder). Never throws.
 */
final class InputReader {

    /** The most one file (or archive entry) may hold. */
    static final long MAX_FILE_BYTES = 16L << 20;
    /** The most one capture reads in all: every file, folder and archive entry together. */
    static final long MAX_CAPTURE_BYTES = 64L << 20;
    static final int MAX_FILES = 20_000;

    /** What is left to read of one capture's bounds ({@link #MAX_CAPTURE_BYTES}, {@link #MAX_FILES}). */
    static final class Budget {
        long bytes = MAX_CAPTURE_BYTES;
        int files = MAX_FILES;
        boolean told;

        /** Takes one file of {@code size} bytes; false (with one ERROR for the capture) when over the bounds. */
        boolean take(long size, String shown, List<Problem> problems) {
            if (files <= 0 || size > bytes) {
                if (!told) {
                    problems.add(Problem.error(shown, 0, files <= 0
                            ? "more than " + MAX_FILES + " files in this capture; this one and the rest were not read"
                            : "the capture holds more than " + BoundedFile.size(MAX_CAPTURE_BYTES)
                            + " of files, the most this tool reads; this file and the rest were not read"));
                    told = true;
                }
                return false;
            }
            files--;
            bytes -= size;
            return true;
        }
    }

    private InputReader() {
    }

    /** Whether a name is an archive this tool opens. */
    static boolean isArchiveName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.endsWith(".tar.gz") || n.endsWith(".tgz") || n.endsWith(".tar");
    }

    /** The capture label an input gives: the folder name, the archive name without its extension, the file name. */
    /**
     * How to name a capture to the user: a folder or archive by its name; several files of one folder by the folder;
     * a single file with its folder ({@code dell-optiplex/vv.txt}), since {@code vv.txt} alone says nothing.
     */
    static String labelOf(List<Path> inputs) {
        Path first = inputs.get(0).toAbsolutePath().normalize();
        boolean plainFiles = inputs.stream().allMatch(p -> Files.isRegularFile(p) && !isArchiveName(p));
        if (plainFiles && first.getParent() != null && first.getParent().getFileName() != null) {
            Path parent = first.getParent();
            boolean sameFolder = inputs.stream().allMatch(p -> parent.equals(p.toAbsolutePath().normalize().getParent()));
            if (inputs.size() > 1 && sameFolder) return parent.getFileName().toString();
            if (inputs.size() == 1) return parent.getFileName() + "/" + first.getFileName();
        }
        return labelOf(inputs.get(0));
    }

    private static boolean isArchiveName(Path p) {
        String n = p.getFileName() == null ? "" : p.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".tar.gz") || n.endsWith(".tgz") || n.endsWith(".tar");
    }

    static String labelOf(Path input) {
        Path fn = input.toAbsolutePath().normalize().getFileName();
        String name = fn == null ? input.toString() : fn.toString();
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".tar.gz")) return name.substring(0, name.length() - 7);
        if (lower.endsWith(".tgz") || lower.endsWith(".tar")) return name.substring(0, name.length() - 4);
        return name;
    }

    /** What {@link #eachText} hands on: one text file's name and lines. */
    @FunctionalInterface
    interface TextConsumer {
        void accept(String name, List<String> lines);
    }

    /**
     * Reads every input within one capture's budget and hands each text file on in turn (binary files are skipped,
     * an unreadable one is a problem); each file is dropped after its turn, so memory stays near one file.
     */
    static void eachText(List<Path> inputs, List<Problem> problems, TextConsumer consumer) {
        java.util.ArrayList<RawFile> raw = new java.util.ArrayList<>();
        Budget budget = new Budget();
        for (Path p : inputs == null ? List.<Path>of() : inputs) {
            if (p != null) read(p, raw, problems, budget);
        }
        eachText(raw, problems, consumer);
    }

    /** Hands each text file of {@code raw} on in turn, dropping it after its turn (see the method above). */
    static void eachText(java.util.ArrayList<RawFile> raw, List<Problem> problems, TextConsumer consumer) {
        for (int i = 0; i < raw.size(); i++) {
            RawFile f = raw.set(i, null);
            TextLines.Text text;
            try {
                text = TextLines.read(f.name(), f::open);
            } catch (java.io.IOException | RuntimeException e) {
                problems.add(unreadable(f.name(), f.file(), e));
                continue;
            }
            if (text != null) consumer.accept(f.name(), text.lines());
        }
    }

    /** Appends the files of one input; problems say what could not be read. */
    static void read(Path input, List<RawFile> out, List<Problem> problems) {
        read(input, out, problems, new Budget());
    }

    /**
     * Appends the files of one input (archive entries read, files on disk only listed) within what is left of the capture's budget. A device, FIFO or socket named
     * here is refused by name without being opened (reading {@code /dev/zero} never ends; a FIFO blocks).
     */
    static void read(Path input, List<RawFile> out, List<Problem> problems, Budget budget) {
        String shown = input.toString();
        if (!Files.exists(input, LinkOption.NOFOLLOW_LINKS) && !Files.exists(input)) {
            problems.add(Problem.error(shown, 0, "input does not exist"));
            return;
        }
        if (Files.isDirectory(input)) {
            readFolder(input, out, problems, budget);
            return;
        }
        String refused = BoundedFile.refusal(input);
        if (refused != null) {
            problems.add(Problem.error(shown, 0, "input " + refused));
        } else if (isArchiveName(shown)) {
            ArchiveReader.read(input, shown, out, problems, budget);
        } else {
            String name = input.getFileName() == null ? shown : input.getFileName().toString();
            if (fits(input, shown, problems, budget)) out.add(RawFile.onDisk(shown, name, input));
        }
    }

    /**
     * The folder of lanescope's own text renderings of a sample, kept beside the capture so that a change in what
     * users read is seen in review: what lanescope says about the folder, never evidence about the machine, so a
     * folder read skips it.
     */
    static final String RENDERINGS = "lanescope-expected";

    private static void readFolder(Path folder, List<RawFile> out, List<Problem> problems, Budget budget) {
        Path base = folder.toAbsolutePath().normalize();
        String prefix = labelOf(folder);
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> s = Files.walk(base)) {
            s.filter(p -> !p.equals(base)).sorted().forEach(paths::add);
        } catch (IOException | RuntimeException e) {
            problems.add(Problem.error(folder.toString(), 0, "folder cannot be read completely: " + e.getMessage()));
        }
        for (Path p : paths) {
            String rel = base.relativize(p).toString().replace('\\', '/');
            String shown = prefix + "/" + rel;
            if (Files.isSymbolicLink(p)) {
                problems.add(Problem.info(shown, 0, "symbolic link not followed; skipped"));
                continue;
            }
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) continue;
            if (rel.startsWith(RENDERINGS + "/")) continue;
            if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                problems.add(Problem.info(shown, 0, "not a regular file; skipped"));
                continue;
            }
            if (budget.told) return;
            if (isArchiveName(rel)) {
                ArchiveReader.read(p, shown, out, problems, budget);
                continue;
            }
            if (fits(p, shown, problems, budget)) out.add(RawFile.onDisk(shown, rel, p));
        }
    }

    /**
     * Whether a file is within the bounds (its size, the capture's budget); it is read later, when its turn comes
     * ({@link RawFile#open}), and refused then if it became something else or grew beyond the bound.
     */
    private static boolean fits(Path p, String shown, List<Problem> problems, Budget budget) {
        try {
            long size = Files.size(p);
            if (size > MAX_FILE_BYTES) {
                problems.add(Problem.error(shown, 0, "file is " + size + " bytes, more than the "
                        + BoundedFile.size(MAX_FILE_BYTES) + " this tool reads from one file; skipped"));
                return false;
            }
            return budget.take(size, shown, problems);
        } catch (IOException | RuntimeException e) {
            problems.add(unreadable(shown, p, e));
            return false;
        }
    }

    /** The ERROR for a file that could not be read: refused (named by its place in the capture) or failed. */
    static Problem unreadable(String shown, Path p, Exception e) {
        if (e instanceof BoundedFile.Refused) {
            String m = e.getMessage();
            return Problem.error(shown, 0, p != null && m.startsWith(p.toString())
                    ? "file" + m.substring(p.toString().length()) : m);
        }
        if (e instanceof RuntimeException && !(e instanceof java.io.UncheckedIOException)) {
            return Problem.fault(shown, 0, "file could not be read", e);
        }
        return Problem.error(shown, 0, "file cannot be read: " + e.getMessage());
    }
}
