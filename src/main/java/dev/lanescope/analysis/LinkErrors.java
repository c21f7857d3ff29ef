package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.Express;
import dev.lanescope.model.Link;
import dev.lanescope.model.PciFunction;

/**
 * The error evidence of one hop, from both ends (docs/RULES.md §12): the AER status bits lspci -vv printed with
 * {@code +} that say the wire itself misbehaved, the error counters read beside the capture or during a watch (sysfs
 * AER counters, the GPU's replay counter), and whether the port's link status says the link retrained or changed its
 * bandwidth ({@code BWMgmt+}, {@code ABWMgmt+}). An error may be counted at either end: the kernel's AER statistics
 * count what each function saw, so a faulty endpoint's errors often show at its port.
 *
 * @param statusBits the wire's error bits set on either end, as "RxErr+ on 0000:00:1c.6"
 * @param port       the port's counters ({@link ErrorCounters#NONE} when none were read)
 * @param device     the device's counters
 * @param retrained  the port's LnkSta says its bandwidth changed since the flag was cleared
 * @param autonomous the hardware changed the link by itself ({@code ABWMgmt+})
 */
public record LinkErrors(List<String> statusBits, ErrorCounters port, ErrorCounters device, boolean retrained,
                         boolean autonomous) {

    public static final LinkErrors NONE = new LinkErrors(List.of(), ErrorCounters.NONE, ErrorCounters.NONE, false, false);

    /**
     * The AER status bits that mean the link itself erred: receiver errors, bad TLPs and DLLPs, replay rollovers and
     * timeouts (correctable), data-link protocol, surprise down, flow-control, receiver overflow, malformed TLP and
     * ECRC errors (uncorrectable). Bits about requests (unsupported request, completion timeout or abort, ACS
     * violations) and advisory bits say nothing about the wire and are left out.
     */
    static final Set<String> WIRE_BITS = Set.of("RxErr", "BadTLP", "BadDLLP", "Rollover", "Timeout", "DLP", "SDES",
            "FCP", "RxOF", "MalfTLP", "ECRC");

    public LinkErrors {
        statusBits = List.copyOf(statusBits);
    }

    /** The hop's error evidence; {@code evidence} carries the counters. */
    static LinkErrors of(Link link, UnderLoad evidence) {
        PciFunction port = link.port();
        PciFunction dev = link.device();
        List<String> bits = new ArrayList<>();
        bits(port, bits);
        if (dev != null) bits(dev, bits);
        Express e = port.express();
        boolean bw = e != null && Boolean.TRUE.equals(e.bwMgmt());
        boolean abw = e != null && Boolean.TRUE.equals(e.autoBw());
        return new LinkErrors(bits, evidence.errorsOf(port.bdf()), dev == null ? ErrorCounters.NONE
                : evidence.errorsOf(dev.bdf()), bw, abw);
    }

    private static void bits(PciFunction f, List<String> out) {
        for (String b : f.aerCorrectable()) if (WIRE_BITS.contains(b)) out.add(b + "+ on " + f.bdf());
        for (String b : f.aerUncorrectable()) if (WIRE_BITS.contains(b)) out.add(b + "+ on " + f.bdf());
    }

    /** Errors on the wire: an error bit set, or an error counted at either end. */
    public boolean erroring() {
        return !statusBits.isEmpty() || counted() > 0;
    }

    /** The errors counted at both ends (0 when none were read). */
    public long counted() {
        return port.linkErrors() + device.linkErrors();
    }

    /** Counters were read for this hop (so "no errors" is a reading, not a silence). */
    public boolean countersRead() {
        return port.read() || device.read();
    }

    /**
     * What the errors are, in words, or an empty string when there is nothing to say. A retrain is said only where it
     * matters ({@code sayRetrain}: the hop is not fine, the link errs, or the hardware changed it by itself): most
     * ports show {@code BWMgmt+} after the retrain at boot.
     */
    public String words(boolean sayRetrain) {
        List<String> parts = new ArrayList<>();
        if (!statusBits.isEmpty()) {
            parts.add("the link is erroring: AER status " + String.join(", ", statusBits));
        }
        String counts = counts();
        if (!counts.isEmpty()) parts.add((statusBits.isEmpty() ? "the link is erroring: " : "") + counts);
        if (retrained && (sayRetrain || erroring() || autonomous)) {
            parts.add("the port's link status says the link retrained or changed its speed or width since it trained"
                    + " (BWMgmt+" + (autonomous ? ", ABWMgmt+: the hardware did it by itself" : "") + ")"
                    + (erroring() ? ", which an erroring link does" : ""));
        }
        return String.join("; ", parts);
    }

    /** "3 correctable errors counted (0000:00:01.1), 12 replays (0000:01:00.0)"; empty when none. */
    private String counts() {
        List<String> parts = new ArrayList<>();
        counts(port, "port", parts);
        counts(device, "device", parts);
        return String.join(", ", parts);
    }

    private static void counts(ErrorCounters c, String end, List<String> out) {
        if (c.correctable() > 0) out.add(c.correctable() + " correctable error(s) counted at the " + end);
        if (c.nonFatal() > 0) out.add(c.nonFatal() + " non-fatal error(s) at the " + end);
        if (c.fatal() > 0) out.add(c.fatal() + " fatal error(s) at the " + end);
        if (c.replays() > 0) out.add(c.replays() + " replay(s) counted by the " + end);
    }
}
