package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * One record header of {@code lspci} in any of its forms:
 * {@code [DDDD:]BB:DD.F <class>[ [cccc]]: <vendor device>[ [vvvv:dddd]][ (rev RR)][ (prog-if PP [name])]},
 * the {@code -n} form {@code BB:DD.F cccc: vvvv:dddd}, and {@code -P}/{@code -PP} paths
 * ({@code 00:1c.0/00.0}, {@code 00:1c.0/02:00.0}). Parsing never throws: {@link #parse} returns null when the
 * text does not start with a PCI slot.
 *
 * @param path       the slot path, root-bus element first; the last element is this function
 * @param className  the class name, null when only a number was printed
 * @param classCode  the 16-bit class code, -1 when unknown
 * @param name       the vendor and device name text without ids, rev and prog-if (null when numeric only)
 */
record HeaderLine(List<Slot> path, String className, int classCode, int vendorId, int deviceId, String name,
                  int revision) {

    /** One path element; {@code domain} and {@code bus} are -1 when the element did not print them. */
    record Slot(long domain, int bus, int device, int function) {
    }

    /** True when the path's last element lacks its bus number ({@code -P} form), so it must be resolved. */
    boolean needsBusLookup() {
        return path.get(path.size() - 1).bus() < 0;
    }

    /**
     * Reads a header starting at {@code start}. Returns null when no slot is there (also for hex dump rows like
     * {@code 00: de 10}).
     */
    static HeaderLine parse(String s, int start) {
        List<Slot> path = new ArrayList<>(2);
        int i = readPath(s, start, path);
        int n = s.length();
        if (i < 0 || (i < n && !Text.isBlank(s.charAt(i)))) return null;
        i = Text.skipBlanks(s, i);
        String rest = i < n ? s.substring(i).trim() : "";
        // class part: up to the first ':' followed by a blank or the end
        String classPart;
        String vendorPart;
        int colon = classColon(rest);
        if (colon < 0) {
            classPart = rest;
            vendorPart = "";
        } else {
            classPart = rest.substring(0, colon).trim();
            vendorPart = rest.substring(colon + 1).trim();
        }
        ClassText cls = classText(classPart);
        Tail tail = tail(vendorPart);
        Ids ids = ids(tail.text());
        return new HeaderLine(List.copyOf(path), cls.name(), cls.code(), ids.vendorId(), ids.deviceId(), ids.name(),
                tail.revision());
    }

    /** Reads the slot path ({@code /}-separated) into {@code path}; returns its end, or -1 when no slot is there. */
    private static int readPath(String s, int start, List<Slot> path) {
        int i = start;
        int n = s.length();
        boolean first = true;
        while (true) {
            int[] out = new int[1];
            Slot slot = slot(s, i, first, out);
            if (slot == null) return -1;
            path.add(slot);
            i = out[0];
            first = false;
            if (i < n && s.charAt(i) == '/') {
                i++;
                continue;
            }
            return i;
        }
    }

    /** The class part read: its name (null when only a number was printed) and its code (-1 when unknown). */
    private record ClassText(String name, int code) {
    }

    private static ClassText classText(String classPart) {
        if (classPart.isEmpty()) return new ClassText(null, -1);
        int lb = classPart.lastIndexOf('[');
        if (classPart.endsWith("]") && lb >= 0 && classPart.length() - lb == 6 && Text.hexRun(classPart, lb + 1) == 4) {
            String nm = classPart.substring(0, lb).trim();
            return new ClassText(nm.isEmpty() || nm.equals("Class") ? null : nm, (int) Text.hex(classPart, lb + 1, 4));
        }
        if (classPart.length() == 4 && Text.hexRun(classPart, 0) == 4) {
            return new ClassText(null, (int) Text.hex(classPart, 0, 4));
        }
        if (classPart.startsWith("Class ") && classPart.length() == 10 && Text.hexRun(classPart, 6) == 4) {
            return new ClassText(null, (int) Text.hex(classPart, 6, 4));
        }
        return new ClassText(classPart, ClassNames.codeOf(classPart));
    }

    /** The vendor part without its trailing (prog-if ..) and (rev ..); the revision is -1 when none was printed. */
    private record Tail(String text, int revision) {
    }

    private static Tail tail(String vendorPart) {
        int revision = -1;
        String v = vendorPart;
        int k = v.lastIndexOf(" (prog-if ");
        if (k < 0 && v.startsWith("(prog-if ")) k = 0;
        if (k >= 0 && v.endsWith(")")) v = v.substring(0, k).trim();
        k = v.lastIndexOf("(rev ");
        if (k >= 0 && v.endsWith(")") && v.length() - k <= 9) {
            int d = Text.hexRun(v, k + 5);
            if (d >= 1 && d <= 2 && k + 5 + d == v.length() - 1) {
                revision = (int) Text.hex(v, k + 5, d);
                v = v.substring(0, k).trim();
            }
        }
        return new Tail(v, revision);
    }

    /** The vendor and device ids (-1 when not printed) and the name text without them (null when none). */
    private record Ids(int vendorId, int deviceId, String name) {
    }

    private static Ids ids(String v) {
        int vendorId = -1;
        int deviceId = -1;
        String name = v;
        // the LAST [vvvv:dddd] is the id pair (-nn); names themselves may hold brackets
        int from = v.length();
        while (from > 0) {
            int lb = v.lastIndexOf('[', from - 1);
            if (lb < 0) break;
            if (isIdPair(v, lb + 1) && lb + 11 < v.length() + 1 && lb + 10 < v.length() && v.charAt(lb + 10) == ']') {
                vendorId = (int) Text.hex(v, lb + 1, 4);
                deviceId = (int) Text.hex(v, lb + 6, 4);
                name = (v.substring(0, lb) + v.substring(lb + 11)).trim();
                break;
            }
            from = lb;
        }
        if (vendorId < 0) {
            if (v.length() == 9 && isIdPair(v, 0)) { // -n
                vendorId = (int) Text.hex(v, 0, 4);
                deviceId = (int) Text.hex(v, 5, 4);
                name = null;
            } else if (v.length() == 16 && v.startsWith("Device ") && isIdPair(v, 7)) { // no names known
                vendorId = (int) Text.hex(v, 7, 4);
                deviceId = (int) Text.hex(v, 12, 4);
            }
        }
        if (name != null && name.isEmpty()) name = null;
        return new Ids(vendorId, deviceId, name);
    }

    private static boolean isIdPair(String s, int i) {
        return i + 9 <= s.length() && Text.hexRun(s, i) == 4 && s.charAt(i + 4) == ':' && Text.hexRun(s, i + 5) >= 4
                && (i + 9 == s.length() || Text.hexDigit(s.charAt(i + 9)) < 0);
    }

    private static int classColon(String rest) {
        int n = rest.length();
        for (int i = 0; i < n; i++) {
            if (rest.charAt(i) == ':' && (i + 1 == n || Text.isBlank(rest.charAt(i + 1)))) return i;
        }
        return -1;
    }

    /** One slot element at i; out[0] receives the end. {@code first}: the domain may be present. */
    private static Slot slot(String s, int i, boolean first, int[] out) {
        int n = s.length();
        int la = Text.hexRun(s, i);
        if (la == 0 || la > 8) return null;
        int j = i + la;
        if (j < n && s.charAt(j) == '.') {
            // DD.F (a -P element after the first)
            if (first || la != 2) return null;
            int f = fn(s, j + 1);
            if (f < 0) return null;
            out[0] = j + 2;
            return new Slot(-1, -1, (int) Text.hex(s, i, 2), f);
        }
        if (j >= n || s.charAt(j) != ':') return null;
        int bStart = j + 1;
        int lb = Text.hexRun(s, bStart);
        if (lb == 0) return null;
        int k = bStart + lb;
        if (k < n && s.charAt(k) == ':') {
            if (!first || la < 1 || lb != 2) return null;
            int cStart = k + 1;
            int lc = Text.hexRun(s, cStart);
            if (lc != 2 || cStart + 2 >= n || s.charAt(cStart + 2) != '.') return null;
            int f = fn(s, cStart + 3);
            if (f < 0) return null;
            out[0] = cStart + 4;
            return new Slot(Text.hex(s, i, la), (int) Text.hex(s, bStart, 2), (int) Text.hex(s, cStart, 2), f);
        }
        if (k < n && s.charAt(k) == '.' && la == 2 && lb == 2) {
            int f = fn(s, k + 1);
            if (f < 0) return null;
            out[0] = k + 2;
            return new Slot(-1, (int) Text.hex(s, i, 2), (int) Text.hex(s, bStart, 2), f);
        }
        return null;
    }

    private static int fn(String s, int i) {
        if (i >= s.length()) return -1;
        char c = s.charAt(i);
        if (c < '0' || c > '7') return -1;
        if (i + 1 < s.length() && Text.hexDigit(s.charAt(i + 1)) >= 0) return -1;
        return c - '0';
    }
}
