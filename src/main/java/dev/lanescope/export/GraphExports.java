package dev.lanescope.export;

import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.AttributeType;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.dot.DOTExporter;
import org.jgrapht.nio.graphml.GraphMLExporter;
import org.jgrapht.nio.json.JSONExporter;

import dev.lanescope.model.Link;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoEdge;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * The topology graph as DOT, GraphML or JSON through jgrapht-io. Vertices carry the BDF, name, class and role;
 * link edges carry trained, capable, target and (when given) the hop verdict. JavaFX-free.
 */
public final class GraphExports {

    public enum Format { DOT, GRAPHML, JSON }

    private GraphExports() {
    }

    /** Writes the graph atomically (temp file in the target folder, then a rename). */
    public static Path write(Topology t, Function<Link, String> verdict, Format format, Path out) throws IOException {
        return AtomicFiles.writeString(out, text(t, verdict, format));
    }

    public static String text(Topology t, Function<Link, String> verdict, Format format) {
        StringWriter w = new StringWriter();
        export(t, verdict == null ? l -> null : verdict, format, w);
        return w.toString();
    }

    private static void export(Topology t, Function<Link, String> verdict, Format format, Writer w) {
        Function<TopoNode, String> id = n -> n.id().replaceAll("[^A-Za-z0-9]", "_");
        Function<TopoNode, Map<String, Attribute>> va = GraphExports::vertexAttributes;
        Function<TopoEdge, Map<String, Attribute>> ea = e -> edgeAttributes(e, verdict);
        switch (format) {
            case DOT -> {
                DOTExporter<TopoNode, TopoEdge> x = new DOTExporter<>(id);
                x.setGraphAttributeProvider(() -> Map.of("rankdir", DefaultAttribute.createAttribute("TB")));
                x.setVertexAttributeProvider(n -> {
                    Map<String, Attribute> m = new LinkedHashMap<>(va.apply(n));
                    m.put("label", DefaultAttribute.createAttribute(m.get("bdf") + "\n" + m.get("name")));
                    m.put("shape", DefaultAttribute.createAttribute("box"));
                    return m;
                });
                x.setEdgeAttributeProvider(e -> {
                    Map<String, Attribute> m = new LinkedHashMap<>(ea.apply(e));
                    if (e.isLink()) m.put("label", DefaultAttribute.createAttribute(label(e.link())));
                    return m;
                });
                x.exportGraph(t.graph(), w);
            }
            case GRAPHML -> {
                GraphMLExporter<TopoNode, TopoEdge> x = new GraphMLExporter<>(id);
                for (String a : new String[] {"bdf", "name", "class", "role"}) {
                    x.registerAttribute(a, GraphMLExporter.AttributeCategory.NODE, AttributeType.STRING);
                }
                for (String a : new String[] {"kind", "trained", "capable", "target", "verdict"}) {
                    x.registerAttribute(a, GraphMLExporter.AttributeCategory.EDGE, AttributeType.STRING);
                }
                x.setVertexAttributeProvider(va);
                x.setEdgeAttributeProvider(ea);
                x.exportGraph(t.graph(), w);
            }
            case JSON -> {
                JSONExporter<TopoNode, TopoEdge> x = new JSONExporter<>(id);
                x.setVertexAttributeProvider(va);
                x.setEdgeAttributeProvider(ea);
                x.exportGraph(t.graph(), w);
            }
        }
    }

    private static Map<String, Attribute> vertexAttributes(TopoNode n) {
        Map<String, Attribute> m = new LinkedHashMap<>();
        if (n instanceof TopoNode.FunctionNode f) {
            PciFunction fn = f.function();
            m.put("bdf", DefaultAttribute.createAttribute(fn.bdf().toString()));
            m.put("name", DefaultAttribute.createAttribute(fn.shortName()));
            m.put("class", DefaultAttribute.createAttribute(fn.classHex()));
            m.put("role", DefaultAttribute.createAttribute(f.role().name()));
        } else if (n instanceof TopoNode.RootComplex rc) {
            m.put("bdf", DefaultAttribute.createAttribute(rc.id()));
            m.put("name", DefaultAttribute.createAttribute(rc.label()));
            m.put("role", DefaultAttribute.createAttribute("ROOT_COMPLEX"));
        }
        return m;
    }

    private static Map<String, Attribute> edgeAttributes(TopoEdge e, Function<Link, String> verdict) {
        Map<String, Attribute> m = new LinkedHashMap<>();
        m.put("kind", DefaultAttribute.createAttribute(e.kind().name()));
        if (e.isLink()) {
            Link l = e.link();
            m.put("trained", DefaultAttribute.createAttribute(l.trained() == null ? "unknown" : l.trained().genText()));
            m.put("capable", DefaultAttribute.createAttribute(l.capable() == null ? "unknown" : l.capable().genText()));
            m.put("target", DefaultAttribute.createAttribute(l.target() == null ? "none" : l.target().genLabel()));
            String v = verdict.apply(l);
            if (v != null) m.put("verdict", DefaultAttribute.createAttribute(v));
        }
        return m;
    }

    private static String label(Link l) {
        return (l.trained() == null ? "?" : l.trained().genText()) + " / cap "
                + (l.capable() == null ? "?" : l.capable().genText());
    }
}
