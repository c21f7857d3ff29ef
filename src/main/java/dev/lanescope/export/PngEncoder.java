package dev.lanescope.export;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.IntStream;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * PNG bytes for a picture given as ARGB pixels (one int each, as JavaFX and AWT hand them out, straight or
 * premultiplied): 8-bit RGB when every pixel is opaque, RGBA otherwise, every row unfiltered, compressed in
 * horizontal bands on all cores at once.
 *
 * <p>Why not ImageIO's writer: on the decision picture (2400 x 1377, flat colours and text) it spent about twice as
 * long, most of it choosing a row filter five ways per row, and wrote a slightly larger file (docs/bench/cli.md).
 * Unfiltered rows compress best on pictures made of flat areas. The bands are one zlib stream: each band ends on a
 * byte boundary (a sync flush), the first carries the stream header, the last the end, and the checksum of the whole
 * is put together from each band's own.
 */
public final class PngEncoder {

    private static final byte[] SIGNATURE = {(byte) 137, 'P', 'N', 'G', '\r', '\n', 26, '\n'};
    /** zlib's header for a 32 KiB window and default compression (a multiple of 31, as the format wants). */
    private static final byte[] ZLIB_HEADER = {0x78, (byte) 0x9c};
    private static final int LEVEL = 4;
    private static final int MIN_BAND_ROWS = 64;
    private static final int ADLER_BASE = 65521;

    private PngEncoder() {
    }

    /** Writes {@code argb} ({@code width} x {@code height}, row after row, straight ARGB) as a PNG file (tests). */
    static void write(int[] argb, int width, int height, OutputStream out) throws IOException {
        write(argb, width, height, false, out);
    }

    /**
     * Writes {@code argb} ({@code width} x {@code height}, row after row) to {@code out} as a PNG file;
     * {@code premultiplied}: each colour is already multiplied by
     * its pixel's alpha (how JavaFX keeps a snapshot; for an opaque picture the same numbers), and is divided back.
     */
    public static void write(int[] argb, int width, int height, boolean premultiplied, OutputStream out)
            throws IOException {
        write(argb, width, height, premultiplied, out,
                Math.min(Runtime.getRuntime().availableProcessors(), height / MIN_BAND_ROWS));
    }

