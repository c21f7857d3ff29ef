package dev.lanescope.export;

import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jgrapht.Graph;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.dot.DOTExporter;
import org.jgrapht.nio.graphml.GraphMLExporter;
import org.jgrapht.nio.json.JSONExporter;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.Report;
import dev.lanescope.model.Link;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoEdge;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/** DOT, GraphML and JSON of the topology graph through jgrapht-io, with the verdicts as edge attributes. */
public final class GraphExports {

    public enum Format { DOT, GRAPHML, JSON }

    private GraphExports() {
    }

    public static String export(Topology topology, Report report, Format format) {
        Graph<TopoNode, TopoEdge> g = topology.graph();
        Map<Link, HopVerdict> verdicts = new LinkedHashMap<>();
        for (HopVerdict h : report.hops()) {
            if (h.link().device() != null) verdicts.put(h.link(), h);
        }
        StringWriter out = new StringWriter();
        switch (format) {
            case DOT -> {
                DOTExporter<TopoNode, TopoEdge> e = new DOTExporter<>(GraphExports::dotId);
                e.setGraphIdProvider(() -> "lanescope");
                e.setVertexAttributeProvider(GraphExports::vertexAttributes);
                e.setEdgeAttributeProvider(edge -> edgeAttributes(edge, verdicts));
                e.exportGraph(g, out);
            }
            case GRAPHML -> {
                GraphMLExporter<TopoNode, TopoEdge> e = new GraphMLExporter<>(TopoNode::id);
                e.setVertexAttributeProvider(GraphExports::vertexAttributes);
                e.setEdgeAttributeProvider(edge -> edgeAttributes(edge, verdicts));
                for (String k : new String[] {"label", "role", "class", "name"}) {
                    e.registerAttribute(k, GraphMLExporter.AttributeCategory.NODE,
                            org.jgrapht.nio.AttributeType.STRING);
                }
                for (String k : new String[] {"kind", "trained", "capable", "target", "verdict", "reason", "label"}) {
                    e.registerAttribute(k, GraphMLExporter.AttributeCategory.EDGE,
                            org.jgrapht.nio.AttributeType.STRING);
                }
                e.exportGraph(g, out);
            }
            case JSON -> {
                JSONExporter<TopoNode, TopoEdge> e = new JSONExporter<>(TopoNode::id);
                e.setVertexAttributeProvider(GraphExports::vertexAttributes);
                e.setEdgeAttributeProvider(edge -> edgeAttributes(edge, verdicts));
                e.exportGraph(g, out);
            }
        }
        return out.toString();
    }

    private static String dotId(TopoNode n) {
        return "\"" + n.id() + "\"";
    }

    private static Map<String, Attribute> vertexAttributes(TopoNode n) {
        Map<String, Attribute> m = new LinkedHashMap<>();
        if (n instanceof TopoNode.RootComplex rc) {
            m.put("label", DefaultAttribute.createAttribute(rc.label()));
            m.put("role", DefaultAttribute.createAttribute("root-complex"));
        } else if (n instanceof TopoNode.FunctionNode fn) {
            PciFunction f = fn.function();
            m.put("label", DefaultAttribute.createAttribute(f.bdf() + "\n" + f.shortName()));
            m.put("role", DefaultAttribute.createAttribute(fn.role().name().toLowerCase(java.util.Locale.ROOT)));
            m.put("class", DefaultAttribute.createAttribute(f.classHex()));
            m.put("name", DefaultAttribute.createAttribute(f.shortName()));
        }
        return m;
    }

    private static Map<String, Attribute> edgeAttributes(TopoEdge e, Map<Link, HopVerdict> verdicts) {
        Map<String, Attribute> m = new LinkedHashMap<>();
        m.put("kind", DefaultAttribute.createAttribute(e.kind().name().toLowerCase(java.util.Locale.ROOT)));
        if (e.isLink()) {
            Link l = e.link();
            String trained = l.trained() == null ? "?" : l.trained().genText();
            String capable = l.capable() == null ? "?" : l.capable().genText();
            m.put("trained", DefaultAttribute.createAttribute(trained));
            m.put("capable", DefaultAttribute.createAttribute(capable));
            if (l.target() != null) m.put("target", DefaultAttribute.createAttribute(l.target().genLabel()));
            m.put("label", DefaultAttribute.createAttribute(trained + " / cap " + capable));
            HopVerdict h = verdicts.get(l);
            if (h != null) {
                m.put("verdict", DefaultAttribute.createAttribute(h.verdict().key()));
                m.put("reason", DefaultAttribute.createAttribute(h.reason()));
            }
        }
        return m;
    }
}
