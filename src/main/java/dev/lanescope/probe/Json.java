package dev.lanescope.probe;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lanescope.parse.Jackson;

/** Tolerant reads of probe lines and receipts: a missing or mistyped key gives null / NaN / the default. */
final class Json {

    static final int MAX_DEPTH = Jackson.MAX_DEPTH;
    static final int MAX_NUMBER_DIGITS = Jackson.MAX_NUMBER_DIGITS;

    /** The one configured mapper, whose reads are bounded well below Jackson's defaults. */
    static final ObjectMapper MAPPER = Jackson.mapper();

    private Json() {
    }

    /** Why Jackson refused a text, in words with its line and column when it knows them (never a class name). */
    static String why(Exception e) {
        if (e instanceof StreamConstraintsException c) {
            String m = String.valueOf(c.getOriginalMessage());
            if (m.contains("nesting depth")) return "nested more than " + MAX_DEPTH + " levels deep";
            if (m.contains("Number value length") || m.contains("number length")) {
                return "a number longer than " + MAX_NUMBER_DIGITS + " digits";
            }
            if (m.contains("String value length")) return "a text value longer than 1 MiB";
            return "over a size limit: " + m;
        }
        if (e instanceof JsonProcessingException p) {
            JsonLocation loc = p.getLocation();
            String msg = p.getOriginalMessage() == null ? "unreadable" : p.getOriginalMessage().lines().findFirst().orElse("");
            if (msg.length() > 200) msg = msg.substring(0, 200) + "...";
            return (loc == null || loc.getLineNr() < 1 ? "" : "line " + loc.getLineNr() + ", column "
                    + loc.getColumnNr() + ": ") + msg;
        }
        return e.getMessage() == null ? "unreadable" : e.getMessage();
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
