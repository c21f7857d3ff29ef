package dev.lanescope.capture;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

import dev.lanescope.model.Problem;

/**
 * Reads a {@code .tar.gz}/{@code .tgz}/{@code .tar} into memory; nothing is extracted to disk.
 * Refused entries (each named in an ERROR): absolute paths, {@code ..} segments, symbolic and hard links,
 * devices and FIFOs, entries over {@link #MAX_ENTRY_BYTES}. Reading stops after {@link #MAX_ENTRIES} entries or
 * when the capture's byte budget ({@link InputReader#MAX_CAPTURE_BYTES}, shared with the other inputs) is spent. A truncated or corrupt archive keeps the entries read before the damage.
 */
final class ArchiveReader {

    static final long MAX_ENTRY_BYTES = InputReader.MAX_FILE_BYTES;
    static final int MAX_ENTRIES = InputReader.MAX_FILES;

    private ArchiveReader() {
    }

    /** Appends the archive's regular files, named {@code shown!/entry}. */
    static void read(Path archive, String shown, List<RawFile> out, List<Problem> problems) {
        read(archive, shown, out, problems, new InputReader.Budget());
    }

    /** The same within what is left of the capture's budget (bytes and files, shared with the other inputs). */
    static void read(Path archive, String shown, List<RawFile> out, List<Problem> problems,
                     InputReader.Budget budget) {
        List<RawFile> found = new ArrayList<>();
        int entries = 0;
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive));
             TarArchiveInputStream tar = new TarArchiveInputStream(maybeGunzip(raw))) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                if (++entries > MAX_ENTRIES) {
                    problems.add(Problem.error(shown, 0, "more than " + MAX_ENTRIES
                            + " entries; the rest were not read"));
                    break;
                }
                String name = e.getName();
                String where = shown + "!/" + name;
                String refusal = refusal(e, name);
                if (refusal != null) {
                    problems.add(Problem.error(where, 0, "archive entry refused: " + refusal));
                    continue;
                }
                if (e.isDirectory()) continue;
                if (e.getSize() > MAX_ENTRY_BYTES) {
                    problems.add(Problem.error(where, 0, "archive entry is " + e.getSize() + " bytes, more than the "
                            + dev.lanescope.parse.BoundedFile.size(MAX_ENTRY_BYTES) + " this tool reads from one file; skipped"));
                    continue;
                }
                if (!budget.take(e.getSize(), shown, problems)) break;
                byte[] data = readBounded(tar, MAX_ENTRY_BYTES);
                String rel = name.startsWith("./") ? name.substring(2) : name;
                found.add(new RawFile(where, rel, data));
            }
        } catch (IOException | RuntimeException ex) {
            problems.add(Problem.error(shown, 0, "archive is truncated or corrupt (" + ex.getClass().getSimpleName()
                    + (ex.getMessage() == null ? "" : ": " + ex.getMessage()) + "); kept the " + found.size()
                    + " file(s) read before the damage"));
        }
        if (entries == 0 && found.isEmpty()) {
            problems.add(Problem.error(shown, 0, "archive holds no files" + whatItIs(archive)));
        }
        out.addAll(found);
    }

    /** Says what a file with no tar entries really is, from its first bytes. */
    private static String whatItIs(Path archive) {
        byte[] head = new byte[4];
        int n;
        try (InputStream in = Files.newInputStream(archive)) {
            n = in.readNBytes(head, 0, 4);
        } catch (IOException e) {
            return "";
        }
        if (n == 0) return " (the file is empty)";
        if (n >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
            return " (it is a ZIP archive, not a .tar.gz: unpack it and give the folder)";
        }
        if (n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            return " (gzip data, but not a tar archive inside)";
        }
        return " (not a tar archive)";
    }

    private static InputStream maybeGunzip(InputStream in) throws IOException {
        in.mark(2);
        int a = in.read();
        int b = in.read();
        in.reset();
        return a == 0x1f && b == 0x8b
                ? GzipCompressorInputStream.builder().setInputStream(in).setDecompressConcatenated(true).get() : in;
    }

    /** Why an entry is refused, or null when it is acceptable. */
    static String refusal(TarArchiveEntry e, String name) {
        if (e.isSymbolicLink()) return "symbolic link (to '" + e.getLinkName() + "')";
        if (e.isLink()) return "hard link (to '" + e.getLinkName() + "')";
        if (e.isCharacterDevice() || e.isBlockDevice()) return "device file";
        if (e.isFIFO()) return "FIFO";
        if (name.startsWith("/") || name.startsWith("\\") || name.matches("^[A-Za-z]:.*")) {
            return "absolute path";
        }
        for (String seg : name.replace('\\', '/').split("/")) {
            if (seg.equals("..")) return "path leaves the archive ('..')";
        }
        if (!e.isDirectory() && !e.isFile()) return "not a regular file";
        return null;
    }

    private static byte[] readBounded(InputStream in, long max) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        long total = 0;
        int r;
        while ((r = in.read(chunk)) > 0) {
            total += r;
            if (total > max) throw new IOException("entry larger than its header says");
            buf.write(chunk, 0, r);
        }
        return buf.toByteArray();
    }
}
