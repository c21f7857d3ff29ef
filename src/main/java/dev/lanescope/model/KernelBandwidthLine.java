package dev.lanescope.model;

/**
 * The kernel's {@code ... Gb/s available PCIe bandwidth[, limited by S xW link at BDF] (capable of ...)} line.
 *
 * @param device         the function the line is about
 * @param availableMbps  the available figure in Mb/s (the printed Gb/s x 1000)
 * @param limitedBy      the link the kernel blames (null on the "not limited" form)
 * @param limitingBdf    where it is (null on the "not limited" form, or "<unknown>")
 * @param capableMbps    the capable figure in Mb/s
 * @param capable        speed and width of the capable figure
 * @param text           the line as found, without timestamp
 */
public record KernelBandwidthLine(Bdf device, long availableMbps, LinkState limitedBy, Bdf limitingBdf,
                                  long capableMbps, LinkState capable, boolean flitMode, String text,
                                  SourceRef source) {
    public boolean isLimited() {
        return limitedBy != null;
    }
}
