package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.lanescope.model.Atomics;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.Express;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;

/** Checks the decode of each hex dump against the {@code -vv} text of the same function in the same file. */
public final class HexTextCheck {

    private HexTextCheck() {
    }

    /**
     * Compares each text function with the decode of its own dump in the same file: one WARNING per disagreement,
     * located at the text line that says otherwise. Where the text printed a speed as unknown (an lspci too old to
     * decode it) and the hex knows it, that is an INFO, not a disagreement.
     */
    public static List<Problem> compare(String file, List<String> lines, List<PciFunction> text, List<PciFunction> hex) {
        Map<Bdf, PciFunction> byBdf = new LinkedHashMap<>();
        for (PciFunction f : hex) byBdf.put(f.bdf(), f);
        List<Problem> out = new ArrayList<>();
        for (PciFunction t : text) {
            PciFunction h = byBdf.get(t.bdf());
            if (h == null) continue;
            int header = t.source() == null ? 0 : t.source().line();
            Express te = t.express();
            Express he = h.express();
            if (te != null && he != null) {
                link(out, file, lines, header, t.bdf(), "LnkCap", te.lnkCap(), he.lnkCap());
                link(out, file, lines, header, t.bdf(), "LnkSta", te.lnkSta(), he.lnkSta());
                if (te.portType() != he.portType()) {
                    out.add(Problem.warning(file, at(lines, header, "Express"), "hex says " + t.bdf() + " is a "
                            + he.portType().lspciName() + ", text says " + te.portType().lspciName()));
                }
                speed(out, file, lines, header, t.bdf(), "LnkCap2", te.lnkCap2Max(), he.lnkCap2Max());
                speed(out, file, lines, header, t.bdf(), "LnkCtl2", te.targetSpeed(), he.targetSpeed());
                if (te.slotNumber() != null && he.slotNumber() != null && !te.slotNumber().equals(he.slotNumber())) {
                    out.add(Problem.warning(file, at(lines, header, "SltCap"), "hex says " + t.bdf() + " slot #"
                            + he.slotNumber() + ", text says slot #" + te.slotNumber()));
                }
                atomics(out, file, lines, header, t.bdf(), te.atomics(), he.atomics());
            } else if (te != null && h.capabilitiesHidden()) {
                out.add(Problem.info(file, header, t.bdf() + ": the hex dump is too short to hold the capabilities"
                        + " (a 64-byte -x dump or a non-root capture); only the text is used"));
            }
            if (t.busRange() != null && h.busRange() != null && !t.busRange().equals(h.busRange())) {
                out.add(Problem.warning(file, at(lines, header, "Bus: primary="), "hex says " + t.bdf() + " buses "
                        + range(h.busRange()) + ", text says " + range(t.busRange())));
            }
            if (t.acs() != null && h.acs() != null && !t.acs().equals(h.acs())) {
                out.add(Problem.warning(file, at(lines, header, "ACSCtl:"), "hex and text disagree on the ACS flags"
                        + " of " + t.bdf() + ": hex " + h.acs() + ", text " + t.acs()));
            }
            if (!t.resizableBars().isEmpty() && !t.resizableBars().equals(h.resizableBars())) {
                out.add(Problem.warning(file, at(lines, header, "current size:"), "hex and text disagree on the"
                        + " Resizable BARs of " + t.bdf() + ": hex " + h.resizableBars() + ", text " + t.resizableBars()));
            }
        }
        return out;
    }

    private static void link(List<Problem> out, String file, List<String> lines, int header, Bdf bdf, String reg,
                             LinkState text, LinkState hex) {
        if (text == null || hex == null || text.equals(hex)) return;
        int line = at(lines, header, reg + ":");
        if (text.width() == hex.width() && !text.speed().isKnown() && hex.speed().isKnown()) {
            out.add(Problem.info(file, line, "hex says " + bdf + " " + reg + " " + lspci(hex) + "; this lspci printed"
                    + " the speed as unknown (too old to decode it), the hex is used"));
            return;
        }
        out.add(Problem.warning(file, line, "hex says " + lspci(hex) + ", text says " + lspci(text) + " (" + reg
                + " of " + bdf + ")"));
    }

    private static void speed(List<Problem> out, String file, List<String> lines, int header, Bdf bdf, String reg,
                              LinkSpeed text, LinkSpeed hex) {
        if (text == null || hex == null || text == hex || !text.isKnown()) return;
        out.add(Problem.warning(file, at(lines, header, reg + ":"), "hex says " + hex.lspciText() + ", text says "
                + text.lspciText() + " (" + reg + " of " + bdf + ")"));
    }

    private static void atomics(List<Problem> out, String file, List<String> lines, int header, Bdf bdf,
                                Atomics text, Atomics hex) {
        List<String> diffs = new ArrayList<>();
        bit(diffs, "Routing", text.routing(), hex.routing());
        bit(diffs, "32bit", text.completer32(), hex.completer32());
        bit(diffs, "64bit", text.completer64(), hex.completer64());
        bit(diffs, "128bitCAS", text.completer128(), hex.completer128());
        bit(diffs, "ReqEn", text.requesterEnabled(), hex.requesterEnabled());
        bit(diffs, "EgressBlck", text.egressBlocked(), hex.egressBlocked());
        if (!diffs.isEmpty()) {
            out.add(Problem.warning(file, at(lines, header, "AtomicOps"), "hex and text disagree on the AtomicOps"
                    + " bits of " + bdf + ": " + String.join(", ", diffs)));
        }
    }

    private static void bit(List<String> diffs, String name, Boolean text, Boolean hex) {
        if (text != null && hex != null && !Objects.equals(text, hex)) {
            diffs.add("hex says " + name + (hex ? "+" : "-") + ", text says " + name + (text ? "+" : "-"));
        }
    }

    /** {@code 16GT/s x16} as lspci would print the pair. */
    static String lspci(LinkState s) {
        return s.speed().lspciText() + " x" + s.width();
    }

    private static String range(BusRange r) {
        return String.format("primary=%02x, secondary=%02x, subordinate=%02x", r.primary(), r.secondary(),
                r.subordinate());
    }

    /** The 1-based line of the first line containing {@code key} in the record that starts at {@code header}. */
    private static int at(List<String> lines, int header, String key) {
        if (header <= 0) return 0;
        for (int i = header; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isBlank()) break;
            if (l.contains(key)) return i + 1;
        }
        return header;
    }
}
