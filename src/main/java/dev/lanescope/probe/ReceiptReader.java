package dev.lanescope.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.parse.BoundedFile;

/** Reads a receipt file written on any machine (run_receipt.sh, either assembly, or lanescope's runner). */
public final class ReceiptReader {

    /** A file that is not a receipt at all: not JSON, or not a JSON object. */
    public static final class NotAReceipt extends IOException {
        public NotAReceipt(String message) {
            super(message);
        }
    }

    private ReceiptReader() {
    }

    /** The most a receipt file may hold (a full sweep of every GPU is well under 1 MiB). */
    public static final long MAX_BYTES = 16L << 20;

    /** Reads and checks a receipt: refused when not JSON, not a receipt, or when a number in it is impossible. */
    public static Receipt read(Path file) throws IOException {
        Receipt r = parse(bytes(file), file);
        String impossible = ReceiptChecks.impossible(r);
        if (impossible != null) throw new NotAReceipt(file + ": " + impossible);
        return r;
    }

    /** A receipt file's bytes, read with a bound: devices, FIFOs and files over {@link #MAX_BYTES} refused. */
    static byte[] bytes(Path file) throws IOException {
        return BoundedFile.read(file, MAX_BYTES);
    }

    public static Receipt parse(String text, Path source) throws NotAReceipt {
        return parse(text.getBytes(StandardCharsets.UTF_8), source);
    }

    /** Parses bytes in any of JSON's encodings (UTF-8, UTF-16 and UTF-32, found from the first bytes). */
    static Receipt parse(byte[] data, Path source) throws NotAReceipt {
        String where = source == null ? "the receipt" : source.toString();
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(data);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // only the parser's own verdict on the bytes refuses the file; anything else Jackson throws is a fault
            // of this tool and must reach the caller (and the fuzz tests) as itself, not as a refusal
            throw new NotAReceipt(where + " is not JSON this tool reads (" + Json.why(e) + ")");
        } catch (IOException e) {
            throw new NotAReceipt(where + " could not be read (" + e.getMessage() + ")");
        }
        if (n == null || !n.isObject()) throw new NotAReceipt(where + " is not a JSON object, so not a receipt");
        if (!n.has("results") && !n.has("link") && !n.has("schema")) {
            throw new NotAReceipt(where + " has none of the receipt keys (schema, results, link): not a receipt");
        }
        return new Receipt((ObjectNode) n, source);
    }
}
