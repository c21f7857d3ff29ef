package dev.lanescope.parse;

import dev.lanescope.model.Express;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;

/** Completes a function read from {@code -vv} text with what the hex dump of the same function says. */
public final class HexFill {

    private HexFill() {
    }

    /**
     * Fills what the text could not say from the hex of the same function: the Express capability when the text
     * has none, speeds printed as unknown, LnkCap2 and LnkCtl2 when absent (old lspci), bus numbers, ACS and
     * Resizable BARs when missing. The text wins wherever it said something.
     */
    public static PciFunction fill(PciFunction text, PciFunction hex) {
        PciFunction.Builder b = text.toBuilder();
        if (b.vendorId < 0) b.vendorId = hex.vendorId();
        if (b.deviceId < 0) b.deviceId = hex.deviceId();
        if (b.revision < 0) b.revision = hex.revision();
        if (b.classCode < 0) b.classCode = hex.classCode();
        if (b.busRange == null) b.busRange = hex.busRange();
        if (b.acs == null) b.acs = hex.acs();
        if (b.resizableBars.isEmpty()) b.resizableBars.addAll(hex.resizableBars());
        Express te = text.express();
        Express he = hex.express();
        if (he != null) {
            if (te == null) {
                b.express = he;
                b.capabilitiesHidden = false;
            } else {
                b.express = new Express(te.portType(), te.slotImplemented(), known(te.lnkCap(), he.lnkCap()),
                        known(te.lnkSta(), he.lnkSta()),
                        te.lnkCap2Max() != null && te.lnkCap2Max().isKnown() ? te.lnkCap2Max() : he.lnkCap2Max(),
                        te.targetSpeed() != null && te.targetSpeed().isKnown() ? te.targetSpeed() : he.targetSpeed(),
                        te.dlActive() != null ? te.dlActive() : he.dlActive(),
                        te.slotNumber() != null ? te.slotNumber() : he.slotNumber(),
                        te.hotPlug() != null ? te.hotPlug() : he.hotPlug(), te.atomics().isEmpty() ? he.atomics()
                        : te.atomics(), te.bwMgmt() != null ? te.bwMgmt() : he.bwMgmt(),
                        te.autoBw() != null ? te.autoBw() : he.autoBw(), te.version());
            }
        }
        return b.build();
    }

    private static LinkState known(LinkState text, LinkState hex) {
        if (text == null) return hex;
        if (hex != null && !text.speed().isKnown() && hex.speed().isKnown() && text.width() == hex.width()) return hex;
        return text;
    }
}
