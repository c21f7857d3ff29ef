package dev.lanescope.model;

/**
 * An edge of the topology graph. Identity equality on purpose: JGraphT keys edges by equality, and two
 * edges can carry equal facts. A LINK edge carries the hop facts; a PLAIN edge is parent/child only
 * (root complex to its functions, switch upstream port to its downstream ports, bridge to PCI devices).
 */
public final class TopoEdge {

    public enum Kind { LINK, PLAIN }

    private final Kind kind;
    private final Link link;

    private TopoEdge(Kind kind, Link link) {
        this.kind = kind;
        this.link = link;
    }

    public static TopoEdge link(Link link) {
        if (link == null) throw new IllegalArgumentException("link must not be null");
        return new TopoEdge(Kind.LINK, link);
    }

    public static TopoEdge plain() {
        return new TopoEdge(Kind.PLAIN, null);
    }

    public Kind kind() {
        return kind;
    }

    /** The hop facts; null on a PLAIN edge. */
    public Link link() {
        return link;
    }

    public boolean isLink() {
        return kind == Kind.LINK;
    }

    @Override
    public String toString() {
        return kind == Kind.LINK ? "link " + link.port().bdf() + " -> " + link.device().bdf() : "plain";
    }
}