    /** The writer, in {@code bands} bands of rows (at least one, at most a row each). */
    static void write(int[] argb, int width, int height, boolean premultiplied, OutputStream out, int bands)
            throws IOException {
        if (width <= 0 || height <= 0 || (long) width * height > argb.length) {
            throw new IllegalArgumentException("no picture of " + width + " x " + height + " in " + argb.length
                    + " pixels");
        }
        int n = Math.max(1, Math.min(bands, height));
        // as RGB first, the common case; a band that meets a pixel that is not opaque says so, and all go as RGBA
        List<Band> done = bands(argb, width, height, n, false, premultiplied);
        boolean opaque = done.stream().allMatch(b -> b.opaque);
        if (!opaque) done = bands(argb, width, height, n, true, premultiplied);
        out.write(SIGNATURE);
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height)
                .put((byte) 8).put((byte) (opaque ? 2 : 6)).put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", header.array(), header.array().length);
        ByteArrayOutputStream idat = new ByteArrayOutputStream(done.stream().mapToInt(b -> b.deflated.length).sum()
                + 6);
        idat.write(ZLIB_HEADER);
        long adler = 1;
        for (Band b : done) {
            idat.write(b.deflated);
            adler = combineAdler(adler, b.adler, b.rawLength);
        }
        idat.write(ByteBuffer.allocate(4).putInt((int) adler).array());
        chunk(out, "IDAT", idat.toByteArray(), idat.size());
        chunk(out, "IEND", new byte[0], 0);
    }

    private static List<Band> bands(int[] argb, int width, int height, int n, boolean alpha, boolean premultiplied) {
        return IntStream.range(0, n).parallel()
                .mapToObj(b -> band(argb, width, height * b / n, height * (b + 1) / n, alpha, premultiplied,
                        b == n - 1))
                .toList();
    }

    /**
     * One band of rows: its deflated bytes (no zlib header or trailer), its raw length and checksum; written as RGB,
     * {@code opaque} false when a pixel was not (the bytes are then of no use).
     */
    private record Band(byte[] deflated, long rawLength, long adler, boolean opaque) {
    }

    private static Band band(int[] argb, int width, int fromRow, int toRow, boolean alpha, boolean premultiplied,
                             boolean last) {
        int channels = alpha ? 4 : 3;
        byte[] raw = new byte[(width * channels + 1) * (toRow - fromRow)];
        int o = 0;
        int alphas = 0xff;
        for (int y = fromRow; y < toRow; y++) {
            raw[o++] = 0; // filter: none
            if (alpha) {
                o = rgbaRow(argb, y * width, width, premultiplied, raw, o);
            } else {
                alphas &= rgbRow(argb, y * width, width, raw, o);
                o += width * 3;
            }
        }
        if (alphas != 0xff) return new Band(new byte[0], 0, 1, false);
        Adler32 sum = new Adler32();
        sum.update(raw);
        return new Band(deflate(raw, last), raw.length, sum.getValue(), true);
    }

    private static byte[] deflate(byte[] raw, boolean last) {
        Deflater deflater = new Deflater(LEVEL, true);
        try {
            deflater.setInput(raw);
            if (last) deflater.finish();
            ByteArrayOutputStream z = new ByteArrayOutputStream(raw.length / 8 + 64);
            byte[] buf = new byte[64 * 1024];
            int flush = last ? Deflater.NO_FLUSH : Deflater.SYNC_FLUSH;
            while (true) {
                int n = deflater.deflate(buf, 0, buf.length, flush);
                z.write(buf, 0, n);
                if (last ? deflater.finished() : n < buf.length) break;
            }
            return z.toByteArray();
        } finally {
            deflater.end();
        }
    }

    /** One row as R G B bytes; returns the AND of its alphas (0xff: every pixel opaque). A method per row: compiled early. */
    private static int rgbRow(int[] argb, int from, int width, byte[] raw, int o) {
        int alphas = 0xff;
        for (int x = from, end = from + width; x < end; x++) {
            int p = argb[x];
            alphas &= p >>> 24;
            raw[o++] = (byte) (p >> 16);
            raw[o++] = (byte) (p >> 8);
            raw[o++] = (byte) p;
        }
        return alphas;
    }

    /** One row as R G B A bytes, colours divided by alpha where they came premultiplied; returns the next index. */
    private static int rgbaRow(int[] argb, int from, int width, boolean premultiplied, byte[] raw, int o) {
        for (int x = from, end = from + width; x < end; x++) {
            int p = argb[x];
            int a = p >>> 24;
            int r = p >> 16 & 0xff;
            int g = p >> 8 & 0xff;
            int b = p & 0xff;
            if (premultiplied && a != 0xff) {
                r = a == 0 ? 0 : Math.min(255, (r * 255 + a / 2) / a);
                g = a == 0 ? 0 : Math.min(255, (g * 255 + a / 2) / a);
                b = a == 0 ? 0 : Math.min(255, (b * 255 + a / 2) / a);
            }
            raw[o++] = (byte) r;
            raw[o++] = (byte) g;
            raw[o++] = (byte) b;
            raw[o++] = (byte) a;
        }
        return o;
    }

    /** The Adler-32 of two byte runs one after the other, from each run's own (the second run {@code len2} long). */
    static long combineAdler(long first, long second, long len2) {
        long rem = len2 % ADLER_BASE;
        long a1 = first & 0xffff;
        long b1 = (first >>> 16) & 0xffff;
        long a2 = second & 0xffff;
        long b2 = (second >>> 16) & 0xffff;
        long a = (a1 + a2 + ADLER_BASE - 1) % ADLER_BASE;
        long b = (b1 + b2 + rem * a1 % ADLER_BASE + ADLER_BASE - rem) % ADLER_BASE;
        return (b << 16) | a;
    }

    private static void chunk(OutputStream out, String type, byte[] data, int length) throws IOException {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data, 0, length);
        out.write(ByteBuffer.allocate(8).putInt(length).put(name).array());
        out.write(data, 0, length);
        out.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
