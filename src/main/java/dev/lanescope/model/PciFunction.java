package dev.lanescope.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Everything lanescope knows about one PCI function, merged from every file of a capture.
 * Immutable; parsers fill a {@link Builder}. Unknown numbers are -1, unknown objects null.
 *
 * @param capabilitiesHidden  lspci printed {@code Capabilities: <access denied>} (non-root capture)
 * @param express             the Express capability, null for conventional PCI or when hidden
 * @param sysfsLink           sysfs {@code current_link_*}/{@code max_link_*}, when captured
 * @param lspciVersionHint    what the dialect says about the lspci that printed it (e.g. "<=3.5"), may be null
 */
public record PciFunction(
        Bdf bdf,
        int classCode,
        String className,
        int vendorId,
        int deviceId,
        String vendorDeviceName,
        int revision,
        String subsystem,
        Express express,
        boolean capabilitiesHidden,
        BusRange busRange,
        List<Bar> bars,
        List<ResizableBar> resizableBars,
        Acs acs,
        List<String> aerUncorrectable,
        List<String> aerCorrectable,
        String physicalSlot,
        int numaNode,
        int iommuGroup,
        String driver,
        List<String> modules,
        SysfsLink sysfsLink,
        String lspciVersionHint,
        SourceRef source) {

    public PciFunction {
        if (bdf == null) throw new IllegalArgumentException("bdf must not be null");
        bars = List.copyOf(bars);
        resizableBars = List.copyOf(resizableBars);
        aerUncorrectable = List.copyOf(aerUncorrectable);
        aerCorrectable = List.copyOf(aerCorrectable);
        modules = List.copyOf(modules);
    }

    /** The sysfs link files of one function (both the pre-5.7 and the 5.7+ speed spellings are read). */
    public record SysfsLink(LinkState current, LinkState max) {
    }

    public PortType portType() {
        return express == null ? null : express.portType();
    }

    public boolean isBridge() {
        return busRange != null || (classCode >> 8) == 0x06 && (classCode & 0xff) == 0x04;
    }

    /** The name without the vendor, trimmed for node labels: {@code GA102 [GeForce RTX 3090]}. */
    public String shortName() {
        String n = vendorDeviceName == null ? "" : vendorDeviceName;
        return n.isBlank() ? (className == null ? "function" : className) : n;
    }

    public String classHex() {
        return classCode < 0 ? "????" : String.format(Locale.ROOT, "%04x", classCode);
    }

    public Builder toBuilder() {
        Builder b = new Builder(bdf);
        b.classCode = classCode;
        b.className = className;
        b.vendorId = vendorId;
        b.deviceId = deviceId;
        b.vendorDeviceName = vendorDeviceName;
        b.revision = revision;
        b.subsystem = subsystem;
        b.express = express;
        b.capabilitiesHidden = capabilitiesHidden;
        b.busRange = busRange;
        b.bars.addAll(bars);
        b.resizableBars.addAll(resizableBars);
        b.acs = acs;
        b.aerUncorrectable.addAll(aerUncorrectable);
        b.aerCorrectable.addAll(aerCorrectable);
        b.physicalSlot = physicalSlot;
        b.numaNode = numaNode;
        b.iommuGroup = iommuGroup;
        b.driver = driver;
        b.modules.addAll(modules);
        b.sysfsLink = sysfsLink;
        b.lspciVersionHint = lspciVersionHint;
        b.source = source;
        return b;
    }

    public static Builder builder(Bdf bdf) {
        return new Builder(bdf);
    }

    /** Mutable builder for parsers. Fields are public on purpose: parsers fill them line by line. */
    public static final class Builder {
        public Bdf bdf;
        public int classCode = -1;
        public String className;
        public int vendorId = -1;
        public int deviceId = -1;
        public String vendorDeviceName;
        public int revision = -1;
        public String subsystem;
        public Express express;
        public boolean capabilitiesHidden;
        public BusRange busRange;
        public final List<Bar> bars = new ArrayList<>();
        public final List<ResizableBar> resizableBars = new ArrayList<>();
        public Acs acs;
        public final List<String> aerUncorrectable = new ArrayList<>();
        public final List<String> aerCorrectable = new ArrayList<>();
        public String physicalSlot;
        public int numaNode = -1;
        public int iommuGroup = -1;
        public String driver;
        public final List<String> modules = new ArrayList<>();
        public SysfsLink sysfsLink;
        public String lspciVersionHint;
        public SourceRef source;

        public Builder(Bdf bdf) {
            this.bdf = bdf;
        }

        public PciFunction build() {
            return new PciFunction(bdf, classCode, className, vendorId, deviceId, vendorDeviceName, revision,
                    subsystem, express, capabilitiesHidden, busRange, bars, resizableBars, acs, aerUncorrectable,
                    aerCorrectable, physicalSlot, numaNode, iommuGroup, driver, modules, sysfsLink,
                    lspciVersionHint, source);
        }
    }
}
