package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Acs;
import dev.lanescope.model.Atomics;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.Express;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.ResizableBar;
import dev.lanescope.model.SourceRef;

/**
 * Reads the {@code lspci -x/-xxx/-xxxx} hex rows that follow each record header (formats doc §4.2: {@code OO:} and
 * up to 16 {@code " %02x"} bytes; a blank line ends the record; indented {@code -vv} lines in between are skipped)
 * into config-space bytes, and decodes the registers lanescope uses straight from them, so a bundle is readable
 * whatever lspci version printed it: ids and class, type-1 bus numbers, the Express capability (port type, LnkCap,
 * LnkSta, LnkCap2, LnkCtl2, SltCap slot number, DevCap2/DevCtl2 AtomicOps bits), and from the extended list at 0x100
 * ACS (0x000D) and Resizable BAR (0x0015). {@link #compare} checks the decode against the {@code -vv} text of the
 * same file.
 */
public final class HexDumpDecoder {

    /** One function's dump: its address, header line (1-based) and the bytes read ({@code length} of them valid). */
    public record Dump(Bdf bdf, int headerLine, byte[] bytes, int length) {
        int u8(int off) {
            return off < length ? bytes[off] & 0xff : -1;
        }

        int u16(int off) {
            return off + 1 < length ? (bytes[off] & 0xff) | (bytes[off + 1] & 0xff) << 8 : -1;
        }

        long u32(int off) {
            if (off + 3 >= length) return -1;
            return (bytes[off] & 0xffL) | (bytes[off + 1] & 0xffL) << 8 | (bytes[off + 2] & 0xffL) << 16
                    | (bytes[off + 3] & 0xffL) << 24;
        }
    }

    private static final Pattern HEADER =
            Pattern.compile("^(?:([0-9a-fA-F]{4,8}):)?([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\\.([0-7]) ");
    private static final Pattern ROW = Pattern.compile("^([0-9a-fA-F]{2,8}):((?: [0-9a-fA-F]{2}){1,16}) ?$");
    private static final int MAX_CONFIG = 4096;

    private HexDumpDecoder() {
    }

    /** True when some line of the file is a hex row. */
    public static boolean hasRows(List<String> lines) {
        Matcher row = ROW.matcher("");
        for (String l : lines) {
            if (!l.isEmpty() && Text.hexDigit(l.charAt(0)) >= 0 && row.reset(l).matches()) return true;
        }
        return false;
    }

    /** The dumps of a file, one per record header that has rows under it. */
    public static ParseResult<List<Dump>> read(String file, List<String> lines) {
        List<Dump> out = new ArrayList<>();
        List<Problem> problems = new ProblemList();
        Bdf bdf = null;
        int headerLine = 0;
        byte[] buf = null;
        int length = 0;
        Set<Bdf> seen = new HashSet<>();
        for (int i = 0; i <= lines.size(); i++) {
            String l = i < lines.size() ? lines.get(i) : "";
            Matcher h = HEADER.matcher(l);
            boolean header = h.lookingAt();
            if (l.isBlank() || header) {
                if (bdf != null && length > 0) {
                    if (seen.add(bdf)) {
                        out.add(new Dump(bdf, headerLine, java.util.Arrays.copyOf(buf, length), length));
                        java.util.Arrays.fill(buf, 0, length, (byte) 0);
                    } else {
                        problems.add(Problem.warning(file, headerLine, bdf + " has a second hex dump; the first is used"));
                    }
                }
                bdf = null;
                length = 0;
                if (header) {
                    bdf = headerBdf(h);
                    headerLine = i + 1;
                    if (bdf == null) {
                        problems.add(Problem.warning(file, i + 1, "'" + h.group().strip() + "' is not a PCI address"
                                + " (domain up to 7fffffff, device up to 1f); the hex rows under it are skipped"));
                    } else if (buf == null) {
                        buf = new byte[MAX_CONFIG];
                    }
                }
                continue;
            }
            if (bdf == null) continue;
            Matcher r = ROW.matcher(l);
            if (!r.matches()) continue; // -vv text between header and rows
            long off = Long.parseLong(r.group(1), 16);
            String[] bytes = r.group(2).trim().split(" ");
            if (off + bytes.length > MAX_CONFIG) {
                problems.add(Problem.warning(file, i + 1, "hex row at offset " + r.group(1)
                        + " lies beyond the 4096 bytes of config space; ignored"));
                continue;
            }
            if (off != length) {
                problems.add(Problem.warning(file, i + 1, "hex rows of " + bdf + " are not contiguous (expected offset "
                        + Integer.toHexString(length) + ", found " + r.group(1) + "); the dump stops here"));
                bdf = null;
                length = 0;
                continue;
            }
            for (int k = 0; k < bytes.length; k++) buf[(int) off + k] = (byte) Integer.parseInt(bytes[k], 16);
            length = (int) off + bytes.length;
        }
        return new ParseResult<>(out, problems);
    }

