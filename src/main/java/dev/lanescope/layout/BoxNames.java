package dev.lanescope.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words on a box: the part of an lspci name that tells this device from its neighbours. The vendor goes
 * (every box of a machine would repeat it), the model and the port name stay, and a long name wraps onto a
 * second line instead of losing its tail ("... Root Port #5" is what tells two ports apart).
 */
public final class BoxNames {

    /** Characters on one line of a box name. */
    public static final int LINE = 34;
    /** Lines of a box name; beyond them the middle of the name gives way, never its tail. */
    public static final int LINES = 2;

    /**
     * A company name ends at one of these words (pci.ids spells vendors this way): "Intel Corporation",
     * "Broadcom Inc. and subsidiaries", "Ampere Computing, LLC", "Renesas Technology Corp.",
     * "Shenzhen Longsys Electronics Co., Ltd.", "Samsung Electronics Co Ltd".
     */
    private static final Pattern SUFFIX = Pattern.compile(
            "(?:,?\\s(?:Corporation|Corp\\.?|Incorporated|Inc\\.?(?: and subsidiaries)?|Co\\.?,? Ltd\\.?|Ltd\\.?"
                    + "|Limited|LLC|L\\.L\\.C\\.|GmbH|AG|S\\.A\\.|B\\.V\\.|N\\.V\\.|Pty|Semiconductor|Technologies"
                    + "|Technology|Electronics|Microsystems|Systems|Devices|Networks|Computing|Co\\.?)(?=[\\s,]))+"
                    + "(?:\\s\\[[^\\]]{1,30}\\])?\\s");
    private static final Pattern REVISION = Pattern.compile("\\s*\\(rev [0-9a-fA-F]+\\)\\s*$");
    private static final Pattern UNKNOWN_DEVICE = Pattern.compile("^Device [0-9a-fA-F]{4}\\b.*");

    private BoxNames() {
    }

    /**
     * The device name without its vendor: {@code Advanced Micro Devices, Inc. [AMD/ATI] Picasso} becomes
     * {@code Picasso}. When pci.ids does not know the device ({@code NVIDIA Corporation Device 2335}) the vendor's
     * first word stays, so the box still says whose it is ({@code NVIDIA device 2335}).
     */
    public static String withoutVendor(String name) {
        if (name == null) return "";
        String n = REVISION.matcher(name).replaceFirst("").trim();
        Matcher m = SUFFIX.matcher(n);
        int end = -1;
        while (m.find()) {
            if (m.start() > 60) break;
            end = m.end();
            if (!UNKNOWN_DEVICE.matcher(n.substring(end)).matches() && looksLikeModel(n.substring(end))) break;
        }
        if (end < 0 || n.length() - end < 3) return n;
        String rest = n.substring(end).trim();
        if (UNKNOWN_DEVICE.matcher(rest).matches()) {
            String vendor = n.substring(0, end).trim();
            String brand = bracket(vendor);
            String first = brand != null ? brand : vendor.split("[\\s,]+")[0];
            return first + " " + Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
        }
        return rest;
    }

    private static boolean looksLikeModel(String rest) {
        // "Technology Co., Ltd. X" must not stop after "Technology": what follows a stop is not a suffix again
        return !SUFFIX.matcher(" " + rest).lookingAt();
    }

    private static String bracket(String vendor) {
        int a = vendor.lastIndexOf('[');
        int b = vendor.lastIndexOf(']');
        return a >= 0 && b > a + 1 ? vendor.substring(a + 1, b) : null;
    }

    /**
     * The name as it goes on a box: without the vendor, on at most {@link #LINES} lines of {@link #LINE}
     * characters (joined by a newline). A name longer than that keeps its first words and its last ones, with
     * an ellipsis between.
     */
    public static String boxName(String name) {
        String n = withoutVendor(name);
        if (n.length() <= LINE) return n;
        List<String> lines = wrap(n);
        if (lines.size() <= LINES) return String.join("\n", lines);
        // keep the tail whole: the last line holds the end of the name, the first line the start
        String tail = tailWords(n, LINE);
        String head = headWords(n.substring(0, n.length() - tail.length()).trim(), LINE - 1);
        return head + "…\n" + tail;
    }

    /** The widest line of a box name, in characters. */
    public static int widest(String boxName) {
        int w = 0;
        for (String l : boxName.split("\n")) w = Math.max(w, l.length());
        return w;
    }

    /** How many lines a box name takes. */
    public static int lines(String boxName) {
        return boxName.isEmpty() ? 1 : boxName.split("\n").length;
    }

    static List<String> wrap(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : s.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > LINE) {
                out.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) line.append(' ');
            line.append(word);
        }
        if (line.length() > 0) out.add(line.toString());
        return out;
    }

    private static String tailWords(String s, int max) {
        String[] words = s.split(" ");
        StringBuilder tail = new StringBuilder();
        for (int i = words.length - 1; i >= 0; i--) {
            if (tail.length() > 0 && tail.length() + 1 + words[i].length() > max) break;
            tail.insert(0, tail.length() > 0 ? words[i] + " " : words[i]);
        }
        return tail.length() > max ? tail.substring(tail.length() - max) : tail.toString();
    }

    private static String headWords(String s, int max) {
        if (s.length() <= max) return s;
        String cut = s.substring(0, max);
        int sp = cut.lastIndexOf(' ');
        return (sp > max / 2 ? cut.substring(0, sp) : cut).trim();
    }

    /** Lower-case words of a badge count ("2 NVMe", "3 root ports") for a folded box. */
    static String plural(int n, String badge) {
        if (n == 1) return "1 " + badge;
        String b = badge.toLowerCase(Locale.ROOT).equals(badge) && !badge.endsWith("s") && !badge.contains("↑")
                && !badge.contains("↓") ? badge + "s" : badge;
        return n + " " + b;
    }
}
