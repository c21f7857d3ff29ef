package dev.lanescope.capture;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

import dev.lanescope.parse.BoundedFile;

/**
 * One file found in the inputs: its bytes in memory (an archive entry), or a file on disk read when its turn
 * comes (so a capture's files are never all in memory at once, and a large one streams).
 *
 * @param name  how problems name it: the path as given, {@code folder/rel/path}, or {@code archive.tgz!/entry}
 * @param path  its path inside the folder or archive, with {@code /} separators (the file name for a plain file)
 * @param data  the bytes, or null for a file on disk
 * @param file  the file on disk, or null when the bytes are in memory
 */
record RawFile(String name, String path, byte[] data, Path file) {

    RawFile(String name, String path, byte[] data) {
        this(name, path, data, null);
    }

    /** A file on disk, not read yet. */
    static RawFile onDisk(String name, String path, Path file) {
        return new RawFile(name, path, null, file);
    }

    /** The bytes as a stream; a file on disk through {@link BoundedFile#open}, refused as it would be when read. */
    InputStream open() throws IOException {
        return data != null ? new ByteArrayInputStream(data) : BoundedFile.open(file, InputReader.MAX_FILE_BYTES);
    }

    /** All the bytes. */
    byte[] bytes() throws IOException {
        return data != null ? data : BoundedFile.read(file, InputReader.MAX_FILE_BYTES);
    }

    /** The last path segment. */
    String baseName() {
        int i = path.lastIndexOf('/');
        return i < 0 ? path : path.substring(i + 1);
    }

    /** The directory segment just above the file, or "" at the top. */
    String parentName() {
        int i = path.lastIndexOf('/');
        if (i < 0) return "";
        int j = path.lastIndexOf('/', i - 1);
        return path.substring(j + 1, i);
    }
}
