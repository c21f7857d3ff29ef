package dev.lanescope.parse.p2p;

import static dev.lanescope.parse.p2p.JsonLines.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.p2p.CollectiveProbeRun;
import dev.lanescope.model.p2p.CollectiveProbeRun.OpOutcome;
import dev.lanescope.model.p2p.CollectiveProbeRun.OpStatus;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.parse.ParseResult;

/**
 * Reads the JSON lines of {@code native-probes/collective_probe.py}: the {@code start} line, one {@code op} line per
 * rank and operation, {@code phase} lines and the {@code end} line. A receipt cut short (the probe killed, the machine
 * gone) keeps every line before the cut and says so; a line that is not the probe's is located and skipped.
 */
public final class CollectiveProbeParser {

    private CollectiveProbeParser() {
    }

    public static ParseResult<CollectiveProbeRun> parse(String fileName, List<String> lines) {
        List<Problem> problems = new ProblemList();
        List<OpOutcome> ops = new ArrayList<>();
        List<String> devices = new ArrayList<>();
        List<String> buses = new ArrayList<>();
        String backend = null;
        String versions = null;
        double timeout = Double.NaN;
        boolean started = false;
        boolean ended = false;
        String endError = null;
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String line = lines.get(i);
            if (line == null || line.isBlank()) continue;
            int no = i + 1;
            JsonNode o = JsonLines.object(line);
            if (o == null) {
                problems.add(Problem.warning(fileName, no, "not a JSON line of the collective probe; skipped"));
                continue;
            }
            switch (o.path("kind").asText("")) {
                case "start" -> {
                    started = true;
                    backend = text(o, "backend");
                    timeout = o.path("timeoutS").asDouble(Double.NaN);
                    versions = versions(o);
                    devices(o, devices, buses);
                }
                case "op" -> {
                    OpOutcome op = op(fileName, no, line, o, problems);
                    if (op != null) ops.add(op);
                }
                case "end" -> {
                    ended = true;
                    endError = text(o, "error");
                }
                default -> {
                    // phase lines and later kinds: not needed for the verdict
                }
            }
        }
        if (!started && ops.isEmpty()) {
            problems.add(Problem.error(fileName, 0, endError != null ? "the collective probe did not start: " + endError
                    : "not a collective probe receipt (no start or op lines): run python3 "
                    + "native-probes/collective_probe.py --devices 0,1 --out collective.jsonl"));
            return new ParseResult<>(null, problems);
        }
        if (!ended) {
            problems.add(Problem.warning(fileName, 0, "the probe stopped before its end line (killed, crashed or timed "
                    + "out): the " + ops.size() + " outcomes before are kept"));
        }
        return new ParseResult<>(new CollectiveProbeRun(fileName, backend, devices, buses, timeout, versions, ops,
                ended, endError), problems);
    }

    /** The start line's software: torch, then CUDA or HIP and NCCL where printed. */
    private static String versions(JsonNode start) {
        return "torch " + start.path("torch").asText("?")
                + (text(start, "cuda") != null ? ", CUDA " + text(start, "cuda") : "")
                + (text(start, "hip") != null ? ", HIP " + text(start, "hip") : "")
                + (text(start, "ncclVersion") != null ? ", NCCL " + text(start, "ncclVersion") : "");
    }

    /** The start line's devices: "number name bus" for each, and each one's bus id (null when not printed). */
    private static void devices(JsonNode start, List<String> devices, List<String> buses) {
        for (JsonNode d : start.path("devices")) {
            String bus = text(d, "pciBusId");
            devices.add(d.path("device").asText("?") + " " + d.path("name").asText("?")
                    + (bus == null ? "" : " " + bus));
            buses.add(bus);
        }
    }

    /** One rank's outcome of one operation, or null (with a located warning) when the line lacks op or status. */
    private static OpOutcome op(String file, int no, String line, JsonNode o, List<Problem> problems) {
        OpStatus st = status(text(o, "status"));
        if (st == null || text(o, "op") == null) {
            problems.add(Problem.warning(file, no, "op line without op and a known status (ok, fail,"
                    + " hang, crash, not_run); skipped"));
            return null;
        }
        return new OpOutcome(o.path("phase").asText(""), text(o, "op"), o.path("rank").asInt(-1), st,
                o.path("seconds").asDouble(Double.NaN), text(o, "error"), new Evidence(file, no, line));
    }

    private static OpStatus status(String s) {
        if (s == null) return null;
        try {
            return OpStatus.valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
