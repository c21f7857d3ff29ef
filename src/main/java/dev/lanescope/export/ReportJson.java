package dev.lanescope.export;

import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.analysis.AtomicsVerdict;
import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.PeerPair;
import dev.lanescope.analysis.Report;
import dev.lanescope.model.Capture;
import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * The machine form of an analysis ({@code lanescope analyze --json}). The keys listed in the README are a
 * contract for scripts: keep them; add freely.
 */
public final class ReportJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ReportJson() {
    }

    public static ObjectNode of(Topology topology, Report report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("capture", topology.capture().label());
        root.set("files", files(topology.capture()));
        ObjectNode meta = root.putObject("metadata");
        topology.capture().metadata().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(e -> meta.put(e.getKey(), e.getValue()));

        ArrayNode functions = root.putArray("functions");
        for (TopoNode.FunctionNode n : topology.functions()) {
            PciFunction f = n.function();
            ObjectNode o = functions.addObject();
            o.put("bdf", f.bdf().toString());
            o.put("type", f.portType() != null ? f.portType().token() : roleToken(n));
            o.put("role", n.role().name().toLowerCase(Locale.ROOT));
            o.put("kind", dev.lanescope.model.DeviceKind.of(topology, n).noun());
            o.put("roleInferred", n.roleInferred());
            o.put("parent", topology.parent(n).map(TopoNode::id).orElse(null));
            o.put("class", f.classHex());
            o.put("className", f.className());
            o.put("name", f.vendorDeviceName());
            if (f.vendorId() >= 0) o.put("vendorId", String.format(Locale.ROOT, "%04x", f.vendorId()));
            if (f.deviceId() >= 0) o.put("deviceId", String.format(Locale.ROOT, "%04x", f.deviceId()));
            if (f.numaNode() >= 0) o.put("numaNode", f.numaNode());
            if (f.driver() != null) o.put("driver", f.driver());
            o.put("capabilitiesHidden", f.capabilitiesHidden());
        }

        ArrayNode hops = root.putArray("hops");
        for (HopVerdict h : report.hops()) {
            ObjectNode o = hops.addObject();
            o.put("port", h.link().port().bdf().toString());
            o.put("device", h.link().device() == null ? null : h.link().device().bdf().toString());
            o.set("capable", state(h.link().capable()));
            o.set("trained", state(h.link().trained()));
            putSpeed(o, "targetGts", h.link().target());
            o.put("trainedFrom", h.link().trainedFrom().name().toLowerCase(Locale.ROOT));
            o.put("verdict", h.verdict().key());
            o.put("reason", h.reason());
            o.put("advice", h.verdict().advice());
            ArrayNode sec = o.putArray("secondary");
            h.secondary().forEach(v -> sec.add(v.key()));
        }

        ArrayNode endpoints = root.putArray("endpoints");
        for (PathCeiling c : report.ceilings()) {
            ObjectNode o = endpoints.addObject();
            o.put("bdf", c.device().toString());
            if (c.known()) {
                o.put("availableGbps", gbps(c.availableMbps()));
            } else {
                o.putNull("availableGbps");
            }
            o.put("limitingBdf", c.limitingBdf() == null ? null : c.limitingBdf().toString());
            o.put("sentence", c.sentence());
            o.put("kernelLine", c.kernelLine() == null ? null : c.kernelLine().text());
            o.put("kernelMismatch", c.mismatch());
            if (c.pathCapableMbps() >= 0) {
                o.put("pathCapableGbps", gbps(c.pathCapableMbps()));
            } else {
                o.putNull("pathCapableGbps");
            }
            if (c.capableMbps() > 0) o.put("capableGbps", gbps(c.capableMbps()));
            AtomicsVerdict a = report.atomics().stream().filter(x -> x.endpoint().equals(c.device())).findFirst()
                    .orElse(null);
            if (a != null) o.set("atomics", atomics(a));
        }
        // endpoints that have an atomics verdict but no ceiling entry
        for (AtomicsVerdict a : report.atomics()) {
            boolean listed = report.ceilings().stream().anyMatch(c -> c.device().equals(a.endpoint()));
            if (!listed) {
                ObjectNode o = endpoints.addObject();
                o.put("bdf", a.endpoint().toString());
                o.putNull("availableGbps");
                o.putNull("limitingBdf");
                o.putNull("kernelLine");
                o.putNull("pathCapableGbps");
                o.set("atomics", atomics(a));
            }
        }

        ArrayNode peers = root.putArray("peers");
        int listed = 0;
        for (PeerPair p : report.peers()) {
            if (listed++ >= Report.PAIRS_LISTED) break;
            ObjectNode o = peers.addObject();
            o.put("a", p.a().toString());
            o.put("b", p.b().toString());
            o.put("pathClass", p.pathClass().name());
            ArrayNode acs = o.putArray("acsRedirectAt");
            p.acsRedirectAt().forEach(b -> acs.add(b.toString()));
            o.put("ncclP2pLevel", p.ncclP2pLevel());
            ArrayNode bars = o.putArray("barsAbove44Bit");
            p.barsAbove44Bit().forEach(bars::add);
            o.put("throughChipset", p.throughChipset());
            if (p.nvlink() != null) o.put("nvlink", p.nvlink());
            o.put("explanation", p.explanation());
        }
        if (report.peers().size() > Report.PAIRS_LISTED) {
            root.put("peersNotListed", report.peers().size() - Report.PAIRS_LISTED);
        }
        ArrayNode summary = root.putArray("summary");
        report.summary().forEach(summary::add);
        root.set("problems", problems(topology.problems()));
        return root;
    }

    /** For unusable input: the files and problems only, same keys. */
    public static ObjectNode problemsOnly(Capture capture) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("capture", capture.label());
        root.set("files", files(capture));
        root.putArray("functions");
        root.putArray("hops");
        root.putArray("endpoints");
        root.putArray("peers");
        root.set("problems", problems(capture.problems()));
        return root;
    }

    private static ArrayNode files(Capture capture) {
        ArrayNode files = MAPPER.createArrayNode();
        for (CaptureFile f : capture.files()) {
            ObjectNode o = files.addObject();
            o.put("name", f.name());
            o.put("role", f.role().name());
            o.put("detail", f.detail());
        }
        return files;
    }

    private static ArrayNode problems(java.util.List<Problem> list) {
        ArrayNode arr = MAPPER.createArrayNode();
        for (Problem p : list) {
            ObjectNode o = arr.addObject();
            o.put("file", p.file());
            o.put("line", p.line());
            o.put("severity", p.severity().token());
            o.put("message", p.message());
        }
        return arr;
    }

    private static ObjectNode atomics(AtomicsVerdict a) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("verdict", a.status().name());
        o.put("breaksAt", a.breaksAt() == null ? null : a.breaksAt().toString());
        o.put("missingBit", a.missingBit());
        o.put("reason", a.reason());
        o.put("needed", a.need().matters());
        return o;
    }

    private static ObjectNode state(LinkState s) {
        if (s == null) return null;
        ObjectNode o = MAPPER.createObjectNode();
        putSpeed(o, "gts", s.speed());
        o.put("width", s.width());
        o.put("gbps", s.speed().isKnown() ? gbps(s.mbps()) : null);
        return o;
    }

    private static void putSpeed(ObjectNode o, String key, LinkSpeed speed) {
        if (speed == null || !speed.isKnown()) {
            o.putNull(key);
        } else {
            o.put(key, speed.gtsValue());
        }
    }

    /** Gb/s with the kernel's three decimals, as a JSON number. */
    private static java.math.BigDecimal gbps(long mbps) {
        return new java.math.BigDecimal(LinkState.formatGbps(mbps));
    }

    private static String roleToken(TopoNode.FunctionNode n) {
        return n.function().express() == null && !n.function().capabilitiesHidden() ? "pci" : "unknown";
    }
}
