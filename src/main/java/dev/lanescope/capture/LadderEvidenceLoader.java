package dev.lanescope.capture;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.PeerCopyRun;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.ladder.PeerEvidenceParser;
import dev.lanescope.parse.p2p.NcclLogParser;
import dev.lanescope.parse.p2p.NcclTestsParser;
import dev.lanescope.model.p2p.CollectiveProbeRun;
import dev.lanescope.parse.p2p.CollectiveProbeParser;
import dev.lanescope.parse.p2p.P2pBwParser;
import dev.lanescope.parse.p2p.TransferBenchParser;

/**
 * Reads the P2P ladder's evidence from a capture and from the user's extra evidence files (logs, nvidia-smi and
 * rocm-smi output, p2p_bw and TransferBench runs, nccl-tests tables, NCCL_DEBUG=INFO logs): folders, archives and
 * plain files, within the same size bounds as a capture. Every file goes through {@link PeerEvidenceParser}; those
 * that hold a peer-copy run, a collective table or NCCL's connection lines through the matching parser as well.
 */
public final class LadderEvidenceLoader {

    /** A line by which a serving or training framework names itself in its own log. */
    private static final java.util.regex.Pattern FRAMEWORK = java.util.regex.Pattern.compile(
            "(?i)\\b(sglang|vllm|torch\\.distributed|torchrun|tensorrt|deepspeed|megatron|llama\\.cpp|"
            + "text-generation-inference|lmdeploy)\\b");

    private LadderEvidenceLoader() {
    }

    public static LadderEvidence load(List<Path> inputs) {
        List<Problem> problems = new ProblemList();
        return read(files -> InputReader.eachText(inputs, problems, files), problems);
    }

    /** One evidence file from bytes, as if read from {@code name} (the fuzz tests' entry point). */
    static LadderEvidence loadBytes(String name, byte[] data) {
        List<Problem> problems = new ProblemList();
        ArrayList<RawFile> raw = new ArrayList<>(List.of(new RawFile(name, name, data)));
        return read(files -> InputReader.eachText(raw, problems, files), problems);
    }

    private static LadderEvidence read(java.util.function.Consumer<InputReader.TextConsumer> eachFile,
                                       List<Problem> problems) {
        PeerEvidenceParser parser = new PeerEvidenceParser();
        List<PeerCopyRun> runs = new ArrayList<>();
        List<CollectiveTable> tables = new ArrayList<>();
        List<NcclLog> logs = new ArrayList<>();
        List<CollectiveProbeRun> probes = new ArrayList<>();
        java.util.Set<String> framework = new java.util.HashSet<>();
        eachFile.accept((name, lines) -> {
            parser.read(name, lines);
            if (lines.stream().anyMatch(l -> l.contains("\"tool\"") && l.contains("\"collective_probe\""))) {
                ParseResult<CollectiveProbeRun> r = CollectiveProbeParser.parse(name, lines);
                if (r.value() != null) probes.add(r.value());
                problems.addAll(r.problems());
            }
            if (lines.stream().anyMatch(l -> l.contains("\"tool\":\"p2p_bw\""))) {
                keep(P2pBwParser.parse(name, lines), runs, problems);
            } else if (lines.stream().anyMatch(l -> l.contains("TransferBench"))) {
                keep(TransferBenchParser.parse(name, lines), runs, problems);
            }
            if (lines.stream().anyMatch(l -> l.contains("bus bandwidth") || l.contains("busbw"))) {
                ParseResult<List<CollectiveTable>> r = NcclTestsParser.parse(name, lines);
                tables.addAll(r.value());
                if (!r.value().isEmpty()) problems.addAll(r.problems());
            }
            if (lines.stream().anyMatch(l -> l.contains("NCCL INFO") || l.contains("isAllDirectP2p"))) {
                ParseResult<NcclLog> r = NcclLogParser.parse(name, lines);
                if (!r.value().channels().isEmpty() || r.value().allDirectP2p() != null) {
                    logs.add(r.value());
                    problems.addAll(r.problems());
                    if (lines.stream().anyMatch(l -> FRAMEWORK.matcher(l).find())) framework.add(name);
                }
            }
        });
        LadderEvidence e = parser.result();
        problems.addAll(e.problems());
        return new LadderEvidence(e.files(), e.barLines(), e.vram(), e.refusals(), e.dmaMasks(), e.matrices(), runs,
                tables, logs, probes, framework, e.cpuVendor(), e.cpuFamily(), e.cpuLine(), problems);
    }

    private static void keep(ParseResult<PeerCopyRun> r, List<PeerCopyRun> runs, List<Problem> problems) {
        if (r.value() == null || r.value().copies().isEmpty() && r.value().access().isEmpty()) return;
        runs.add(r.value());
        problems.addAll(r.problems());
    }
}
