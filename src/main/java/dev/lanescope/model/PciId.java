package dev.lanescope.model;

import java.util.Locale;

/**
 * A function's PCI vendor:device id, for the tables that the kernel and the drivers key by id (docs/RULES.md §8): the
 * kernel's peer-to-peer host-bridge list, the cards with published memory figures. Rules that ask what a function is
 * or who made it ask {@link DeviceKind} and {@link Vendor} instead.
 *
 * @param vendor the vendor id
 * @param device the device id, or -1 in a table entry that holds for every device of the vendor
 */
public record PciId(int vendor, int device) {

    /** The ids the capture printed for a function, or null when it printed none (a tree, a listing without -nn). */
    public static PciId of(PciFunction f) {
        return f == null || f.vendorId() < 0 || f.deviceId() < 0 ? null : new PciId(f.vendorId(), f.deviceId());
    }

    /** This table entry names the function: the same vendor and device (any device for an entry of device -1). */
    public boolean matches(PciFunction f) {
        PciId id = of(f);
        return id != null && id.vendor == vendor && (device < 0 || id.device == device);
    }

    /** {@code 8086:2f00}, as lspci -nn prints it. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%04x:%04x", vendor, device);
    }
}
