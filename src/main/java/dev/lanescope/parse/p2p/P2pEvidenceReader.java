package dev.lanescope.parse.p2p;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.p2p.CollectiveProbeRun;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.P2pEvidence;
import dev.lanescope.model.p2p.PeerCopyRun;
import dev.lanescope.parse.ParseResult;

/**
 * Reads any P2P evidence file by what it holds, not by its name: p2p_bw or collective probe JSON lines (by the start
 * line's {@code tool}), TransferBench output, nccl-tests tables, NCCL_DEBUG=INFO channel lines, or several of these
 * at once. Problems of a reader are kept only for the kinds the file holds; a file holding none says what each kind
 * looks like.
 */
public final class P2pEvidenceReader {

    private P2pEvidenceReader() {
    }

    public static ParseResult<P2pEvidence> read(String fileName, List<String> lines) {
        List<Problem> problems = new ProblemList();
        PeerCopyRun copies = null;
        CollectiveProbeRun probe = null;
        List<CollectiveTable> tables = List.of();
        NcclLog log = null;
        String tool = jsonTool(lines);
        if (tool != null) {
            if (tool.startsWith("collective_probe")) {
                ParseResult<CollectiveProbeRun> r = CollectiveProbeParser.parse(fileName, lines);
                probe = r.value();
                problems.addAll(r.problems());
            } else {
                ParseResult<PeerCopyRun> r = P2pBwParser.parse(fileName, lines);
                copies = r.value();
                problems.addAll(r.problems());
            }
            return new ParseResult<>(new P2pEvidence(fileName, copies, tables, log, probe), problems);
        }
        boolean transferBench = false;
        boolean nccl = false;
        for (String l : lines) {
            if (l == null) continue;
            if (l.contains("TransferBench") || l.contains("copy peak bandwidth GB/s") || l.matches(
                    "^\\s*Transfer\\s+\\d+\\s*\\|.*")) transferBench = true;
            if (l.contains("NCCL INFO")) nccl = true;
        }
        if (transferBench) {
            ParseResult<PeerCopyRun> r = TransferBenchParser.parse(fileName, lines);
            copies = r.value();
            if (copies != null) problems.addAll(r.problems());
        }
        ParseResult<List<CollectiveTable>> t = NcclTestsParser.parse(fileName, lines);
        if (!t.value().isEmpty()) {
            tables = t.value();
            problems.addAll(t.problems());
        }
        if (nccl) {
            ParseResult<NcclLog> r = NcclLogParser.parse(fileName, lines);
            if (!r.value().channels().isEmpty()) log = r.value();
            else if (tables.isEmpty()) problems.addAll(r.problems());
        }
        P2pEvidence ev = new P2pEvidence(fileName, copies, tables, log, probe);
        if (ev.empty() && problems.isEmpty()) {
            problems.add(Problem.error(fileName, 0, "no P2P evidence found: want the JSON lines of p2p_bw or "
                    + "collective_probe.py, TransferBench output, an nccl-tests table (sendrecv_perf, all_reduce_perf, "
                    + "...) or a log of a run with NCCL_DEBUG=INFO"));
        }
        return new ParseResult<>(ev, problems);
    }

    /** The {@code tool} of the first JSON line that names one, or null when the file is not JSON lines. */
    private static String jsonTool(List<String> lines) {
        int looked = 0;
        for (String l : lines) {
            if (l == null || l.isBlank()) continue;
            if (++looked > 5) return null;
            JsonNode o = JsonLines.object(l);
            if (o == null) return null;
            String tool = JsonLines.text(o, "tool");
            if (tool != null) return tool;
        }
        return null;
    }
}