    /** The address of a record header, or null when it is none (device above 1f, domain too large). */
    private static Bdf headerBdf(Matcher h) {
        long domain = h.group(1) == null ? 0 : Long.parseLong(h.group(1), 16);
        int device = Integer.parseInt(h.group(3), 16);
        if (domain > Integer.MAX_VALUE || device > 0x1f) return null;
        return new Bdf((int) domain, Integer.parseInt(h.group(2), 16), device, Integer.parseInt(h.group(4)));
    }

    /** Decodes every dump of a file into functions (source: the header line). */
    public static ParseResult<List<PciFunction>> parse(String file, List<String> lines) {
        ParseResult<List<Dump>> dumps = read(file, lines);
        List<PciFunction> out = new ArrayList<>();
        List<Problem> problems = new ProblemList(dumps.problems());
        for (Dump d : dumps.value()) {
            if (d.u16(0) == 0xffff) {
                problems.add(Problem.warning(file, d.headerLine(), d.bdf() + ": its config space reads all ff (the device"
                        + " did not answer: powered off, in D3cold, or fallen off the bus); nothing decoded"));
                PciFunction.Builder b = PciFunction.builder(d.bdf());
                b.source = new SourceRef(file, d.headerLine());
                out.add(b.build());
                continue;
            }
            out.add(decode(file, d));
        }
        return new ParseResult<>(out, problems);
    }

    /** The facts config space gives; names, drivers and NUMA nodes come only from the OS, so they stay unknown. */
    public static PciFunction decode(String file, Dump d) {
        PciFunction.Builder b = PciFunction.builder(d.bdf());
        b.source = new SourceRef(file, d.headerLine());
        b.vendorId = d.u16(0x00);
        b.deviceId = d.u16(0x02);
        b.revision = d.u8(0x08);
        int sub = d.u8(0x0a);
        int base = d.u8(0x0b);
        if (sub >= 0 && base >= 0) b.classCode = base << 8 | sub;
        int headerType = d.u8(0x0e);
        if ((headerType & 0x7f) == 1 && d.length() > 0x1a) {
            b.busRange = new BusRange(d.u8(0x18), d.u8(0x19), d.u8(0x1a));
        }
        int status = d.u16(0x06);
        if (status >= 0 && (status & 0x10) != 0 && (headerType & 0x7f) != 2) {
            int ptr = d.u8(0x34);
            if (ptr >= 0) {
                ptr &= 0xfc;
                if (ptr >= d.length()) {
                    b.capabilitiesHidden = true; // a 64-byte (-x or non-root) dump: lspci prints <access denied>
                } else {
                    walkCapabilities(d, ptr, b);
                }
            }
        }
        if (d.length() > 0x100) walkExtended(d, b);
        return b.build();
    }

    private static void walkCapabilities(Dump d, int ptr, PciFunction.Builder b) {
        Set<Integer> visited = new HashSet<>();
        while (ptr >= 0x40 && ptr < d.length() && visited.add(ptr) && visited.size() < 64) {
            int id = d.u8(ptr);
            if (id == 0x10) b.express = express(d, ptr);
            int next = d.u8(ptr + 1);
            if (next < 0) break;
            ptr = next & 0xfc;
        }
    }

