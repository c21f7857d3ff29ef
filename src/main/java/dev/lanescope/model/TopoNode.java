package dev.lanescope.model;

/** A vertex of the topology graph: a root complex (one per domain and root bus) or a PCI function. */
public sealed interface TopoNode permits TopoNode.RootComplex, TopoNode.FunctionNode {

    /** Stable identifier: {@code rc:DDDD:BB} or the full BDF. */
    String id();

    /** A root complex: one per PCI domain and root bus, labelled by its host bridge when the capture has one. */
    record RootComplex(int domain, int bus, PciFunction hostBridge) implements TopoNode {
        @Override
        public String id() {
            return String.format(java.util.Locale.ROOT, "rc:%04x:%02x", domain, bus);
        }

        public String label() {
            String base = String.format(java.util.Locale.ROOT, "Root complex %04x:%02x", domain, bus);
            return hostBridge == null ? base : base + " (" + hostBridge.shortName() + ")";
        }
    }

    /**
     * A PCI function. {@code role} is the port type when the capture shows it, else inferred from the
     * tree shape (a non-root capture hides the Express capability); {@code roleInferred} says which.
     */
    record FunctionNode(PciFunction function, Role role, boolean roleInferred) implements TopoNode {
        @Override
        public String id() {
            return function.bdf().toString();
        }

        public Bdf bdf() {
            return function.bdf();
        }

        /**
         * The address's hash: equal nodes have equal addresses, and the graph hashes a node at every lookup, where
         * the record's own hash would walk the whole function (its capabilities, BARs, names).
         */
        @Override
        public int hashCode() {
            return function.bdf().hashCode() * 31 + role.hashCode();
        }
    }

    /** What a function is in the topology, for drawing and for the rules. */
    enum Role {
        ROOT_PORT, SWITCH_UPSTREAM, SWITCH_DOWNSTREAM, PCI_BRIDGE, ENDPOINT, INTEGRATED, HOST_BRIDGE, OTHER;

        public boolean isDownstreamFacing() {
            return this == ROOT_PORT || this == SWITCH_DOWNSTREAM;
        }
    }
}
