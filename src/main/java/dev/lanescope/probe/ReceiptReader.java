package dev.lanescope.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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

    public static Receipt read(Path file) throws IOException {
        String text = Files.readString(file);
        return parse(text, file);
    }

    public static Receipt parse(String text, Path source) throws NotAReceipt {
        String where = source == null ? "the receipt" : source.toString();
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new NotAReceipt(where + " is not JSON (line " + e.getLocation().getLineNr() + ": "
                    + e.getOriginalMessage() + ")");
        }
        if (n == null || !n.isObject()) throw new NotAReceipt(where + " is not a JSON object, so not a receipt");
        if (!n.has("results") && !n.has("link") && !n.has("schema")) {
            throw new NotAReceipt(where + " has none of the receipt keys (schema, results, link): not a receipt");
        }
        return new Receipt((ObjectNode) n, source);
    }
}