    private static Express express(Dump d, int off) {
        int pcieCap = d.u16(off + 2);
        if (pcieCap < 0) return null;
        int version = pcieCap & 0xf;
        PortType type = switch ((pcieCap >> 4) & 0xf) {
            case 0 -> PortType.ENDPOINT;
            case 1 -> PortType.LEGACY_ENDPOINT;
            case 4 -> PortType.ROOT_PORT;
            case 5 -> PortType.UPSTREAM_PORT;
            case 6 -> PortType.DOWNSTREAM_PORT;
            case 7 -> PortType.PCIE_TO_PCI_BRIDGE;
            case 8 -> PortType.PCI_TO_PCIE_BRIDGE;
            case 9 -> PortType.RC_INTEGRATED_ENDPOINT;
            case 10 -> PortType.RC_EVENT_COLLECTOR;
            default -> PortType.UNKNOWN;
        };
        boolean slot = (pcieCap & 0x100) != 0 && type.isDownstreamFacing();
        boolean link = type != PortType.RC_INTEGRATED_ENDPOINT && type != PortType.RC_EVENT_COLLECTOR;
        LinkState lnkCap = null;
        LinkState lnkSta = null;
        Boolean dlActive = null;
        if (link) {
            long cap = d.u32(off + 0x0c);
            int sta = d.u16(off + 0x12);
            if (cap >= 0) lnkCap = LinkState.of(LinkSpeed.ofCode((int) (cap & 0xf)), (int) ((cap >> 4) & 0x3f));
            if (sta >= 0) {
                lnkSta = LinkState.of(LinkSpeed.ofCode(sta & 0xf), (sta >> 4) & 0x3f);
                dlActive = (sta & 0x2000) != 0;
            }
        }
        Integer slotNumber = null;
        Boolean hotPlug = null;
        if (slot) {
            long sltCap = d.u32(off + 0x14);
            if (sltCap >= 0) {
                slotNumber = (int) (sltCap >>> 19);
                hotPlug = (sltCap & 0x40) != 0;
            }
        }
        LinkSpeed cap2Max = null;
        LinkSpeed target = null;
        Atomics atomics = Atomics.NONE;
        if (version >= 2) {
            long devCap2 = d.u32(off + 0x24);
            int devCtl2 = d.u16(off + 0x28);
            boolean port = type == PortType.ROOT_PORT || type == PortType.UPSTREAM_PORT
                    || type == PortType.DOWNSTREAM_PORT;
            boolean completer = !(type == PortType.UPSTREAM_PORT || type == PortType.DOWNSTREAM_PORT);
            boolean requester = type == PortType.ROOT_PORT || type.isEndpointLike();
            if (devCap2 >= 0) {
                atomics = atomics.withCap(port ? (devCap2 & 0x40) != 0 : null,
                        completer ? (devCap2 & 0x80) != 0 : null, completer ? (devCap2 & 0x100) != 0 : null,
                        completer ? (devCap2 & 0x200) != 0 : null);
            }
            if (devCtl2 >= 0 && (requester || port)) {
                atomics = atomics.withCtl(requester ? (devCtl2 & 0x40) != 0 : null, port ? (devCtl2 & 0x80) != 0 : null);
            }
            if (link) {
                long cap2 = d.u32(off + 0x2c);
                if (cap2 > 0) {
                    int vec = (int) ((cap2 >> 1) & 0x7f);
                    int top = 31 - Integer.numberOfLeadingZeros(vec);
                    if (top >= 0) cap2Max = LinkSpeed.ofGeneration(top + 1);
                }
                int ctl2 = d.u16(off + 0x30);
                if (ctl2 >= 0) target = LinkSpeed.ofCode((ctl2 & 0xf) == 0 ? 1 : ctl2 & 0xf);
            }
        }
        return new Express(type, slot, lnkCap, lnkSta, cap2Max, target, dlActive, slotNumber, hotPlug, atomics);
    }

    private static void walkExtended(Dump d, PciFunction.Builder b) {
        int off = 0x100;
        Set<Integer> visited = new HashSet<>();
        while (off >= 0x100 && off + 4 <= d.length() && visited.add(off) && visited.size() < 256) {
            long h = d.u32(off);
            if (h == 0 || h == 0xffffffffL || h < 0) break;
            int id = (int) (h & 0xffff);
            if (id == 0x000d) {
                int cap = d.u16(off + 4);
                int ctl = d.u16(off + 6);
                if (cap >= 0 && ctl >= 0) b.acs = new Acs(acsFlags(cap), acsFlags(ctl));
            } else if (id == 0x0015) {
                b.resizableBars.clear();
                b.resizableBars.addAll(rebar(d, off));
            }
            off = (int) ((h >> 20) & 0xffc);
        }
    }

    private static Acs.AcsFlags acsFlags(int v) {
        return new Acs.AcsFlags((v & 1) != 0, (v & 2) != 0, (v & 4) != 0, (v & 8) != 0, (v & 16) != 0,
                (v & 32) != 0, (v & 64) != 0);
    }

    private static List<ResizableBar> rebar(Dump d, int off) {
        List<ResizableBar> out = new ArrayList<>();
        long ctl0 = d.u32(off + 8);
        if (ctl0 < 0) return out;
        int n = (int) ((ctl0 >> 5) & 7);
        if (n < 1 || n > 6) return out;
        for (int i = 0; i < n; i++) {
            long cap = d.u32(off + 4 + 8 * i);
            long ctl = d.u32(off + 8 + 8 * i);
            if (cap < 0 || ctl < 0) break;
            List<Long> supported = new ArrayList<>();
            for (int bit = 4; bit < 32; bit++) {
                if ((cap >> bit & 1) != 0) supported.add(1L << (bit + 16)); // bit 4 = 1 MB
            }
            for (int bit = 16; bit < 32; bit++) {
                if ((ctl >> bit & 1) != 0) supported.add(1L << Math.min(62, bit + 32)); // ctl bit 16 = 256 TB
            }
            int current = (int) ((ctl >> 8) & 0x3f);
            out.add(new ResizableBar((int) (ctl & 7), 1L << (current + 20), supported));
        }
        return out;
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
                        : te.atomics());
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
