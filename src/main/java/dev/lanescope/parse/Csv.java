package dev.lanescope.parse;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

/**
 * CSV, written and read in one place. Written through Jackson's CSV module: RFC 4180 (CRLF, a cell quoted only when
 * it holds a comma, a quote or a line break), and safe to open in a spreadsheet: a text cell that starts with
 * {@code = + - @}, a tab or a carriage return gets a leading {@code '} so it is never run as a formula (numbers, such
 * as {@code -3.5}, stay numbers). Read: nvidia-smi's {@code --format=csv} rows, which it never quotes.
 */
public final class Csv {

    private static final ObjectWriter WRITER = new CsvMapper().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
            .writerFor(String[].class).with(CsvSchema.emptySchema().withLineSeparator("\r\n"));

    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private Csv() {
    }

    /** One table: the header's cells, then every row; null cells are empty. */
    public static String table(List<String> header, List<List<String>> rows) {
        StringWriter out = new StringWriter();
        try (SequenceWriter w = WRITER.writeValues(out)) {
            w.write(safe(header));
            for (List<String> r : rows) w.write(safe(r));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /** A cell a spreadsheet will show as text, never evaluate. */
    static String formulaSafe(String v) {
        if (v == null || v.isEmpty()) return "";
        if ("=+-@\t\r".indexOf(v.charAt(0)) < 0 || NUMBER.matcher(v).matches()) return v;
        return "'" + v;
    }

    private static String[] safe(List<String> cells) {
        String[] out = new String[cells.size()];
        for (int i = 0; i < out.length; i++) out[i] = formulaSafe(cells.get(i));
        return out;
    }

    /**
     * The cells of one nvidia-smi CSV line ({@code --format=csv}, with or without {@code noheader,nounits}): split on
     * commas, each stripped. nvidia-smi never quotes, and none of the fields lanescope asks for holds a comma.
     */
    public static String[] smiCells(String line) {
        String[] out = line.split(",", -1);
        for (int i = 0; i < out.length; i++) out[i] = out[i].strip();
        return out;
    }

    /** The rows of nvidia-smi CSV output: one list of cells per non-blank line. */
    public static List<List<String>> smiRows(String text) {
        List<List<String>> out = new ArrayList<>();
        if (text == null) return out;
        for (String line : text.split("\\R")) {
            if (!line.isBlank()) out.add(List.of(smiCells(line)));
        }
        return out;
    }
}
