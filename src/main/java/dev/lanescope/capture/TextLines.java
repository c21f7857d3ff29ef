package dev.lanescope.capture;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Bytes to lines: UTF-8 with malformed input replaced, CRLF endings stripped, no-break spaces made plain
 * (mailed captures indent with them); and a binary sniff.
 */
final class TextLines {

    private TextLines() {
    }

    /** Decodes as UTF-8 (bad bytes become U+FFFD) and splits into lines without their endings. */
    static List<String> decode(byte[] data) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        String text;
        try {
            text = dec.decode(ByteBuffer.wrap(data)).toString();
        } catch (CharacterCodingException e) {
            text = new String(data, StandardCharsets.UTF_8); // cannot happen with REPLACE
        }
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') text = text.substring(1);
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines.add(stripCr(text.substring(start, i)));
                start = i + 1;
            }
        }
        if (start < text.length()) lines.add(stripCr(text.substring(start)));
        return lines;
    }

    /** Drops a trailing CR; no-break spaces (mail clients indent with them) become plain spaces. */
    private static String stripCr(String s) {
        String t = s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
        return t.indexOf('\u00a0') >= 0 ? t.replace('\u00a0', ' ') : t;
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
}
