package dev.lanescope.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Problem;
import dev.lanescope.parse.BoundedFile;
import dev.lanescope.parse.ParseResult;

/**
 * One text file a user names for a reader that is not a whole capture (an all_reduce table, a provenance note), read
 * exactly as the capture loader reads each of its files (docs/RULES.md section 13): a folder, device, FIFO or
 * socket refused by name without being opened, a file over {@link InputReader#MAX_FILE_BYTES} refused by its size
 * and again if it grows while read, the encoding found (UTF-8, UTF-16, Latin-1), long lines cut and long files
 * stopped, each with one located problem. Never throws on bad input.
 */
public final class TextFile {

    /** A reader of one file's lines (a parser's {@code parse(fileName, lines)}). */
    @FunctionalInterface
    public interface Reader<T> {
        ParseResult<T> parse(String fileName, List<String> lines);
    }

    private TextFile() {
    }

    /**
     * The file's lines, or null with one ERROR at the file saying why it was not read; that message starts with
     * "is" ({@code is a folder, not a file}) so that {@code file + " " + message} is a sentence.
     */
    public static ParseResult<List<String>> lines(Path file) {
        String shown = file.toString();
        List<Problem> problems = new ArrayList<>();
        String why = BoundedFile.refusal(file);
        if (why != null) {
            problems.add(Problem.error(shown, 0, why));
            return new ParseResult<>(null, problems);
        }
        try {
            long size = Files.size(file);
            if (size > InputReader.MAX_FILE_BYTES) {
                problems.add(Problem.error(shown, 0, "is larger than "
                        + BoundedFile.size(InputReader.MAX_FILE_BYTES) + ", the most this tool reads from one file;"
                        + " refused"));
                return new ParseResult<>(null, problems);
            }
            TextLines.Text text = TextLines.read(shown, () -> BoundedFile.open(file, InputReader.MAX_FILE_BYTES));
            if (text == null) {
                problems.add(Problem.error(shown, 0, "is a binary file, not text; not read"));
                return new ParseResult<>(null, problems);
            }
            problems.addAll(text.problems());
            return new ParseResult<>(text.lines(), problems);
        } catch (BoundedFile.Refused e) {
            String m = e.getMessage();
            problems.add(Problem.error(shown, 0, m.startsWith(shown + " ") ? m.substring(shown.length() + 1) : m));
        } catch (IOException | java.io.UncheckedIOException e) {
            problems.add(Problem.error(shown, 0, "cannot be read: " + e.getMessage()));
        } catch (RuntimeException e) {
            problems.add(Problem.fault(shown, 0, "could not be read", e));
        }
        return new ParseResult<>(null, problems);
    }

    /**
     * The file read by {@code reader}: its value and the problems of both the reading and the reader; a null value
     * (with the ERROR) when the file could not be read at all.
     */
    public static <T> ParseResult<T> read(Path file, Reader<T> reader) {
        ParseResult<List<String>> text = lines(file);
        if (text.value() == null) return new ParseResult<>(null, text.problems());
        ParseResult<T> r = reader.parse(file.toString(), text.value());
        List<Problem> all = new ArrayList<>(text.problems());
        all.addAll(r.problems());
        return new ParseResult<>(r.value(), all);
    }
}
