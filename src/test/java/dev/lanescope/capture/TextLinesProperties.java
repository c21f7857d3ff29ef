package dev.lanescope.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Lines read as the bytes stream in (one line at a time, the file's first 64 KiB deciding the encoding) are the
 * lines the whole text gives when decoded at once and split: the same encoding (UTF-8, or Latin-1 when any byte is
 * not UTF-8, wherever it lies), the same line ends (LF, CRLF), no-break spaces made plain, a byte-order mark
 * dropped, also when a line or a multi-byte character crosses the 64 KiB read boundary.
 */
class TextLinesProperties {

    @Provide
    Arbitrary<byte[]> pieces() {
        Arbitrary<byte[]> piece = Arbitraries.of(b("abc"), b(" "), b("\t"), b("\n"), b("\r\n"), b("\r"),
                b("LnkSta:"), new byte[] {(byte) 0xc2, (byte) 0xa0}, new byte[] {(byte) 0xe2, (byte) 0x82, (byte) 0xac},
                new byte[] {(byte) 0xe2}, new byte[] {(byte) 0xff}, new byte[] {(byte) 0xa0}, new byte[] {(byte) 0xf0,
                    (byte) 0x9f, (byte) 0x98, (byte) 0x80});
        return piece.list().ofMaxSize(40).map(l -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            l.forEach(out::writeBytes);
            return out.toByteArray();
        });
    }

    @Property(tries = 400)
    void streamedAsWhole(@ForAll("pieces") byte[] tail, @ForAll @IntRange(min = 0, max = 70_000) int padding,
                         @ForAll boolean bom) {
        // padding of plain lines puts the random bytes anywhere around the 64 KiB boundary
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (bom) out.writeBytes(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
        for (int i = 0; i < padding; i += 20) out.writeBytes(b("\t\tDevSta: x y z...\n"));
        out.writeBytes(tail);
        byte[] data = out.toByteArray();
        TextLines.Text t = TextLines.read("f", data);
        assertThat(t).isNotNull();
        assertThat(t.lines()).isEqualTo(wholeThenSplit(data));
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** The reference: the encoding from all the bytes, the text decoded at once, then split on LF. */
    private static List<String> wholeThenSplit(byte[] data) {
        int skip = data.length >= 3 && (data[0] & 0xff) == 0xef && (data[1] & 0xff) == 0xbb
                && (data[2] & 0xff) == 0xbf ? 3 : 0;
        Charset cs = skip == 3 || valid(data) ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1;
        String text;
        try {
            text = cs.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(data, skip, data.length - skip)).toString();
        } catch (CharacterCodingException e) {
            throw new AssertionError(e);
        }
        List<String> lines = new ArrayList<>();
        int start = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? 1 : 0;
        while (start < text.length()) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl;
            int stop = end > start && text.charAt(end - 1) == '\r' ? end - 1 : end;
            lines.add(text.substring(start, stop).replace('\u00a0', ' '));
            if (nl < 0) break;
            start = nl + 1;
        }
        return lines;
    }

    /** Strict UTF-8, except that a sequence cut by the end of the bytes is allowed. */
    private static boolean valid(byte[] data) {
        for (int cut = 0; cut <= 3 && cut <= data.length; cut++) {
            try {
                StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(data, 0, data.length - cut));
                if (cut == 0) return true;
                int lead = data[data.length - cut] & 0xff;
                int needs = lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
                boolean rest = true;
                for (int k = data.length - cut + 1; k < data.length; k++) rest &= (data[k] & 0xc0) == 0x80;
                if (cut < needs && rest) return true;
            } catch (CharacterCodingException e) {
                // try without a cut last sequence
            }
        }
        return false;
    }
}
