package dev.lanescope.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PCI function address {@code DDDD:BB:DD.F}. The domain is 0 when a capture does not print one.
 * Domains can be wider than four hex digits (Intel VMD uses 10000), so the domain is an int.
 */
public record Bdf(int domain, int bus, int device, int function) implements Comparable<Bdf> {

    private static final Pattern FORM =
            Pattern.compile("(?:([0-9a-fA-F]{4,8}):)?([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\\.([0-7])");

    public Bdf {
        if (domain < 0) throw new IllegalArgumentException("domain must not be negative: " + domain);
        if (bus < 0 || bus > 0xff) throw new IllegalArgumentException("bus out of range 00..ff: " + bus);
        if (device < 0 || device > 0x1f) throw new IllegalArgumentException("device out of range 00..1f: " + device);
        if (function < 0 || function > 7) throw new IllegalArgumentException("function out of range 0..7: " + function);
    }

    /** Parses {@code BB:DD.F} or {@code DDDD:BB:DD.F}; also the 8-digit domain form {@code 00000000:83:00.0} of nvidia-smi. */
    public static Bdf parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) throw new IllegalArgumentException("not a PCI address (want DDDD:BB:DD.F or BB:DD.F): '" + text + "'");
        int domain = m.group(1) == null ? 0 : (int) Long.parseLong(m.group(1), 16);
        return new Bdf(domain, Integer.parseInt(m.group(2), 16), Integer.parseInt(m.group(3), 16),
                Integer.parseInt(m.group(4)));
    }

    /** Like {@link #parse} but returns null instead of throwing. */
    public static Bdf tryParse(String text) {
        if (text == null) return null;
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) return null;
        try {
            return parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    public Bdf withDomain(int newDomain) {
        return new Bdf(newDomain, bus, device, function);
    }

    public Bdf withFunction(int newFunction) {
        return new Bdf(domain, bus, device, newFunction);
    }

    /** The same device at function 0: the key of the link all functions of a device share. */
    public Bdf device0() {
        return function == 0 ? this : withFunction(0);
    }

    /** {@code BB:DD.F} without the domain. */
    public String shortForm() {
        StringBuilder b = new StringBuilder(7);
        return slot(b).toString();
    }

    @Override
    public String toString() {
        // as String.format("%04x:%02x:%02x.%d"), which costs a formatter per call: addresses are printed often
        StringBuilder b = new StringBuilder(12);
        hex(b, domain, 4).append(':');
        return slot(b).toString();
    }

    private StringBuilder slot(StringBuilder b) {
        hex(b, bus, 2).append(':');
        return hex(b, device, 2).append('.').append(function);
    }

    /** {@code v} in lower-case hex, unsigned, padded with zeros to {@code width} digits. */
    private static StringBuilder hex(StringBuilder b, int v, int width) {
        String h = Integer.toHexString(v);
        for (int i = h.length(); i < width; i++) b.append('0');
        return b.append(h);
    }

    @Override
    public int compareTo(Bdf o) {
        int c = Integer.compare(domain, o.domain);
        if (c == 0) c = Integer.compare(bus, o.bus);
        if (c == 0) c = Integer.compare(device, o.device);
        if (c == 0) c = Integer.compare(function, o.function);
        return c;
    }
}
