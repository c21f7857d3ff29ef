package dev.lanescope.capture;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.lanescope.model.Problem;

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

    /** The lines of a text file, the encoding they were read in, and what was cut or could not be read. */
    record Text(List<String> lines, String encoding, List<Problem> problems) {
    }

    private TextLines() {
    }

    /** Decodes as UTF-8 (bad bytes become U+FFFD) and splits into lines without their endings. */
    static List<String> decode(byte[] data) {
        return read("(text)", data).lines();
    }

    /** Reads a file's text in the encoding its bytes show; null when it is binary or in an encoding not read. */
    static Text read(String file, byte[] data) {
        List<Problem> problems = new ArrayList<>();
        Charset cs = StandardCharsets.UTF_8;
        int skip = 0;
        String note = null;
        int b0 = data.length > 0 ? data[0] & 0xff : -1;
        int b1 = data.length > 1 ? data[1] & 0xff : -1;
        if (data.length >= 4 && ((b0 == 0xff && b1 == 0xfe && data[2] == 0 && data[3] == 0)
                || (b0 == 0 && b1 == 0 && (data[2] & 0xff) == 0xfe && (data[3] & 0xff) == 0xff))) {
            problems.add(Problem.error(file, 0, "the file is UTF-32 text, which is not read; convert it first: "
                    + "iconv -f UTF-32 -t UTF-8 FILE > FILE.txt"));
            return new Text(List.of(), "UTF-32", problems);
        } else if (b0 == 0xef && b1 == 0xbb && data.length > 2 && (data[2] & 0xff) == 0xbf) {
            skip = 3;
        } else if (b0 == 0xff && b1 == 0xfe) {
            cs = StandardCharsets.UTF_16LE;
            skip = 2;
            note = "UTF-16 (little-endian, with a byte-order mark)";
        } else if (b0 == 0xfe && b1 == 0xff) {
            cs = StandardCharsets.UTF_16BE;
            skip = 2;
            note = "UTF-16 (big-endian, with a byte-order mark)";
        } else {
            int zeros = utf16ZeroSide(data);
            if (zeros != 0) {
                cs = zeros > 0 ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_16BE;
                note = "UTF-16 (" + (zeros > 0 ? "little" : "big") + "-endian, without a byte-order mark)";
            } else if (looksBinary(data)) {
                return null;
            } else if (!isUtf8(data)) {
                cs = StandardCharsets.ISO_8859_1;
                note = "Latin-1 (the bytes are not UTF-8)";
            }
        }
        List<String> lines;
        if (cs == StandardCharsets.UTF_8 || cs == StandardCharsets.ISO_8859_1) {
            lines = splitBytes(file, data, skip, cs, problems);
        } else {
            String text = decodeAll(data, skip, cs);
            if (looksBinary(text)) return null;
            lines = split(file, text, problems);
        }
        if (note != null) problems.add(Problem.info(file, 0, "read as " + note));
        return new Text(lines, note == null ? "UTF-8" : cs.name().toLowerCase(Locale.ROOT), problems);
    }

    /**
     * The same lines as {@link #split} of the decoded text, made straight from the bytes: in UTF-8 and Latin-1 a
     * line feed or carriage return byte is always that character (never part of a longer sequence), so each line
     * is decoded on its own, one string each, without the whole text as one string first.
     */
    private static List<String> splitBytes(String file, byte[] data, int skip, Charset cs, List<Problem> problems) {
        int n = data.length;
        int start = skip;
        if (cs == StandardCharsets.UTF_8 && n - start >= 3 && (data[start] & 0xff) == 0xef
                && (data[start + 1] & 0xff) == 0xbb && (data[start + 2] & 0xff) == 0xbf) {
            start += 3; // a second byte-order mark, as split drops a leading U+FEFF
        }
        int count = 1;
        for (int i = start; i < n; i++) {
            if (data[i] == '\n') count++;
        }
        List<String> lines = new ArrayList<>(Math.min(count, MAX_LINES + 1));
        int cut = 0;
        int firstCut = 0;
        while (start < n) {
            int nl = indexOf(data, (byte) '\n', start, n);
            int end = nl < 0 ? n : nl;
            if (lines.size() >= MAX_LINES) {
                tooMany(file, lines.size(), problems);
                break;
            }
            int stop = end;
            if (stop > start && data[stop - 1] == '\r') stop--;
            String line = new String(data, start, stop - start, cs);
            if (line.length() > MAX_LINE_CHARS) {
                if (cut++ == 0) firstCut = lines.size() + 1;
                line = line.substring(0, MAX_LINE_CHARS);
            }
            lines.add(plain(line));
            if (nl < 0) break;
            start = nl + 1;
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
                + String.format(Locale.ROOT, "%,d", MAX_LINES) + " lines, the most this tool reads; the rest"
                + " were not read"));
    }

    private static void cutLines(String file, int cut, int firstCut, List<Problem> problems) {
        problems.add(Problem.warning(file, firstCut, cut + " line(s) longer than "
                + String.format(Locale.ROOT, "%,d", MAX_LINE_CHARS) + " characters, which no capture tool prints;"
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
    private static int utf16ZeroSide(byte[] data) {
        int n = Math.min(data.length, 4096) & ~1;
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

    /** Whether the bytes are valid UTF-8 (a damaged last sequence, as in a cut file, allowed). */
    private static boolean isUtf8(byte[] data) {
        int i = 0;
        int n = data.length;
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
            if (j <= more && i + j < n) bad++;
            i += j;
        }
        return bad == 0;
    }

    /** True for NUL bytes in the first 64 KiB, or more than 10% control characters there. */
    static boolean looksBinary(byte[] data) {
        int n = Math.min(data.length, 65536);
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
