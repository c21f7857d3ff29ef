package dev.lanescope.cli;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.lanescope.analysis.AtomicsVerdict;
import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.PeerPair;
import dev.lanescope.analysis.Report;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.Link;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.Units;

/**
 * The readable form of {@code lanescope analyze}: what is wrong first, then the tree with the verdict of every
 * hop on the line of the device it leads to, then ceilings, atomics and peers, then reading problems.
 */
final class TextReport {

    private TextReport() {
    }

    static String render(Topology topology, Report report) {
        StringBuilder sb = new StringBuilder();
        filesRead(sb, topology);
        whatToLookAt(sb, report);
        topologyTree(sb, topology, report);
        ceilings(sb, report);
        atomics(sb, report);
        peers(sb, report);
        problems(sb, topology.problems());
        return sb.toString();
    }

    /** The capture's name and how each of its files was read. */
    private static void filesRead(StringBuilder sb, Topology topology) {
        sb.append("lanescope: ").append(topology.capture().label()).append('\n');
        for (CaptureFile f : topology.capture().files()) {
            sb.append("  read ").append(f.name()).append(" as ").append(f.role().label());
            if (f.detail() != null && !f.detail().isBlank()) sb.append(" (").append(f.detail()).append(')');
            sb.append('\n');
        }
        sb.append('\n');
    }

    /** The summary, faults first. */
    private static void whatToLookAt(StringBuilder sb, Report report) {
        sb.append("What to look at, faults first\n");
        List<String> summary = report.summary();
        if (summary.isEmpty()) sb.append("  nothing: every hop trained as its ends allow\n");
        for (String s : summary) sb.append("  * ").append(s).append('\n');
        sb.append('\n');
    }

    /** Every root complex and the tree below it, each device with the verdict of the link above it. */
    private static void topologyTree(StringBuilder sb, Topology topology, Report report) {
        Map<Bdf, HopVerdict> byDevice = new HashMap<>();
        Map<Bdf, HopVerdict> emptyPorts = new HashMap<>();
        for (HopVerdict h : report.hops()) {
            if (h.link().device() == null) emptyPorts.put(h.link().port().bdf(), h);
            else byDevice.put(h.link().device().bdf(), h);
        }
        sb.append("Topology (verdict of the link above each device)\n");
        for (TopoNode.RootComplex rc : topology.rootComplexes()) {
            sb.append(rc.label()).append('\n');
            for (TopoNode child : topology.children(rc)) {
                tree(sb, topology, child, "  ", byDevice, emptyPorts);
            }
        }
        sb.append('\n');
    }

    private static void ceilings(StringBuilder sb, Report report) {
        if (report.ceilings().isEmpty()) return;
        sb.append("Path ceilings (the kernel's rule)\n");
        for (PathCeiling c : report.ceilings()) {
            sb.append("  ").append(c.device()).append(": ").append(c.sentence()).append('\n');
            sb.append("      path capable: ").append(c.pathCapableGbps())
                    .append(c.pathCapableMbps() < 0 ? "" : " Gb/s").append('\n');
            if (c.hostPathNote() != null) sb.append("      ").append(c.hostPathNote()).append('\n');
            if (c.kernelLine() != null) {
                sb.append("      kernel said: ").append(c.kernelLine().text()).append('\n');
                if (c.mismatch() != null) sb.append("      mismatch: ").append(c.mismatch()).append('\n');
            }
        }
        sb.append('\n');
    }

    private static void atomics(StringBuilder sb, Report report) {
        if (report.atomics().isEmpty()) return;
        sb.append("AtomicOps to the CPU\n");
        for (AtomicsVerdict a : report.atomics()) {
            sb.append("  ").append(a.endpoint()).append(": ").append(a.words()).append(": ").append(a.reason())
                    .append('\n');
        }
        sb.append('\n');
    }

    /** The listed peer pairs, and how many more there are. */
    private static void peers(StringBuilder sb, Report report) {
        if (report.peers().isEmpty()) return;
        sb.append("Peer paths\n");
        int listed = 0;
        for (PeerPair p : report.peers()) {
            if (listed++ >= Report.PAIRS_LISTED) {
                sb.append("  ... and ").append(Units.count(report.peers().size() - Report.PAIRS_LISTED))
                        .append(" more pairs (the first ").append(Units.count(Report.PAIRS_LISTED))
                        .append(" are listed)\n");
                break;
            }
            sb.append("  ").append(p.a()).append(" <-> ").append(p.b()).append(": ").append(p.classText())
                    .append(", ").append(p.ncclP2pLevel());
            if (!p.acsRedirectAt().isEmpty()) sb.append(", ACS redirects at ").append(p.acsRedirectAt());
            if (!p.barsAbove44Bit().isEmpty()) sb.append(", BARs above 2^44: ").append(p.barsAbove44Bit());
            sb.append('\n');
        }
        sb.append('\n');
    }

    private static void problems(StringBuilder sb, List<Problem> problems) {
        if (problems.isEmpty()) return;
        sb.append("Reading problems\n");
        for (Problem p : problems) sb.append("  ").append(p).append('\n');
    }

    private static void tree(StringBuilder sb, Topology t, TopoNode node, String indent,
                             Map<Bdf, HopVerdict> byDevice, Map<Bdf, HopVerdict> emptyPorts) {
        TopoNode.FunctionNode fn = (TopoNode.FunctionNode) node;
        PciFunction f = fn.function();
        sb.append(indent).append(f.bdf()).append("  ").append(role(fn)).append("  ").append(f.shortName());
        HopVerdict h = byDevice.get(f.bdf());
        if (h != null) {
            sb.append("\n").append(indent).append("    ").append(hopText(h));
        }
        HopVerdict empty = emptyPorts.get(f.bdf());
        if (empty != null) {
            sb.append("\n").append(indent).append("    below: ").append(hopText(empty));
        }
        sb.append('\n');
        for (TopoNode child : t.children(node)) {
            tree(sb, t, child, indent + "  ", byDevice, emptyPorts);
        }
    }

    static String hopText(HopVerdict h) {
        Link l = h.link();
        StringBuilder s = new StringBuilder();
        s.append('[').append(h.verdict().words()).append("] ");
        s.append(l.trained() == null ? "trained ?" : l.trained().genText());
        s.append(" / cap ").append(l.capable() == null ? "?" : l.capable().genText());
        if (l.target() != null) s.append(", target ").append(l.target().genLabel());
        s.append(" - ").append(h.reason());
        if (!h.secondary().isEmpty()) {
            s.append(" (also ").append(String.join(", ", h.secondary().stream().map(LinkVerdict::words).toList()))
                    .append(')');
        }
        return s.toString();
    }

    private static String role(TopoNode.FunctionNode fn) {
        String r = fn.role().name().toLowerCase(Locale.ROOT).replace('_', '-');
        return fn.roleInferred() ? r + "?" : r;
    }
}
