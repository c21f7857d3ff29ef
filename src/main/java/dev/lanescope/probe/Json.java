package dev.lanescope.probe;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Tolerant reads of probe lines and receipts: a missing or mistyped key gives null / NaN / the default. */
final class Json {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    static JsonNode at(JsonNode n, String... path) {
        JsonNode cur = n;
        for (String k : path) {
            if (cur == null || !cur.isObject()) return null;
            cur = cur.get(k);
        }
        return cur == null || cur.isNull() || cur.isMissingNode() ? null : cur;
    }

    static String text(JsonNode n, String... path) {
        JsonNode v = at(n, path);
        if (v == null) return null;
        return v.isValueNode() ? v.asText() : v.toString();
    }

    static double number(JsonNode n, String... path) {
        JsonNode v = at(n, path);
        if (v == null) return Double.NaN;
        if (v.isNumber()) return v.asDouble();
        if (v.isTextual()) {
            try {
                return Double.parseDouble(v.asText().trim());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    static int integer(JsonNode n, String key, int dflt) {
        double d = number(n, key);
        return Double.isNaN(d) ? dflt : (int) d;
    }

    /** An integer at a path, or null when absent or not a number ("[N/A]"). */
    static Integer intOrNull(JsonNode n, String... path) {
        double d = number(n, path);
        return Double.isNaN(d) ? null : (int) d;
    }

    static long longValue(JsonNode n, String key, long dflt) {
        JsonNode v = at(n, key);
        if (v == null) return dflt;
        if (v.isIntegralNumber()) return v.asLong();
        double d = number(n, key);
        return Double.isNaN(d) ? dflt : (long) d;
    }

    static Boolean bool(JsonNode n, String... path) {
        JsonNode v = at(n, path);
        return v == null || !v.isBoolean() ? null : v.asBoolean();
    }

    static List<String> strings(JsonNode n, String... path) {
        JsonNode v = at(n, path);
        List<String> out = new ArrayList<>();
        if (v != null && v.isArray()) {
            for (JsonNode e : v) out.add(e.isValueNode() ? e.asText() : e.toString());
        }
        return out;
    }
}
