package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.lanescope.model.p2p.CollectiveProbeRun;
import dev.lanescope.model.p2p.CollectiveProbeRun.OpOutcome;
import dev.lanescope.model.p2p.CollectiveProbeRun.OpStatus;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.RungFinding;
import dev.lanescope.model.p2p.RungStatus;

/**
 * Rung 8 of the P2P ladder, the collective probe's matrix: which parallelism the pair can run at all.
 *
 * <p>The rule. Broadcast, all-reduce and barrier in one group are what tensor parallelism needs from its first
 * step (its start-up broadcast and barrier, then an all-reduce per layer): one of them failing, hanging or crashing
 * on either rank means "tensor parallel is dead here". Send/receive alone, in a fresh group (a failed op leaves its
 * group broken, so it is never tested after one), is what a pipeline's hand-off between stages is: if it fails too,
 * "pipeline parallel is dead too"; if it works, a layer split still runs where a tensor split cannot. A run on the CPU
 * backend (gloo) tests the probe, never the GPUs, and proves nothing here.
 */
public final class CollectiveProbeRung {

    /** What the probe says about one kind of parallelism. */
    public enum Verdict {
        WORKS, DEAD, UNKNOWN
    }

    /** The two verdicts and the finding that states them. */
    public record Matrix(Verdict tensorParallel, Verdict pipelineParallel, RungFinding finding) {
    }

    static final Set<String> COLLECTIVES = Set.of("broadcast", "all_reduce", "barrier");
    static final Set<String> SENDRECV = Set.of("send_recv_0_to_1", "send_recv_1_to_0");

    static final String RULE = "two processes, one per GPU, started from a saved file with a 25 s group timeout: "
            + "broadcast, all_reduce and barrier in one group all succeed on both ranks (else tensor "
            + "parallel is dead); send/recv alone in a fresh group succeeds both ways (else pipeline parallel is dead "
            + "too); a hang is a failure; a CPU (gloo) run proves nothing about the GPUs";

    static final String RUN = "python3 native-probes/collective_probe.py --devices A,B --out collective.jsonl (with "
            + "nothing else using either GPU)";

    private CollectiveProbeRung() {
    }

    public static Matrix judge(CollectiveProbeRun run) {
        if (run == null) {
            return new Matrix(Verdict.UNKNOWN, Verdict.UNKNOWN, new RungFinding(RungStatus.NOT_PROVEN,
                    "The collective probe has not been run on this pair.", RULE, List.of(), RUN));
        }
        Verdict tp = verdict(run, "collectives", COLLECTIVES);
        Verdict pp = verdict(run, "sendrecv", SENDRECV);
        List<Evidence> ev = new ArrayList<>();
        run.ops().stream().filter(o -> o.status().broken()).limit(4).forEach(o -> ev.add(o.at()));
        if ("gloo".equals(run.backend())) {
            return new Matrix(Verdict.UNKNOWN, Verdict.UNKNOWN, new RungFinding(RungStatus.NOT_PROVEN,
                    "This run used the CPU backend (gloo): it tests the probe, not the GPUs.", RULE, ev, RUN));
        }
        String tpWords = switch (tp) {
            case DEAD -> "Tensor parallel is dead here: " + firstBreak(run, "collectives") + ".";
            case WORKS -> "Broadcast, all_reduce and barrier work on both GPUs.";
            case UNKNOWN -> "Broadcast, all_reduce and barrier did not all run" + cut(run) + ".";
        };
        String ppWords = switch (pp) {
            case DEAD -> tp == Verdict.DEAD ? " Pipeline parallel is dead too: send/recv, alone in a fresh group, "
                    + firstBreak(run, "sendrecv") + "." : " Pipeline parallel is dead here: send/recv, alone in a fresh "
                    + "group, " + firstBreak(run, "sendrecv") + ".";
            case WORKS -> tp == Verdict.DEAD ? " Pipeline parallel still works: send/recv alone succeeded both ways, so"
                    + " a layer split can run where a tensor split cannot." : " Send/recv alone works both ways.";
            case UNKNOWN -> " Send/recv alone was not tested to the end" + cut(run) + ".";
        };
        RungStatus status = tp == Verdict.DEAD || pp == Verdict.DEAD ? RungStatus.FAIL
                : tp == Verdict.WORKS && pp == Verdict.WORKS ? RungStatus.PASS : RungStatus.NOT_PROVEN;
        String next = switch (status) {
            case PASS, NOT_APPLICABLE -> null;
            case FAIL -> "get the real error: AMD_LOG_LEVEL=3 (AMD; 'Pcie atomics not enabled' is the PCIe-atomics "
                    + "wall: check the AtomicOps chain) or NCCL_DEBUG=INFO (NVIDIA) before " + RUN;
            case NOT_PROVEN -> "run it to the end: " + RUN;
        };
        return new Matrix(tp, pp, new RungFinding(status, tpWords + ppWords, RULE, ev, next));
    }

    /** DEAD when any op of the phase broke on any rank; WORKS when every op is OK on both ranks; else UNKNOWN. */
    static Verdict verdict(CollectiveProbeRun run, String phase, Set<String> ops) {
        List<OpOutcome> mine = run.ops().stream().filter(o -> phase.equals(o.phase())).toList();
        if (mine.stream().anyMatch(o -> o.status().broken())) return Verdict.DEAD;
        for (String op : ops) {
            for (int rank = 0; rank < 2; rank++) {
                int r = rank;
                if (mine.stream().noneMatch(o -> op.equals(o.op()) && o.rank() == r && o.status() == OpStatus.OK)) {
                    return Verdict.UNKNOWN;
                }
            }
        }
        return Verdict.WORKS;
    }

    /** "all_reduce hung on rank 1 (no answer in 13 s) and failed on rank 0" and the like. */
    static String firstBreak(CollectiveProbeRun run, String phase) {
        OpOutcome first = run.ops().stream().filter(o -> phase.equals(o.phase()) && o.status().broken()).findFirst()
                .orElseThrow();
        StringBuilder sb = new StringBuilder(name(first.op()));
        List<OpOutcome> same = run.ops().stream().filter(o -> phase.equals(o.phase()) && o.status().broken()
                && o.op().equals(first.op())).toList();
        for (int i = 0; i < same.size(); i++) {
            OpOutcome o = same.get(i);
            sb.append(i == 0 ? " " : " and ").append(how(o)).append(" on rank ").append(o.rank());
        }
        return sb.toString();
    }

    private static String how(OpOutcome o) {
        return switch (o.status()) {
            case HANG -> String.format(Locale.ROOT, "hung (no answer in %.0f s)", o.seconds());
            case CRASH -> "crashed";
            default -> o.error() != null && o.error().toLowerCase(Locale.ROOT).contains("timed out")
                    ? "timed out" : "failed";
        };
    }

    private static String name(String op) {
        return switch (op) {
            case "send_recv_0_to_1" -> "rank 0 sending to rank 1";
            case "send_recv_1_to_0" -> "rank 1 sending to rank 0";
            case "init" -> "joining the group";
            default -> op;
        };
    }

    private static String cut(CollectiveProbeRun run) {
        return run.ended() ? "" : " (the probe stopped before its end)";
    }
}
