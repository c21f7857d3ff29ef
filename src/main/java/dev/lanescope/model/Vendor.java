package dev.lanescope.model;

import java.util.Locale;

/**
 * Who made a function, the one vendor notion of lanescope (docs/RULES.md §8): by the PCI vendor id, else (a tree or a
 * listing printed without ids) by the vendor words lspci puts in front of the name. AMD has two ids: its CPUs,
 * chipsets and host bridges are 1022, its GPUs (the former ATI) 1002; {@link #AMD_GPU} and {@link #AMD} keep them
 * apart, because the kernel's and the drivers' rules do.
 */
public enum Vendor {
    /** AMD's GPUs and accelerators (1002, "[AMD/ATI]"). */
    AMD_GPU(0x1002, "advanced micro devices, inc. [amd/ati]", "ati technologies"),
    /** AMD's CPUs, chipsets and host bridges (1022, "[AMD]"). */
    AMD(0x1022, "advanced micro devices, inc. [amd]"),
    INTEL(0x8086, "intel corporation"),
    NVIDIA(0x10de, "nvidia corporation"),
    MELLANOX(0x15b3, "mellanox technologies"),
    OTHER(-1),
    UNKNOWN(-1);

    private final int id;
    private final String[] namePrefixes;

    Vendor(int id, String... namePrefixes) {
        this.id = id;
        this.namePrefixes = namePrefixes;
    }

    /** The PCI vendor id (-1 for OTHER and UNKNOWN). */
    public int id() {
        return id;
    }

    /** The vendor of a function: its id when printed, else the vendor words its name opens with. */
    public static Vendor of(PciFunction f) {
        if (f == null) return UNKNOWN;
        if (f.vendorId() >= 0) {
            for (Vendor v : values()) {
                if (v.id == f.vendorId()) return v;
            }
            return OTHER;
        }
        String n = f.vendorDeviceName() == null ? "" : f.vendorDeviceName().toLowerCase(Locale.ROOT);
        if (n.isBlank()) return UNKNOWN;
        // "[amd/ati]" is checked before "[amd]": the names share their opening words
        for (Vendor v : values()) {
            for (String p : v.namePrefixes) {
                if (n.startsWith(p)) return v;
            }
        }
        if (n.startsWith("nvidia")) return NVIDIA;
        return OTHER;
    }

    /** Both functions print the same vendor id (false when either id was not printed). */
    public static boolean same(PciFunction a, PciFunction b) {
        return a.vendorId() >= 0 && a.vendorId() == b.vendorId();
    }

    /** AMD as either id: a CPU, chipset or host bridge (1022) or a GPU (1002). */
    public boolean isAmd() {
        return this == AMD || this == AMD_GPU;
    }
}
