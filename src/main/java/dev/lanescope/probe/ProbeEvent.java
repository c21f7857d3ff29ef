package dev.lanescope.probe;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** What a running probe said, one stdout line at a time (native-probes/README.md, "JSON lines"). */
public sealed interface ProbeEvent {

    /** The start line: versions, devices, the planned sizes. */
    record Start(String tool, String api, String probeVersion, String runtimeVersion, String driverVersion,
                 List<Long> sizes, List<String> memories, List<String> modes, int repeats, ObjectNode raw)
            implements ProbeEvent {
        static Start of(ObjectNode o) {
            List<Long> sizes = new java.util.ArrayList<>();
            if (o.path("sizes").isArray()) o.path("sizes").forEach(s -> sizes.add(s.asLong()));
            String rt = Json.text(o, "cudaRuntimeVersion");
            if (rt == null) rt = Json.text(o, "hipRuntimeVersion");
            String drv = Json.text(o, "cudaDriverVersion");
            if (drv == null) drv = Json.text(o, "hipDriverVersion");
            return new Start(Json.text(o, "tool"), Json.text(o, "api"), Json.text(o, "probeVersion"), rt, drv,
                    List.copyOf(sizes), Json.strings(o, "memories"), Json.strings(o, "modes"),
                    Json.integer(o, "repeats", -1), o);
        }

        /** Results the probe gives per size and GPU: every mode for each memory kind, the batched ones pinned only. */
        public int resultsPerSize() {
            return resultsPerSize(memories, modes);
        }

        /** {@link #resultsPerSize()} of a start line kept in a receipt ({@code probe.start}). */
        public static int resultsPerSize(com.fasterxml.jackson.databind.JsonNode start) {
            return resultsPerSize(Json.strings(start, "memories"), Json.strings(start, "modes"));
        }

        static int resultsPerSize(List<String> memories, List<String> modes) {
            List<String> mem = memories.isEmpty() ? List.of("pinned", "pageable") : memories;
            List<String> mo = modes.isEmpty() ? List.of("h2d_sync", "h2d_async", "d2h", "single") : modes;
            int n = 0;
            for (String m : mem) {
                for (String mode : mo) {
                    if ("pinned".equals(m) || !BatchReading.MODES.contains(mode)) n++;
                }
            }
            return n;
        }

        /** The {@code pciBusId} of device {@code index} in the start line's device list, or null. */
        public String busIdOf(int index) {
            for (var d : raw.path("devices")) {
                if (d.path("device").asInt(-1) == index) return Json.text(d, "pciBusId");
            }
            return null;
        }
    }

    /** {@code done} of {@code total} results so far. */
    record Progress(int done, int total) implements ProbeEvent {
    }

    /** One measured (size, memory, mode). */
    record Result(ProbeResult result) implements ProbeEvent {
    }

    /** A {@code skip} or {@code verify} line (or a kind this reader does not know): kept, not interpreted. */
    record Other(String kind, ObjectNode raw) implements ProbeEvent {
        /** The transfer size the line is about (0 when it names none). */
        public long bytes() {
            return raw.path("bytes").asLong();
        }

        /**
         * What the line says about its transfer size, for the per-size progress: a skipped size ("skipped: why", or
         * "left out: why" when only one mode was skipped), data that read back wrong; null for anything else.
         */
        public String sizeNote() {
            if ("skip".equals(kind)) {
                return (raw.hasNonNull("mode") ? "left out: " : "skipped: ") + raw.path("reason").asText();
            }
            if ("verify".equals(kind) && !raw.path("ok").asBoolean(true)) return "data read back differed";
            return null;
        }
    }

    /** The end line: {@code ok}, and on failure the exit code and the error. */
    record End(boolean ok, int exitCode, String error, ObjectNode raw) implements ProbeEvent {
    }

    /** Something the reader says about the stream, such as a line that was not JSON. */
    record Note(String text) implements ProbeEvent {
    }

    /** Parses one stdout line; never throws. */
    static ProbeEvent parse(String line) {
        String t = line == null ? "" : line.strip();
        if (t.isEmpty()) return new Note("empty line ignored");
        try {
            var node = Json.MAPPER.readTree(t);
            if (node == null || !node.isObject()) return new Note("non-JSON line ignored: " + clip(t));
            ObjectNode o = (ObjectNode) node;
            String kind = Json.text(o, "kind");
            if (kind == null) return new Other("(no kind)", o);
            switch (kind) {
                case "start":
                    return Start.of(o);
                case "progress":
                    return new Progress(Json.integer(o, "done", 0), Json.integer(o, "total", 0));
                case "result":
                    return new Result(ProbeResult.of(o));
                case "end":
                    boolean ok = Boolean.TRUE.equals(Json.bool(o, "ok"));
                    return new End(ok, Json.integer(o, "exitCode", ok ? 0 : -1), Json.text(o, "error"), o);
                default:
                    return new Other(kind, o);
            }
        } catch (Exception e) {
            return new Note("non-JSON line ignored: " + clip(t));
        }
    }

    private static String clip(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
