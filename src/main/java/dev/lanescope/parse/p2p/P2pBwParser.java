package dev.lanescope.parse.p2p;

import static dev.lanescope.parse.p2p.JsonLines.text;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.p2p.CopyEngine;
import dev.lanescope.model.p2p.CopyInitiator;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.PeerAccess;
import dev.lanescope.model.p2p.PeerCopy;
import dev.lanescope.model.p2p.PeerCopyRun;
import dev.lanescope.parse.ParseResult;

/**
 * Reads the JSON lines of lanescope's {@code native-probes/p2p_bw} (CUDA) and {@code p2p_bw_hip}: the start line's
 * devices and bus ids, one {@code peer_access} line per ordered pair, and one {@code result} line per measured copy.
 * A result's engine is its {@code engine} key ({@code dma}, {@code kernel}); lines from probe 1.0, which had none,
 * were runtime peer copies ({@code cudaMemcpyPeerAsync}), which the driver hands to the copy engines. Push or pull
 * and one direction or both come from the {@code mode} ({@code push_uni}, {@code pull_uni}, {@code push_bidi},
 * {@code kernel_pull_uni} ...). A run cut short (no {@code end} line) keeps what it measured and says so.
 */
public final class P2pBwParser {

    private P2pBwParser() {
    }

    public static ParseResult<PeerCopyRun> parse(String fileName, List<String> lines) {
        List<Problem> problems = new ProblemList();
        Map<Integer, String> bus = new LinkedHashMap<>();
        List<PeerAccess> access = new ArrayList<>();
        List<PeerCopy> copies = new ArrayList<>();
        String tool = null;
        String version = null;
        boolean ended = false;
        String endNote = null;
        int jsonLines = 0;
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String line = lines.get(i);
            if (line == null || line.isBlank()) continue;
            int no = i + 1;
            JsonNode o = object(fileName, no, line, problems);
            if (o == null) continue;
            jsonLines++;
            String kind = o.path("kind").asText("");
            switch (kind) {
                case "start" -> {
                    tool = text(o, "tool");
                    version = text(o, "probeVersion");
                    busIds(o, bus);
                }
                case "peer_access" -> {
                    PeerAccess a = peerAccess(fileName, no, line, o, problems);
                    if (a != null) access.add(a);
                }
                case "result" -> {
                    PeerCopy c = copy(fileName, no, line, o, problems);
                    if (c != null) copies.add(c);
                }
                case "verify" -> verify(fileName, no, o, problems);
                case "end" -> {
                    ended = true;
                    endNote = text(o, "error") != null ? text(o, "error") : text(o, "note");
                    if (o.path("ok").isBoolean() && !o.path("ok").asBoolean()) {
                        problems.add(Problem.warning(fileName, no, "the probe ended with an error: "
                                + (endNote == null ? "(no message)" : endNote)));
                    }
                }
                default -> {
                    // peer_matrix repeats the peer_access lines; other kinds are not needed here
                }
            }
        }
        if (jsonLines == 0 || (tool == null && copies.isEmpty() && access.isEmpty())) {
            problems.add(Problem.error(fileName, 0, "not a p2p_bw output (no start, peer_access or result lines): "
                    + "run native-probes/build/p2p_bw > p2p.jsonl"));
            return new ParseResult<>(null, problems);
        }
        if (!ended) {
            problems.add(Problem.warning(fileName, 0, "the run stopped before its end line (crash, kill or time "
                    + "limit): the " + copies.size() + " copies measured before are kept"));
        }
        return new ParseResult<>(new PeerCopyRun(fileName, tool == null ? "p2p_bw" : tool, version, bus, access,
                copies, ended, endNote), problems);
    }

    /** A verify line that says the copied bytes differ: an error on that pair's figures. */
    private static void verify(String file, int no, JsonNode o, List<Problem> problems) {
        if (o.path("ok").isBoolean() && !o.path("ok").asBoolean()) {
            problems.add(Problem.error(file, no, "the probe's data check failed for GPUs "
                    + o.path("from").asText("?") + " and " + o.path("to").asText("?")
                    + ": the copied bytes differ, so the figures of that pair are not to be trusted"));
        }
    }

    /** The line as a JSON object, or null (with a located warning) when it is too long or not JSON. */
    private static JsonNode object(String file, int no, String line, List<Problem> problems) {
        if (line.length() > JsonLines.MAX_LINE) {
            problems.add(Problem.warning(file, no, "line of " + line.length() + " characters skipped (a p2p_bw "
                    + "line is under 1 KB)"));
            return null;
        }
        JsonNode o = JsonLines.object(line);
        if (o == null) problems.add(Problem.warning(file, no, "not a JSON line; skipped"));
        return o;
    }

    /** The start line's devices: each device number's PCI bus id, lower case. */
    private static void busIds(JsonNode start, Map<Integer, String> bus) {
        for (JsonNode d : start.path("devices")) {
            if (d.path("device").canConvertToInt() && text(d, "pciBusId") != null) {
                bus.put(d.path("device").asInt(), text(d, "pciBusId").toLowerCase(Locale.ROOT));
            }
        }
    }

    private static PeerAccess peerAccess(String file, int no, String line, JsonNode o, List<Problem> problems) {
        if (!o.path("from").canConvertToInt() || !o.path("to").canConvertToInt()
                || !o.path("canAccessPeer").isBoolean()) {
            problems.add(Problem.warning(file, no, "peer_access line without from, to and canAccessPeer; skipped"));
            return null;
        }
        return new PeerAccess(o.path("from").asInt(), o.path("to").asInt(), text(o, "fromPciBusId"),
                text(o, "toPciBusId"), o.path("canAccessPeer").asBoolean(), o.path("performanceRank").asInt(-1),
                o.path("nativeAtomics").isBoolean() ? o.path("nativeAtomics").asBoolean() : null,
                new Evidence(file, no, line));
    }

    private static PeerCopy copy(String file, int no, String line, JsonNode o, List<Problem> problems) {
        String mode = text(o, "mode");
        double gb = o.path("gbPerS").asDouble(Double.NaN);
        if (mode == null || !o.path("from").canConvertToInt() || !o.path("to").canConvertToInt()
                || !Double.isFinite(gb) || gb <= 0) {
            problems.add(Problem.warning(file, no, "result line without mode, from, to and a positive gbPerS; "
                    + "skipped"));
            return null;
        }
        String engineKey = text(o, "engine");
        CopyEngine engine = "kernel".equalsIgnoreCase(engineKey) || mode.startsWith("kernel_")
                ? CopyEngine.KERNEL : CopyEngine.DMA;
        CopyInitiator who = mode.contains("pull") ? CopyInitiator.PULL : CopyInitiator.PUSH;
        boolean bidi = mode.endsWith("_bidi");
        Boolean access = o.path("peerAccess").isBoolean() ? o.path("peerAccess").asBoolean() : null;
        return new PeerCopy(text(o, "tool") == null ? "p2p_bw" : text(o, "tool"), engine, who, o.path("from").asInt(),
                o.path("to").asInt(), bidi, o.path("bytes").asLong(0), gb, access, new Evidence(file, no, line));
    }
}
