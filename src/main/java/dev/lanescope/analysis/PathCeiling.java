package dev.lanescope.analysis;

import java.util.List;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.KernelBandwidthLine;
import dev.lanescope.model.LinkState;

/**
 * The path ceiling of one function, computed as the kernel's {@code pcie_bandwidth_available()} and
 * {@code pcie_bandwidth_capable()} do (docs/RULES.md §3).
 *
 * @param device          the function
 * @param known           false when some function's link status on the path is unknown: then no figures are given
 * @param availableMbps   min over the walk of width x per-lane Mb/s (-1 when not known)
 * @param limitingBdf     the function that sets it (ties go to the more upstream one); null when not known
 * @param limitingLink    that function's own link state
 * @param capableMbps     the device's own LnkCap2/LnkCap speed x LnkCap width (0 when unknown, as the kernel)
 * @param capableLink     that speed and width (null when unknown)
 * @param pathCapableMbps min over every hop's capable on the path (-1 when some hop's capability is unknown)
 * @param steps           the walk, device first, root port last
 * @param sentence        the kernel's own sentence for these figures, or a plain statement of what is unknown
 * @param kernelLine      the kernel's boot-time line for this device (or for the card's upstream port), or null
 * @param mismatch        how the kernel line differs from the capture-time figures; null when they agree or no line
 */
public record PathCeiling(Bdf device, boolean known, long availableMbps, Bdf limitingBdf, LinkState limitingLink,
                          long capableMbps, LinkState capableLink, long pathCapableMbps, List<Step> steps,
                          String sentence, KernelBandwidthLine kernelLine, String mismatch) {

    /** One function of the walk: its own link state and where it was read ("LnkSta", "sysfs", "unknown"). */
    public record Step(Bdf bdf, LinkState state, String source) {
        public long mbps() {
            return state == null ? -1 : state.mbps();
        }
    }

    public PathCeiling {
        steps = List.copyOf(steps);
    }

    /**
     * True when the walk is the device alone: no bridge above it, so it sits directly on a root bus (a card passed
     * through to a virtual machine). Its figure is then the link the guest is shown, not the host's path.
     */
    public boolean onRootBus() {
        return steps.size() == 1;
    }

    /**
     * For a device on a root bus, what its figure cannot say and how to find out; null otherwise. The same sentence
     * in the window, in {@code analyze} and in {@code advise}.
     */
    public String hostPathNote() {
        if (!onRootBus()) return null;
        return "No root port or switch is visible above " + device + ": in a virtual machine the hypervisor hides the"
                + " host's real path, so the device's own link is all the guest is shown, not proof of what the host"
                + " gives;"
                + " a probe under load is the proof (lanescope probe --quick on this machine).";
    }

    /** True when the available figure is below the device's own capability. */
    public boolean isLimited() {
        return known && availableMbps < capableMbps;
    }

    public String availableGbps() {
        return known ? LinkState.formatGbps(availableMbps) : "unknown";
    }

    public String pathCapableGbps() {
        return pathCapableMbps < 0 ? "unknown" : LinkState.formatGbps(pathCapableMbps);
    }
}
