package dev.lanescope.capture;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.lanescope.model.Problem;
import dev.lanescope.model.Units;

/**
 * Bytes to lines, with bounds: the encoding found (UTF-8; UTF-16 with a byte-order mark, or without one when
 * every other byte is zero; Latin-1 when the bytes are not UTF-8), CRLF endings stripped, no-break spaces made
 * plain (mailed captures indent with them), lines longer than {@link #MAX_LINE_CHARS} cut and files longer than
 * {@link #MAX_LINES} lines stopped, each with one located problem; and a binary sniff.
 */
final class TextLines {

    /** No lspci, kernel or nvidia-smi line comes near this; a longer one is cut here. */
    static final int MAX_LINE_CHARS = 8192;
    /** A file's lines beyond this are not read (an lspci -vvxxxx of 500 functions is about 150,000 lines). */
    static final int MAX_LINES = 1_000_000;
    /** The first bytes that tell the encoding and whether the file is binary. */
    private static final int HEAD = 65536;

    /** The lines of a text file, the encoding they were read in, and what was cut or could not be read. */
    record Text(List<String> lines, String encoding, List<Problem> problems) {
    }

    private TextLines() {
    }

    /** Where a file's bytes come from; opened once, or twice for a file that turns out not to be UTF-8. */
    @FunctionalInterface
    interface Source {
        InputStream open() throws IOException;
    }

    /** Decodes as UTF-8 (bad bytes become U+FFFD) and splits into lines without their endings. */
    static List<String> decode(byte[] data) {
        return read("(text)", data).lines();
    }

    /** Reads bytes in memory (an archive entry); see {@link #read(String, Source)}. */
    static Text read(String file, byte[] data) {
        try {
            return read(file, () -> new ByteArrayInputStream(data));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array cannot fail to read
        }
    }

    /**
     * Reads a file's text in the encoding its bytes show; null when it is binary. The encoding is told by the first
     * 64 KiB (byte-order marks, UTF-16 without one, binary content); UTF-8 and Latin-1 text is then read line by
     * line as it streams in, each line made once from its bytes, so a large file never sits in memory whole; a
     * UTF-8 file with a byte that is not UTF-8 is read again as Latin-1.
     */
    static Text read(String file, Source source) throws IOException {
        List<Problem> problems = new ArrayList<>();
        try (InputStream in = source.open()) {
            byte[] head = new byte[HEAD];
            int len = in.readNBytes(head, 0, HEAD);
            int b0 = len > 0 ? head[0] & 0xff : -1;
            int b1 = len > 1 ? head[1] & 0xff : -1;
            if (len >= 4 && ((b0 == 0xff && b1 == 0xfe && head[2] == 0 && head[3] == 0)
                    || (b0 == 0 && b1 == 0 && (head[2] & 0xff) == 0xfe && (head[3] & 0xff) == 0xff))) {
                problems.add(Problem.error(file, 0, "the file is UTF-32 text, which is not read; convert it first: "
                        + "iconv -f UTF-32 -t UTF-8 FILE > FILE.txt"));
                return new Text(List.of(), "UTF-32", problems);
            }
            if (b0 == 0xef && b1 == 0xbb && len > 2 && (head[2] & 0xff) == 0xbf) {
                return new Text(stream(file, in, head, len, 3, StandardCharsets.UTF_8, false, problems), "UTF-8",
                        problems);
            }
            Charset utf16 = null;
            int skip = 0;
            String note = null;
            if ((b0 == 0xff && b1 == 0xfe) || (b0 == 0xfe && b1 == 0xff)) {
                utf16 = b0 == 0xff ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_16BE;
                skip = 2;
                note = "UTF-16 (" + (b0 == 0xff ? "little" : "big") + "-endian, with a byte-order mark)";
            } else {
                int zeros = utf16ZeroSide(head, len);
                if (zeros != 0) {
                    utf16 = zeros > 0 ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_16BE;
                    note = "UTF-16 (" + (zeros > 0 ? "little" : "big") + "-endian, without a byte-order mark)";
                }
            }
            if (utf16 != null) {
                byte[] rest = in.readAllBytes();
                byte[] data = Arrays.copyOf(head, len + rest.length);
                System.arraycopy(rest, 0, data, len, rest.length);
                String text = decodeAll(data, skip, utf16);
                if (looksBinary(text)) return null;
                List<String> lines = split(file, text, problems);
                problems.add(Problem.info(file, 0, "read as " + note));
                return new Text(lines, utf16.name().toLowerCase(Locale.ROOT), problems);
            }
            if (looksBinary(head, len)) return null;
            List<String> lines = stream(file, in, head, len, 0, StandardCharsets.UTF_8, true, problems);
            if (lines != null) return new Text(lines, "UTF-8", problems);
        }
        problems.clear();
        try (InputStream again = source.open()) {
            List<String> lines = stream(file, again, new byte[HEAD], 0, 0, StandardCharsets.ISO_8859_1, false,
                    problems);
            problems.add(Problem.info(file, 0, "read as Latin-1 (the bytes are not UTF-8)"));
            return new Text(lines, StandardCharsets.ISO_8859_1.name().toLowerCase(Locale.ROOT), problems);
        }
    }

