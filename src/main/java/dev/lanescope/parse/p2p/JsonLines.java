package dev.lanescope.parse.p2p;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Tolerant reads of one JSON line of a probe: an object or null, a text value or null. */
final class JsonLines {

    private static final ObjectMapper JSON = dev.lanescope.parse.Jackson.mapper();

    /** Longest line read; a probe's lines are far shorter. */
    static final int MAX_LINE = 64 * 1024;

    private JsonLines() {
    }

    /** The line as a JSON object, or null when it is not one (or is overlong). */
    static JsonNode object(String line) {
        if (line == null || line.length() > MAX_LINE) return null;
        try {
            JsonNode o = JSON.readTree(line.strip());
            return o != null && o.isObject() ? o : null;
        } catch (Exception e) {
            return null;
        }
    }

    /** A scalar value as text, or null when absent, null or not a scalar. */
    static String text(JsonNode o, String key) {
        JsonNode v = o.get(key);
        return v == null || v.isNull() || !v.isValueNode() ? null : v.asText();
    }
}
