package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.lanescope.analysis.PeerPaths;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.ladder.PeerAccessMatrix;
import dev.lanescope.model.p2p.PeerAccess;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.RungStatus;

/** Rung 5: the driver's own peer-access answer (nvidia-smi topo -p2p r, rocm-smi --showtopoaccess, canAccessPeer). */
final class DriverRung {

    static final String NAME = "Driver peer access";
    static final String RULE = "The driver must say yes in both directions: nvidia-smi topo -p2p r shows OK (CNS is"
            + " 'chipset not supported'), rocm-smi --showtopoaccess shows True, or the peer probe's"
            + " cudaDeviceCanAccessPeer / hipDeviceCanAccessPeer matrix is true. A yes here is permission, not speed:"
            + " hipMemcpyPeer succeeding is not proof of fast direct P2P (rung 6 measures).";

    private DriverRung() {
    }

    /** One matrix's answer for the pair: the two cells (a to b, b to a) and their lines, or null when it cannot tell. */
    record Answer(PeerAccessMatrix m, String ab, String ba, List<Evidence> lines) {
        boolean yes() {
            return PeerAccessMatrix.isYes(ab) && PeerAccessMatrix.isYes(ba);
        }
    }

    static Rung of(Pair p) {
        List<Answer> answers = new ArrayList<>();
        for (PeerAccessMatrix m : p.ev().matrices()) {
            Answer a = answer(p, m);
            if (a != null) answers.add(a);
        }
        Answer probe = probeAnswer(p);
        if (probe != null) answers.add(probe);
        return judge(p, answers);
    }

    /** The peer probe's canAccessPeer answers for this pair (both directions), or null when it did not ask. */
    static Answer probeAnswer(Pair p) {
        MeasuredRungs.PairRun r = MeasuredRungs.pairRun(p);
        if (r == null) return null;
        PeerAccess ab = null;
        PeerAccess ba = null;
        for (PeerAccess x : r.run().access()) {
            if (x.from() == r.a() && x.to() == r.b()) ab = x;
            if (x.from() == r.b() && x.to() == r.a()) ba = x;
        }
        if (ab == null || ba == null) return null;
        String api = p.bothAmdGpus() ? "hipDeviceCanAccessPeer" : "cudaDeviceCanAccessPeer";
        PeerAccessMatrix m = new PeerAccessMatrix(api + " (" + r.run().tool() + ")", List.of("a", "b"), Map.of(),
                Map.of(), Map.of());
        List<Evidence> lines = new ArrayList<>();
        if (ab.at() != null) lines.add(ab.at());
        if (ba.at() != null) lines.add(ba.at());
        return new Answer(m, ab.canAccess() ? "True" : "False", ba.canAccess() ? "True" : "False", lines);
    }

    static Rung judge(Pair p, List<Answer> answers) {
        List<Evidence> ev = new ArrayList<>();
        for (Answer a : answers) ev.addAll(a.lines());
        if (answers.isEmpty()) {
            return new Rung(5, NAME, RungStatus.NOT_PROVEN, "No driver answer for this pair is in the capture or the"
                    + " evidence files.", ev, RULE, nextCommand(p));
        }
        for (Answer a : answers) {
            if (!a.yes()) {
                return new Rung(5, NAME, RungStatus.FAIL, a.m().tool() + " says " + p.addr(p.a()) + " to "
                        + p.addr(p.b()) + ": " + PeerAccessMatrix.cellWords(a.ab()) + ", back: "
                        + PeerAccessMatrix.cellWords(a.ba()) + ".", ev, RULE, "fix the lowest failed rung below"
                        + " this one first; if all pass, see the driver's log: " + logCommand(p));
            }
        }
        return new Rung(5, NAME, RungStatus.PASS, answers.get(0).m().tool() + " allows peer access both ways between "
                + p.addr(p.a()) + " and " + p.addr(p.b()) + ".", ev, RULE, null);
    }

    static String nextCommand(Pair p) {
        if (p.bothNvidiaGpus()) return "`nvidia-smi topo -p2p r`, or the peer probe: `make -C native-probes p2p &&"
                + " native-probes/build/p2p_bw --quick`";
        if (p.bothAmdGpus()) return "`rocm-smi --showtopoaccess` and `rocm-smi --showbus`, and `sudo dmesg | grep -E"
                + " 'amdgpu.*(P2P|Detected VRAM)'`";
        return "`nvidia-smi topo -p2p r` or `rocm-smi --showtopoaccess`, whichever driver runs these cards";
    }

    private static String logCommand(Pair p) {
        return p.bothNvidiaGpus() ? "`sudo dmesg | grep -i nvrm`" : "`sudo dmesg | grep -i amdgpu`";
    }

    private static Answer answer(Pair p, PeerAccessMatrix m) {
        String la = label(p, m, p.a().bdf());
        String lb = label(p, m, p.b().bdf());
        if (la == null || lb == null) {
            String uniform = uniform(m);
            if (uniform == null || !vendorFits(p, m) || m.labels().size() != gpuCount(p)) return null;
            la = m.labels().get(0);
            lb = m.labels().get(1);
        }
        Map<String, String> ra = m.cells().get(la);
        Map<String, String> rb = m.cells().get(lb);
        if (ra == null || rb == null) return null;
        List<Evidence> lines = new ArrayList<>();
        if (m.rows().get(la) != null) lines.add(m.rows().get(la));
        if (m.rows().get(lb) != null) lines.add(m.rows().get(lb));
        return new Answer(m, ra.get(lb), rb.get(la), lines);
    }

    private static String label(Pair p, PeerAccessMatrix m, Bdf bdf) {
        for (Map.Entry<String, Bdf> e : m.busIds().entrySet()) {
            if (e.getValue().device0().equals(bdf.device0())) return e.getKey();
        }
        if (m.tool().startsWith("nvidia-smi")) {
            String l = PeerPaths.gpuLabel(p.t(), bdf);
            if (l != null && m.labels().contains(l)) return l;
        }
        return null;
    }

    /** The one value every off-diagonal cell has, or null when they differ. */
    private static String uniform(PeerAccessMatrix m) {
        String v = null;
        for (String r : m.labels()) {
            for (String c : m.labels()) {
                if (r.equals(c)) continue;
                String cell = m.cells().getOrDefault(r, Map.of()).get(c);
                if (cell == null || v != null && !v.equalsIgnoreCase(cell)) return null;
                v = cell;
            }
        }
        return v;
    }

    private static boolean vendorFits(Pair p, PeerAccessMatrix m) {
        return m.tool().startsWith("nvidia") ? p.bothNvidiaGpus() : m.tool().startsWith("rocm") ? p.bothAmdGpus()
                : true;
    }

    private static int gpuCount(Pair p) {
        int n = 0;
        java.util.Set<Bdf> seen = new java.util.HashSet<>();
        for (TopoNode.FunctionNode f : p.t().functions()) {
            if (dev.lanescope.model.DeviceKind.of(p.t(), f).isGpu() && seen.add(f.bdf().device0())) n++;
        }
        return n;
    }
}