    /**
     * The lines of a UTF-8 or Latin-1 stream, the first {@code len} bytes already in {@code buf}: the same lines as
     * {@link #split} of the decoded text. In both encodings a line feed or carriage return byte is always that
     * character, never part of a longer sequence, so each line is decoded on its own. With {@code strict}, null
     * as soon as a line is not UTF-8 (a sequence cut by the end of the file allowed, as a cut capture has one).
     */
    private static List<String> stream(String file, InputStream in, byte[] buf, int len, int skip, Charset cs,
                                       boolean strict, List<Problem> problems) throws IOException {
        int start = skip;
        if (skip == 3 && len - start >= 3 && (buf[start] & 0xff) == 0xef && (buf[start + 1] & 0xff) == 0xbb
                && (buf[start + 2] & 0xff) == 0xbf) {
            start += 3; // a second byte-order mark, as split drops a leading U+FEFF
        }
        List<String> lines = new ArrayList<>();
        int cut = 0;
        int firstCut = 0;
        int scan = start;
        boolean eof = false;
        while (true) {
            int nl = indexOf(buf, (byte) '\n', scan, len);
            if (nl < 0 && !eof) {
                if (start > 0) {
                    System.arraycopy(buf, start, buf, 0, len - start);
                    len -= start;
                    start = 0;
                }
                scan = len;
                if (len == buf.length) buf = Arrays.copyOf(buf, buf.length * 2);
                int n = in.read(buf, len, buf.length - len);
                if (n < 0) eof = true;
                else len += n;
                continue;
            }
            int end = nl < 0 ? len : nl;
            if (nl < 0 && start >= len) break;
            if (lines.size() >= MAX_LINES) {
                tooMany(file, lines.size(), problems);
                break;
            }
            if (strict && !isUtf8(buf, start, end, nl < 0)) return null;
            int stop = end;
            if (stop > start && buf[stop - 1] == '\r') stop--;
            String line = new String(buf, start, stop - start, cs);
            if (line.length() > MAX_LINE_CHARS) {
                if (cut++ == 0) firstCut = lines.size() + 1;
                line = line.substring(0, MAX_LINE_CHARS);
            }
            lines.add(plain(line));
            if (nl < 0) break;
            start = nl + 1;
            scan = start;
        }
        if (cut > 0) cutLines(file, cut, firstCut, problems);
        return lines;
    }

