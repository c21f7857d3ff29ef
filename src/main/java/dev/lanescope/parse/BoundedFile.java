package dev.lanescope.parse;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;

import dev.lanescope.model.Units;

/**
 * Reads a file the user named with a bound, before anything trusts it: devices, FIFOs and sockets are refused
 * by name without being opened (a FIFO with no writer would block for ever, {@code /dev/zero} never ends), and
 * a file larger than the cap is refused instead of read. The one place every command reads a named file.
 */
public final class BoundedFile {

    /** A file refused before or while reading it; the message names it and says why. */
    public static final class Refused extends IOException {
        public Refused(String message) {
            super(message);
        }
    }

    private BoundedFile() {
    }

    /** Why this path cannot be read as a file, or null when it is a regular file (links followed). */
    public static String refusal(Path p) {
        if (!Files.exists(p)) {
            return Files.exists(p, LinkOption.NOFOLLOW_LINKS) ? "is a symbolic link to nothing" : "does not exist";
        }
        if (Files.isDirectory(p)) return "is a folder, not a file";
        if (!Files.isRegularFile(p)) {
            return "is not a regular file (a device, FIFO or socket); refused without reading it";
        }
        if (!Files.isReadable(p)) return "cannot be read (permission denied?)";
        return null;
    }

    /** The whole file, or {@link Refused} when it is not a regular file or holds more than {@code maxBytes}. */
    public static byte[] read(Path p, long maxBytes) throws IOException {
        String why = refusal(p);
        if (why != null) throw new Refused(p + " " + why);
        int cap = (int) Math.min(maxBytes, Integer.MAX_VALUE - 16);
        byte[] data;
        try (InputStream in = Files.newInputStream(p)) {
            // the size the file system gives sizes the array, so the bytes are read once into it; a file that
            // shrinks is cut to what was read, one that grows (or a /proc file that says 0) reads on to the cap
            int expected = (int) Math.min(Files.size(p), cap);
            data = new byte[expected];
            int n = in.readNBytes(data, 0, expected);
            if (n < expected) {
                data = Arrays.copyOf(data, n);
            } else {
                byte[] more = in.readNBytes(cap + 1 - n);
                if (more.length > 0) {
                    data = Arrays.copyOf(data, n + more.length);
                    System.arraycopy(more, 0, data, n, more.length);
                }
            }
        }
        if (data.length > cap) {
            throw new Refused(p + " is larger than " + size(cap) + ", the most this tool reads from one file; refused");
        }
        return data;
    }

    /**
     * The file as a stream that refuses, with {@link Refused}, to give more than {@code maxBytes}: for reading a
     * large file as it comes instead of whole. Checked as {@link #read} checks before it is opened.
     */
    public static InputStream open(Path p, long maxBytes) throws IOException {
        String why = refusal(p);
        if (why != null) throw new Refused(p + " " + why);
        return new FilterInputStream(Files.newInputStream(p)) {
            private long count;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) counted(1);
                return b;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                int n = super.read(buf, off, len);
                if (n > 0) counted(n);
                return n;
            }

            private void counted(int n) throws Refused {
                count += n;
                if (count > maxBytes) {
                    throw new Refused(p + " is larger than " + size(maxBytes)
                            + ", the most this tool reads from one file; refused");
                }
            }
        };
    }

    /** {@code 64 MiB}, {@code 512 KiB}, {@code 100 bytes}. */
    public static String size(long bytes) {
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) return (bytes >> 20) + " MiB";
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) return (bytes >> 10) + " KiB";
        return Units.count(bytes) + " bytes";
    }
}
