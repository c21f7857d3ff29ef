package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.ladder.DirectP2pFlag;
import dev.lanescope.model.ladder.EvidenceLine;

/** Rung 9: the serving framework's own log shows the direct path; tokens per second are never evidence. */
final class FrameworkRung {

    static final String NAME = "Framework";
    static final String RULE = "The framework's log (run with NCCL_DEBUG=INFO) must show the direct path:"
            + " 'isAllDirectP2p 1' and channels 'via P2P/IPC' (or P2P/CUMEM), never 'via SHM'. A model that starts"
            + " and serves proves nothing: SHM also lets tensor parallel run. Tokens per second are never evidence"
            + " for any rung.";
    static final String NEXT = "start the framework with NCCL_DEBUG=INFO, save its log, and pass it with --evidence"
            + " (look for 'isAllDirectP2p 1' and 'via P2P/IPC', not 'via SHM')";

    private FrameworkRung() {
    }

    static Rung of(Pair p) {
        List<EvidenceLine> ev = new ArrayList<>();
        DirectP2pFlag no = null;
        DirectP2pFlag yes = null;
        for (DirectP2pFlag f : p.ev().directFlags()) {
            ev.add(f.at());
            if (f.allDirect() && yes == null) yes = f;
            if (!f.allDirect() && no == null) no = f;
        }
        if (no != null) {
            return new Rung(9, NAME, RungStatus.FAIL, "The log says isAllDirectP2p 0: not every rank pair is on the"
                    + " direct path.", ev, RULE, "set NCCL_P2P_LEVEL to this pair's class (and check rung 7's"
                    + " transport lines), restart, and pass the new log with --evidence");
        }
        if (yes != null) {
            return new Rung(9, NAME, RungStatus.PASS, "The log says isAllDirectP2p 1: every rank pair on the direct"
                    + " path.", ev, RULE, null);
        }
        return new Rung(9, NAME, RungStatus.NOT_PROVEN, "No framework log with NCCL's path lines is in the"
                + " evidence.", ev, RULE, NEXT);
    }
}
