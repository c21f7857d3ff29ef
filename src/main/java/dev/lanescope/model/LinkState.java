package dev.lanescope.model;


/**
 * A link speed and width as one register (LnkCap or LnkSta) or sysfs pair reports them.
 * Width 0 means "x0": link down or not reported. A null speed is never stored; use {@link LinkSpeed#UNKNOWN}.
 */
public record LinkState(LinkSpeed speed, int width) {

    public LinkState {
        if (speed == null) throw new IllegalArgumentException("speed must not be null (use UNKNOWN)");
        if (width < 0 || width > 63) throw new IllegalArgumentException("width out of range 0..63: " + width);
    }

    public static LinkState of(LinkSpeed speed, int width) {
        return new LinkState(speed, width);
    }

    /** Bandwidth in Mb/s as the kernel computes it: width x per-lane rate (0 when the speed is unknown). */
    public long mbps() {
        return (long) width * speed.mbpsPerLane();
    }

    /** Gb/s with the kernel's three decimals, e.g. {@code 252.048}. */
    public String gbpsText() {
        return formatGbps(mbps());
    }

    /** Gb/s as the kernel prints it; the rule is {@link Units#gbps}. */
    public static String formatGbps(long mbps) {
        return Units.gbps(mbps);
    }

    /** GB/s (bytes) of usable bandwidth: Mb/s / 8000. */
    public double gigabytesPerSecond() {
        return mbps() / 8000.0;
    }

    /**
     * What two ends can both do: the lower speed and the narrower width, each on its own. A width of 0 (not
     * reported) does not count as narrower. Null when both are null; the other when one is.
     */
    public static LinkState min(LinkState a, LinkState b) {
        if (a == null) return b;
        if (b == null) return a;
        int w;
        if (a.width() == 0) w = b.width();
        else if (b.width() == 0) w = a.width();
        else w = Math.min(a.width(), b.width());
        return new LinkState(LinkSpeed.min(a.speed(), b.speed()), w);
    }

    public boolean isDown() {
        return width == 0;
    }

    public boolean isKnown() {
        return speed.isKnown() && width > 0;
    }

    /** {@code Gen4 x16}. */
    public String genText() {
        return speed.genLabel() + " x" + width;
    }

    /** {@code 16 GT/s x16}. */
    public String display() {
        return speed.display() + " x" + width;
    }

    /** The kernel's {@code 16.0 GT/s PCIe x16}. */
    public String kernelText() {
        return speed.kernelText() + " x" + width;
    }

    @Override
    public String toString() {
        return display();
    }
}
