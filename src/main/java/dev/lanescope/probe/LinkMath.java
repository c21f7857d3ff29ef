package dev.lanescope.probe;


import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.Units;

/** Usable payload bandwidth of a link (the kernel's per-lane rates after encoding), and words for sizes. */
public final class LinkMath {

    private LinkMath() {
    }

    /** GB/s of payload a link of this generation and width can carry; NaN when unknown. */
    public static double usableGBps(int generation, int width) {
        LinkSpeed s = LinkSpeed.ofGeneration(generation);
        if (!s.isKnown() || width <= 0) return Double.NaN;
        return s.mbpsPerLane() * (double) width / 8.0 / 1000.0;
    }

    /** The lowest generation whose link of this width can carry {@code gbps}, or -1 (more than Gen6 carries). */
    public static int lowestGenerationCarrying(double gbps, int width) {
        for (int g = 1; g <= 6; g++) {
            if (usableGBps(g, width) >= gbps) return g;
        }
        return -1;
    }

    /** "Gen5 x16" (or "Gen? x?"). */
    public static String link(int gen, int width) {
        return (gen > 0 ? "Gen" + gen : "Gen?") + " x" + (width > 0 ? Integer.toString(width) : "?");
    }

    /** 460800 -> "460,800 B", 3145728 -> "3 MiB", 1073741824 -> "1 GiB". */
    public static String size(long bytes) {
        return Units.bytes(bytes);
    }
}
