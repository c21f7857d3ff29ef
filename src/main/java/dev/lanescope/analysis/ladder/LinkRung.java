package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.LinkVerdicts;
import dev.lanescope.analysis.Tunnel;
import dev.lanescope.model.Link;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.RungStatus;

/** Rung 2: the links between the two cards, by the project's link verdicts; an idle downshift is not a failure. */
final class LinkRung {

    static final String NAME = "Link";
    static final String RULE = "Every link on the path between the two cards (up to the switch they share, or up to"
            + " their root ports) gets the link verdict lanescope gives everywhere: lost lanes or a speed trained low"
            + " without an idle explanation fail; an idle GPU's 2.5 GT/s, a platform cap or a narrow socket do not.";

    private LinkRung() {
    }

    /** The links on the path between the two devices, each once, device end first. */
    static List<Link> pathLinks(Pair p) {
        Optional<TopoNode> lca = p.t().lowestCommonAncestor(p.a(), p.b());
        Set<Link> out = new LinkedHashSet<>();
        for (TopoNode.FunctionNode n : p.both()) {
            for (Link l : p.t().linksUpward(n)) {
                if (lca.isPresent() && lca.get() instanceof TopoNode.FunctionNode lf
                        && l.device() != null && l.device().bdf().equals(lf.bdf())) break;
                out.add(l);
            }
        }
        return new ArrayList<>(out);
    }

    /** The verdict as the legend says it. */
    static String words(LinkVerdict v) {
        return switch (v) {
            case OK -> "full speed and width";
            case IDLE_DOWNSHIFT -> "idle downshift";
            case TARGET_CAPPED -> "capped by the platform";
            case WIRED_NARROW -> "socket wired narrower";
            case WIDTH_DEGRADED -> "lanes lost";
            case SPEED_DEGRADED -> "speed trained low";
            case TUNNELLED -> "a tunnel";
            case LINK_DOWN -> "link down";
            case UNKNOWN -> "unknown";
        };
    }

    static Rung of(Pair p) {
        String nv = p.nvlink();
        List<Link> links = pathLinks(p);
        List<Evidence> ev = new ArrayList<>();
        List<String> faults = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        int known = 0;
        for (Link l : links) {
            HopVerdict h = LinkVerdicts.classify(p.t(), l);
            Evidence at = Pair.recordLine(l.port());
            if (at != null) ev.add(new Evidence(at.file(), at.line(), h.hopLabel() + ": " + words(h.verdict()) + ": "
                    + h.reason()));
            if (h.verdict() != LinkVerdict.UNKNOWN) known++;
            if (h.verdict().isFault()) faults.add(h.hopLabel() + " " + h.reason());
            else if (h.verdict() == LinkVerdict.IDLE_DOWNSHIFT) notes.add(h.hopLabel() + " idles low (not a fault)");
        }
        if (nv != null) {
            return new Rung(2, NAME, RungStatus.PASS, "nvidia-smi joins them by NVLink (" + nv + "): their peer"
                    + " traffic does not cross these PCIe links." + (faults.isEmpty() ? "" : " (A PCIe link is"
                    + " degraded all the same: " + String.join("; ", faults) + ".)"), ev, RULE, null);
        }
        if (!faults.isEmpty()) {
            return new Rung(2, NAME, RungStatus.FAIL, "A link on their path is degraded: " + String.join("; ", faults)
                    + ".", ev, RULE, "reseat the card or fix the riser, reboot, and re-capture `sudo lspci -vv`;"
                    + " then prove the link under load: `lanescope probe --gpu N`");
        }
        if (links.isEmpty() || known == 0) {
            return new Rung(2, NAME, RungStatus.NOT_PROVEN, links.isEmpty()
                    ? "The capture shows no port above either card (a virtual machine hides the host's path), so"
                    + " their links cannot be judged from registers." : "The capture hides the link registers on"
                    + " their path.", ev, RULE, links.isEmpty()
                    ? "measure it: `lanescope probe --gpu N` on each card (the achieved rate proves the link)"
                    : "capture `sudo lspci -vv` (root shows the link registers)");
        }
        return new Rung(2, NAME, RungStatus.PASS, "Every link on their path trained as it should"
                + (notes.isEmpty() ? "." : "; " + String.join("; ", notes) + ".") + carry(p, links), ev, RULE, null);
    }

    /**
     * What the path can carry at most, each way, and which hop sets it: a Thunderbolt/USB4 tunnel by its PCIe budget
     * (never the tunnel port's reported link), any other link by what both its ends can train to. Empty when no hop's
     * capability is known.
     */
    static String carry(Pair p, List<Link> links) {
        long best = Long.MAX_VALUE;
        String where = null;
        String tunnelNote = "";
        for (Link l : links) {
            HopVerdict h = LinkVerdicts.classify(p.t(), l);
            long mbps;
            String what;
            if (h.verdict() == LinkVerdict.TUNNELLED) {
                Tunnel tu = null;
                for (TopoNode.FunctionNode n : p.both()) {
                    tu = Tunnel.of(p.t(), n).orElse(tu);
                }
                if (tu == null || tu.budgetMbps() < 0) {
                    tunnelNote = " Their path crosses a Thunderbolt/USB4 tunnel at " + h.hopLabel() + ": "
                            + new Tunnel(null, -1).budgetWords() + " at most, whatever its reported link says.";
                    continue;
                }
                mbps = tu.budgetMbps();
                what = "the Thunderbolt/USB4 tunnel at " + h.hopLabel() + " (" + tu.budgetWords() + "; its reported "
                        + (l.capable() == null ? "link" : l.capable().display()) + " is not the wire)";
            } else {
                if (l.capable() == null || !l.capable().isKnown() || l.capable().mbps() <= 0) continue;
                mbps = l.capable().mbps();
                what = h.hopLabel() + " (" + l.capable().display() + ")";
            }
            if (mbps < best) {
                best = mbps;
                where = what;
            }
        }
        if (where == null) return tunnelNote;
        return String.format(java.util.Locale.ROOT, " At most %.2f GB/s each way can cross their path: its narrowest"
                + " hop is %s.", best / 8000.0, where) + tunnelNote;
    }
}
