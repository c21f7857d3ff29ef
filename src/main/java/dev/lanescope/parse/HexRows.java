package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;

/**
 * Reads the {@code lspci -x/-xxx/-xxxx} hex rows that follow each record header (formats doc §4.2: {@code OO:} and
 * up to 16 {@code " %02x"} bytes; a blank line ends the record; indented {@code -vv} lines in between are skipped)
 * into config-space bytes, one {@link Dump} per header with rows under it.
 */
public final class HexRows {

    /** One function's dump: its address, header line (1-based) and the bytes read ({@code length} of them valid). */
    public record Dump(Bdf bdf, int headerLine, byte[] bytes, int length) {
        int u8(int off) {
            return off < length ? bytes[off] & 0xff : -1;
        }

        int u16(int off) {
            return off + 1 < length ? (bytes[off] & 0xff) | (bytes[off + 1] & 0xff) << 8 : -1;
        }

        long u32(int off) {
            if (off + 3 >= length) return -1;
            return (bytes[off] & 0xffL) | (bytes[off + 1] & 0xffL) << 8 | (bytes[off + 2] & 0xffL) << 16
                    | (bytes[off + 3] & 0xffL) << 24;
        }
    }

    private static final Pattern HEADER =
            Pattern.compile("^(?:([0-9a-fA-F]{4,8}):)?([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\\.([0-7]) ");
    private static final Pattern ROW = Pattern.compile("^([0-9a-fA-F]{2,8}):((?: [0-9a-fA-F]{2}){1,16}) ?$");
    private static final int MAX_CONFIG = 4096;

    private HexRows() {
    }

    /** True when some line of the file is a hex row. */
    public static boolean hasRows(List<String> lines) {
        Matcher row = ROW.matcher("");
        for (String l : lines) {
            if (!l.isEmpty() && Text.hexDigit(l.charAt(0)) >= 0 && row.reset(l).matches()) return true;
        }
        return false;
    }

    /** The dumps of a file, one per record header that has rows under it. */
    public static ParseResult<List<Dump>> read(String file, List<String> lines) {
        List<Dump> out = new ArrayList<>();
        List<Problem> problems = new ProblemList();
        Bdf bdf = null;
        int headerLine = 0;
        byte[] buf = null;
        int length = 0;
        Set<Bdf> seen = new HashSet<>();
        Matcher h = HEADER.matcher("");
        Matcher r = ROW.matcher("");
        for (int i = 0; i <= lines.size(); i++) {
            String l = i < lines.size() ? lines.get(i) : "";
            boolean header = !l.isEmpty() && Text.hexDigit(l.charAt(0)) >= 0 && h.reset(l).lookingAt();
            if (l.isBlank() || header) {
                if (bdf != null && length > 0) {
                    if (seen.add(bdf)) {
                        out.add(new Dump(bdf, headerLine, java.util.Arrays.copyOf(buf, length), length));
                        java.util.Arrays.fill(buf, 0, length, (byte) 0);
                    } else {
                        problems.add(Problem.warning(file, headerLine, bdf + " has a second hex dump; the first is used"));
                    }
                }
                bdf = null;
                length = 0;
                if (header) {
                    bdf = headerBdf(h);
                    headerLine = i + 1;
                    if (bdf == null) {
                        problems.add(Problem.warning(file, i + 1, "'" + h.group().strip() + "' is not a PCI address"
                                + " (domain up to 7fffffff, device up to 1f); the hex rows under it are skipped"));
                    } else if (buf == null) {
                        buf = new byte[MAX_CONFIG];
                    }
                }
                continue;
            }
            if (bdf == null) continue;
            if (!r.reset(l).matches()) continue; // -vv text between header and rows
            long off = Long.parseLong(r.group(1), 16);
            String[] bytes = r.group(2).trim().split(" ");
            if (off + bytes.length > MAX_CONFIG) {
                problems.add(Problem.warning(file, i + 1, "hex row at offset " + r.group(1)
                        + " lies beyond the 4096 bytes of config space; ignored"));
                continue;
            }
            if (off != length) {
                problems.add(Problem.warning(file, i + 1, "hex rows of " + bdf + " are not contiguous (expected offset "
                        + Integer.toHexString(length) + ", found " + r.group(1) + "); the dump stops here"));
                bdf = null;
                length = 0;
                continue;
            }
            for (int k = 0; k < bytes.length; k++) buf[(int) off + k] = (byte) Integer.parseInt(bytes[k], 16);
            length = (int) off + bytes.length;
        }
        return new ParseResult<>(out, problems);
    }

    /** The address of a record header, or null when it is none (device above 1f, domain too large). */
    private static Bdf headerBdf(Matcher h) {
        long domain = h.group(1) == null ? 0 : Long.parseLong(h.group(1), 16);
        int device = Integer.parseInt(h.group(3), 16);
        if (domain > Integer.MAX_VALUE || device > 0x1f) return null;
        return new Bdf((int) domain, Integer.parseInt(h.group(2), 16), device, Integer.parseInt(h.group(4)));
    }
}
