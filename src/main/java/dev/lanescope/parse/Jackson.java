package dev.lanescope.parse;

import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/**
 * The one configured Jackson mapper: every JSON lanescope reads (receipts, probe lines) or writes (the
 * {@code --json} documents, receipts) goes through it, so limits and layout are set once. Reading is bounded well
 * below Jackson's defaults (what we read is shallow, its numbers short); writing keeps record component order,
 * writes null values, and indents the way every {@code --json} document has always been printed. Never reconfigure
 * {@link #mapper()}: it is shared.
 */
public final class Jackson {

    /** Deepest nesting read. */
    public static final int MAX_DEPTH = 64;
    /** Longest number read, in digits. */
    public static final int MAX_NUMBER_DIGITS = 64;
    /** Longest text value read, in characters (1 MiB). */
    public static final int MAX_STRING = 1 << 20;

    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
                    .maxNumberLength(MAX_NUMBER_DIGITS).maxStringLength(MAX_STRING).build())
            .build());
    private static final ObjectWriter PRETTY = MAPPER.writerWithDefaultPrettyPrinter();
    private static final ObjectWriter COMPACT = MAPPER.writer();

    private Jackson() {
    }

    /** The shared mapper, for reading trees and building nodes. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** A document as every {@code --json} prints it: two-space indentation, one key per line. */
    public static String pretty(Object document) {
        try {
            return PRETTY.writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("could not write " + document.getClass().getSimpleName() + " as JSON", e);
        }
    }

    /** A document on one line (JSON lines). */
    public static String compact(Object document) {
        try {
            return COMPACT.writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("could not write " + document.getClass().getSimpleName() + " as JSON", e);
        }
    }
}
