package dev.lanescope.model;

/** The PCI Express device/port type from the {@code Express (v2) <Type>} capability header. */
public enum PortType {
    ENDPOINT("Endpoint"),
    LEGACY_ENDPOINT("Legacy Endpoint"),
    ROOT_PORT("Root Port"),
    UPSTREAM_PORT("Upstream Port"),
    DOWNSTREAM_PORT("Downstream Port"),
    PCIE_TO_PCI_BRIDGE("PCI-Express to PCI/PCI-X Bridge"),
    PCI_TO_PCIE_BRIDGE("PCI/PCI-X to PCI-Express Bridge"),
    RC_INTEGRATED_ENDPOINT("Root Complex Integrated Endpoint"),
    RC_EVENT_COLLECTOR("Root Complex Event Collector"),
    UNKNOWN("Unknown type");

    private final String lspciName;

    PortType(String lspciName) {
        this.lspciName = lspciName;
    }

    public String lspciName() {
        return lspciName;
    }

    /** Reads the type from the text after {@code Express (v2) }, e.g. {@code Root Port (Slot+), MSI 00}. */
    public static PortType parse(String text) {
        String t = text.trim();
        // longest names first: "Root Complex Integrated Endpoint" also contains "Endpoint"
        if (t.startsWith("Root Complex Integrated Endpoint")) return RC_INTEGRATED_ENDPOINT;
        if (t.startsWith("Root Complex Event Collector")) return RC_EVENT_COLLECTOR;
        if (t.startsWith("Legacy Endpoint")) return LEGACY_ENDPOINT;
        if (t.startsWith("Endpoint")) return ENDPOINT;
        if (t.startsWith("Root Port")) return ROOT_PORT;
        if (t.startsWith("Upstream Port")) return UPSTREAM_PORT;
        if (t.startsWith("Downstream Port")) return DOWNSTREAM_PORT;
        if (t.startsWith("PCI-Express to PCI")) return PCIE_TO_PCI_BRIDGE;
        if (t.startsWith("PCI/PCI-X to PCI-Express")) return PCI_TO_PCIE_BRIDGE;
        return UNKNOWN;
    }

    /** Root Port, Downstream Port or PCI-to-PCIe bridge: the port whose LnkSta is authoritative for its link. */
    public boolean isDownstreamFacing() {
        return this == ROOT_PORT || this == DOWNSTREAM_PORT || this == PCI_TO_PCIE_BRIDGE;
    }

    public boolean isSwitchPort() {
        return this == UPSTREAM_PORT || this == DOWNSTREAM_PORT;
    }

    public boolean isEndpointLike() {
        return this == ENDPOINT || this == LEGACY_ENDPOINT || this == RC_INTEGRATED_ENDPOINT;
    }

    /** Short token for JSON and tables. */
    public String token() {
        return switch (this) {
            case ENDPOINT -> "endpoint";
            case LEGACY_ENDPOINT -> "legacy-endpoint";
            case ROOT_PORT -> "root-port";
            case UPSTREAM_PORT -> "upstream-port";
            case DOWNSTREAM_PORT -> "downstream-port";
            case PCIE_TO_PCI_BRIDGE -> "pcie-to-pci-bridge";
            case PCI_TO_PCIE_BRIDGE -> "pci-to-pcie-bridge";
            case RC_INTEGRATED_ENDPOINT -> "rc-integrated-endpoint";
            case RC_EVENT_COLLECTOR -> "rc-event-collector";
            case UNKNOWN -> "unknown-express";
        };
    }
}
