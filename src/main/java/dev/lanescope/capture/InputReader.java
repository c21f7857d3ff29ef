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

/**
 * Reads the inputs into memory: plain files, folders (recursive, sorted, symbolic links not followed) and
 * {@code .tar.gz}/{@code .tgz}/{@code .tar} archives (also when found inside a folder). Never throws.
 */
final class InputReader {

    static final long MAX_FILE_BYTES = 64L << 20;
    static final int MAX_FILES = 20_000;

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

    /** Appends the files of one input; problems say what could not be read. */
    static void read(Path input, List<RawFile> out, List<Problem> problems) {
        String shown = input.toString();
        if (!Files.exists(input, LinkOption.NOFOLLOW_LINKS) && !Files.exists(input)) {
            problems.add(Problem.error(shown, 0, "input does not exist"));
            return;
        }
        if (Files.isDirectory(input)) {
            readFolder(input, out, problems);
        } else if (!Files.isReadable(input)) {
            problems.add(Problem.error(shown, 0, "input cannot be read (permission denied?)"));
        } else if (isArchiveName(shown)) {
            ArchiveReader.read(input, shown, out, problems);
        } else {
            String name = input.getFileName() == null ? shown : input.getFileName().toString();
            byte[] data = readFile(input, shown, problems);
            if (data != null) out.add(new RawFile(shown, name, data));
        }
    }

    private static void readFolder(Path folder, List<RawFile> out, List<Problem> problems) {
        Path base = folder.toAbsolutePath().normalize();
        String prefix = labelOf(folder);
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> s = Files.walk(base)) {
            s.filter(p -> !p.equals(base)).sorted().forEach(paths::add);
        } catch (IOException | RuntimeException e) {
            problems.add(Problem.error(folder.toString(), 0, "folder cannot be read completely: " + e.getMessage()));
        }
        int count = 0;
        for (Path p : paths) {
            String rel = base.relativize(p).toString().replace('\\', '/');
            String shown = prefix + "/" + rel;
            if (Files.isSymbolicLink(p)) {
                problems.add(Problem.info(shown, 0, "symbolic link not followed; skipped"));
                continue;
            }
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) continue;
            if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                problems.add(Problem.info(shown, 0, "not a regular file; skipped"));
                continue;
            }
            if (++count > MAX_FILES) {
                problems.add(Problem.error(folder.toString(), 0, "more than " + MAX_FILES
                        + " files; the rest were not read"));
                return;
            }
            if (isArchiveName(rel)) {
                ArchiveReader.read(p, shown, out, problems);
                continue;
            }
            byte[] data = readFile(p, shown, problems);
            if (data != null) out.add(new RawFile(shown, rel, data));
        }
    }

    private static byte[] readFile(Path p, String shown, List<Problem> problems) {
        try {
            long size = Files.size(p);
            if (size > MAX_FILE_BYTES) {
                problems.add(Problem.error(shown, 0, "file is " + size + " bytes, more than the "
                        + MAX_FILE_BYTES + " this tool reads; skipped"));
                return null;
            }
            return Files.readAllBytes(p);
        } catch (IOException | RuntimeException e) {
            problems.add(Problem.error(shown, 0, "file cannot be read: " + e.getMessage()));
            return null;
        }
    }
}
