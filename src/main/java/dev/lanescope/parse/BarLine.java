package dev.lanescope.parse;

import dev.lanescope.model.Bar;

/**
 * Reads one BAR line: {@code Region N: Memory at ADDR (64-bit, prefetchable) [size=32G]},
 * {@code Region N: I/O ports at ADDR [disabled] [size=128]}, the {@code -v} form without {@code Region N: },
 * {@code [virtual]} before (pciutils up to 3.6.2) or after the address, and the {@code <unassigned>},
 * {@code <ignored>} and {@code <broken-64-bit-slot>} addresses.
 */
final class BarLine {

    private BarLine() {
    }

    /** The region index of {@code Region N:} at {@code i} (pointing at "Region"), or -1. */
    static int regionIndex(String s, int i) {
        int k = Text.skipBlanks(s, i + "Region".length());
        int idx = Text.decimal(s, k);
        if (idx < 0 || idx > 5) return -1;
        return idx;
    }

    /** The text after {@code Region N:}. */
    static int afterRegion(String s, int i) {
        int c = s.indexOf(':', i);
        return c < 0 ? -1 : Text.skipBlanks(s, c + 1);
    }

    /** Parses the BAR description starting at {@code i}; null when it is not one. */
    static Bar parse(String s, int i, int index) {
        boolean virtual = false;
        if (s.startsWith("[virtual]", i)) {
            virtual = true;
            i = Text.skipBlanks(s, i + 9);
        }
        boolean io;
        if (s.startsWith("Memory at ", i)) {
            io = false;
            i += 10;
        } else if (s.startsWith("I/O ports at ", i)) {
            io = true;
            i += 13;
        } else {
            return null;
        }
        i = Text.skipBlanks(s, i);
        long address = 0;
        boolean assigned;
        if (i < s.length() && s.charAt(i) == '<') {
            assigned = false;
            int e = s.indexOf('>', i);
            i = e < 0 ? s.length() : e + 1;
        } else {
            int d = Text.hexRun(s, i);
            if (d == 0 || d > 16) return null;
            address = Text.hex(s, i, d);
            assigned = true;
            i += d;
        }
        String tail = s.substring(i);
        boolean is64 = tail.contains("(64-bit");
        boolean pref = !io && tail.contains(", prefetchable)");
        boolean disabled = tail.contains("[disabled]");
        if (tail.contains("[virtual]")) virtual = true;
        long size = -1;
        int k = tail.indexOf("[size=");
        if (k >= 0) {
            int e = tail.indexOf(']', k);
            if (e > k) size = Text.size(tail.substring(k + 6, e));
        }
        return new Bar(index, io, address, assigned, is64, pref, disabled, virtual, size);
    }
}