    private static int indexOf(byte[] data, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (data[i] == b) return i;
        }
        return -1;
    }

    private static String decodeAll(byte[] data, int skip, Charset cs) {
        CharsetDecoder dec = cs.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try {
            return dec.decode(ByteBuffer.wrap(data, skip, data.length - skip)).toString();
        } catch (CharacterCodingException e) {
            return new String(data, skip, data.length - skip, cs); // cannot happen with REPLACE
        }
    }

    /** Lines without their endings; a leading BOM dropped; overlong lines cut and long files stopped, each told once. */
    private static List<String> split(String file, String text, List<Problem> problems) {
        int start = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? 1 : 0;
        List<String> lines = new ArrayList<>();
        int cut = 0;
        int firstCut = 0;
        int n = text.length();
        while (start < n) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? n : nl;
            if (lines.size() >= MAX_LINES) {
                tooMany(file, lines.size(), problems);
                break;
            }
            int stop = end;
            if (stop > start && text.charAt(stop - 1) == '\r') stop--;
            if (stop - start > MAX_LINE_CHARS) {
                if (cut++ == 0) firstCut = lines.size() + 1;
                stop = start + MAX_LINE_CHARS;
            }
            lines.add(plain(text.substring(start, stop)));
            if (nl < 0) break;
            start = nl + 1;
        }
        if (cut > 0) cutLines(file, cut, firstCut, problems);
        return lines;
    }

    private static void tooMany(String file, int read, List<Problem> problems) {
        problems.add(Problem.error(file, read + 1, "the file has more than "
                + Units.count(MAX_LINES) + " lines, the most this tool reads; the rest"
                + " were not read"));
    }

    private static void cutLines(String file, int cut, int firstCut, List<Problem> problems) {
        problems.add(Problem.warning(file, firstCut, cut + " line(s) longer than "
                + Units.count(MAX_LINE_CHARS) + " characters, which no capture tool prints;"
                + " each was cut there (the first is this one)"));
    }

    /** No-break spaces (mail clients indent with them) become plain spaces. */
    private static String plain(String t) {
        return t.indexOf('\u00a0') >= 0 ? t.replace('\u00a0', ' ') : t;
    }

    /**
     * 1 when the first bytes look like UTF-16 little-endian text without a mark (most odd bytes zero, even ones
     * not), -1 for big-endian, 0 otherwise.
     */
    private static int utf16ZeroSide(byte[] data, int len) {
        int n = Math.min(len, 4096) & ~1;
        if (n < 8) return 0;
        int evenZero = 0;
        int oddZero = 0;
        for (int i = 0; i < n; i += 2) {
            if (data[i] == 0) evenZero++;
            if (data[i + 1] == 0) oddZero++;
        }
        int pairs = n / 2;
        if (oddZero * 10 >= pairs * 9 && evenZero * 10 < pairs) return 1;
        if (evenZero * 10 >= pairs * 9 && oddZero * 10 < pairs) return -1;
        return 0;
    }

    /**
     * Whether the bytes {@code [from, n)} are valid UTF-8; a sequence cut at {@code n} is allowed only where
     * {@code n} is the end of the file (a damaged last sequence, as in a cut file).
     */
    private static boolean isUtf8(byte[] data, int from, int n, boolean atEnd) {
        int i = from;
        int bad = 0;
        while (i < n) {
            int b = data[i] & 0xff;
            int more = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
            if (more < 0) {
                bad++;
                i++;
                continue;
            }
            int j = 1;
            while (j <= more && i + j < n && (data[i + j] & 0xc0) == 0x80) j++;
            if (j <= more && (i + j < n || !atEnd)) bad++;
            i += j;
        }
        return bad == 0;
    }

    /** True for NUL bytes in the first 64 KiB, or more than 10% control characters there. */
    static boolean looksBinary(byte[] data, int len) {
        int n = Math.min(len, HEAD);
        int control = 0;
        for (int i = 0; i < n; i++) {
            int b = data[i] & 0xff;
            if (b == 0) return true;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != 0x1b) control++;
        }
        return n > 0 && control * 10 > n;
    }

    /** The same test on decoded text. */
    private static boolean looksBinary(String text) {
        int n = Math.min(text.length(), 65536);
        int control = 0;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == 0) return true;
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b) control++;
        }
        return n > 0 && control * 10 > n;
    }
}
