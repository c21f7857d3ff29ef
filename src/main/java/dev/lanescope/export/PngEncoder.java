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
 * PNG bytes for a picture given as ARGB pixels (one int each, as JavaFX and AWT hand them out): 8-bit RGB when every
 * pixel is opaque, RGBA otherwise, every row unfiltered, compressed in horizontal bands on all cores at once.
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

    /** Writes {@code argb} ({@code width} x {@code height}, row after row) to {@code out} as a PNG file. */
    public static void write(int[] argb, int width, int height, OutputStream out) throws IOException {
        write(argb, width, height, out, Math.min(Runtime.getRuntime().availableProcessors(), height / MIN_BAND_ROWS));
    }

    /** {@link #write(int[], int, int, OutputStream)} in {@code bands} bands of rows (at least one, at most a row each). */
    static void write(int[] argb, int width, int height, OutputStream out, int bands) throws IOException {
        if (width <= 0 || height <= 0 || (long) width * height > argb.length) {
            throw new IllegalArgumentException("no picture of " + width + " x " + height + " in " + argb.length
                    + " pixels");
        }
        boolean opaque = opaque(argb, width * height);
        int channels = opaque ? 3 : 4;
        int n = Math.max(1, Math.min(bands, height));
        List<Band> done = IntStream.range(0, n).parallel()
                .mapToObj(b -> band(argb, width, height * b / n, height * (b + 1) / n, channels, b == n - 1))
                .toList();
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

    /** One band of rows: its deflated bytes (no zlib header or trailer), its raw length and checksum. */
    private record Band(byte[] deflated, long rawLength, long adler) {
    }

    private static boolean opaque(int[] argb, int n) {
        for (int i = 0; i < n; i++) {
            if ((argb[i] >>> 24) != 0xff) return false;
        }
        return true;
    }

    private static Band band(int[] argb, int width, int fromRow, int toRow, int channels, boolean last) {
        byte[] raw = new byte[(width * channels + 1) * (toRow - fromRow)];
        int o = 0;
        for (int y = fromRow; y < toRow; y++) {
            raw[o++] = 0; // filter: none
            o = row(argb, y * width, width, channels, raw, o);
        }
        Adler32 sum = new Adler32();
        sum.update(raw);
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
            return new Band(z.toByteArray(), raw.length, sum.getValue());
        } finally {
            deflater.end();
        }
    }

    /** One row's pixels as bytes, R G B (A) each; returns the next free index. A method per row: compiled early. */
    private static int row(int[] argb, int from, int width, int channels, byte[] raw, int o) {
        for (int x = from, end = from + width; x < end; x++) {
            int p = argb[x];
            raw[o++] = (byte) (p >> 16);
            raw[o++] = (byte) (p >> 8);
            raw[o++] = (byte) p;
            if (channels == 4) raw[o++] = (byte) (p >>> 24);
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
