package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.p2p.ChannelTransport;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.RungStatus;

/**
 * Rung 9: the serving framework's own log shows the direct path; tokens per second are never evidence. A framework
 * log is an NCCL_DEBUG=INFO log in which the framework names itself (SGLang, vLLM, torch.distributed, ...).
 */
final class FrameworkRung {

    static final String NAME = "Framework";
    static final String RULE = "The framework's log (run with NCCL_DEBUG=INFO) must show the direct path:"
            + " 'isAllDirectP2p 1' or every channel between the pair 'via P2P/IPC' (or P2P/CUMEM), never 'via SHM'"
            + " or 'via NET'. A model that starts and serves proves nothing: SHM also lets tensor parallel run."
            + " Tokens per second are never evidence for any rung.";
    static final String NEXT = "start the framework with NCCL_DEBUG=INFO, save its log, and pass it with --evidence"
            + " (look for 'isAllDirectP2p 1' and 'via P2P/IPC', not 'via SHM')";

    private FrameworkRung() {
    }

    static Rung of(Pair p) {
        List<Evidence> ev = new ArrayList<>();
        Boolean direct = null;
        String bad = null;
        List<String> elsewhere = new ArrayList<>();
        String busA = p.a().bdf().toString();
        String busB = p.b().bdf().toString();
        for (NcclLog log : p.ev().ncclLogs()) {
            if (!p.ev().frameworkFiles().contains(log.file())) continue;
            // the flag speaks for the ranks of that run: it counts for this pair only where the log names both
            // cards (a run whose comm lines name no bus ids at all is taken as it is)
            boolean covers = log.rankBus().isEmpty() || log.rankOf(busA) >= 0 && log.rankOf(busB) >= 0;
            if (log.allDirectP2p() != null && !covers) {
                elsewhere.add(log.file() + " (its ranks: " + String.join(", ", new java.util.TreeSet<>(
                        log.rankBus().values())) + ")");
            } else if (log.allDirectP2p() != null) {
                if (log.allDirectAt() != null) ev.add(log.allDirectAt());
                direct = direct == null ? log.allDirectP2p() : direct && log.allDirectP2p();
                if (!log.allDirectP2p()) bad = "the log says isAllDirectP2p 0: not every rank pair is on the direct"
                        + " path";
            }
            for (ChannelTransport c : log.betweenBuses(p.a().bdf().toString(), p.b().bdf().toString())) {
                ev.add(c.at());
                if (!c.transport().direct()) {
                    direct = false;
                    if (bad == null) bad = "channel " + c.channel() + " between them goes " + c.transport().words();
                }
                else if (direct == null) direct = true;
            }
        }
        if (direct == null && !elsewhere.isEmpty()) {
            return new Rung(9, NAME, RungStatus.NOT_PROVEN, "The framework log does not cover this pair: "
                    + String.join("; ", elsewhere) + " ran on other cards, so its isAllDirectP2p says nothing about "
                    + p.addr(p.a()) + " and " + p.addr(p.b()) + ".", ev, RULE, NEXT);
        }
        if (direct == null) {
            return new Rung(9, NAME, RungStatus.NOT_PROVEN, "No framework log (SGLang, vLLM, torch.distributed"
                    + " and the like) with NCCL's path lines is in the evidence.", ev, RULE, NEXT);
        }
        if (!direct) {
            return new Rung(9, NAME, RungStatus.FAIL, KernelRung.capital(bad) + ".", ev, RULE, "set NCCL_P2P_LEVEL"
                    + " to this pair's path class (and check the collective library rung's transport lines), restart,"
                    + " and pass the new log with --evidence");
        }
        return new Rung(9, NAME, RungStatus.PASS, "The framework's log shows the direct path (isAllDirectP2p 1 or"
                + " P2P channels only).", ev, RULE, null);
    }
}
