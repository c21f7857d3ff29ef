package dev.lanescope.analysis.ceiling;

import java.util.Locale;

/**
 * Host RAM bandwidth presets: peak transfer rate x bus width, the datasheet figure (sustained reads reach less;
 * type a measured number when you have one).
 */
public enum HostMemoryPreset {
    /** 3200 MT/s x 2 channels x 8 bytes = 51.2 GB/s. */
    DDR4_3200_DUAL("DDR4-3200 dual channel", "ddr4-3200", 3200, 128,
            "JEDEC DDR4-3200: 3200 MT/s on a 64-bit channel; desktop boards run 2 channels"),
    /** 6000 MT/s x 2 channels x 8 bytes (DDR5 subchannels: 4 x 32 bit) = 96 GB/s. */
    DDR5_6000_DUAL("DDR5-6000 dual channel", "ddr5-6000", 6000, 128,
            "DDR5-6000: 6000 MT/s on a 64-bit channel (two 32-bit subchannels); desktop boards run 2 channels"),
    /** 8000 MT/s on a 256-bit bus = 256 GB/s: AMD Ryzen AI Max (Strix Halo), 128 GB LPDDR5x-8000. */
    LPDDR5X_8000_256("LPDDR5X-8000 on a 256-bit bus", "lpddr5x-8000-256", 8000, 256,
            "AMD Ryzen AI Max+ 395 specifications (amd.com): LPDDR5x-8000, 256-bit memory interface"),
    /** 8533 MT/s on a 128-bit bus = 136.5 GB/s: Intel Core Ultra 200V (Lunar Lake) laptops. */
    LPDDR5X_8533_128("LPDDR5X-8533 on a 128-bit bus (laptop)", "lpddr5x-8533-128", 8533, 128,
            "Intel Core Ultra 200V series specifications (intel.com): LPDDR5X-8533 on-package memory, 128-bit bus"),
    /** 2400 MT/s x 4 channels x 8 bytes = 76.8 GB/s per socket: Xeon E5 v4 (Broadwell-EP). */
    DDR4_2400_4CH("DDR4-2400, 4 channels (one Xeon E5 v4 socket)", "ddr4-2400-4ch", 2400, 256,
            "Intel Xeon E5-2600 v4 specifications (intel.com): 4 memory channels, DDR4 up to 2400 MT/s"),
    /** 2933 MT/s x 6 channels x 8 bytes = 140.8 GB/s per socket: 2nd-gen Xeon Scalable (Cascade Lake). */
    DDR4_2933_6CH("DDR4-2933, 6 channels (one Xeon Scalable 2nd-gen socket)", "ddr4-2933-6ch", 2933, 384,
            "Intel Xeon Scalable 2nd generation specifications (intel.com): 6 memory channels, DDR4 up to 2933 MT/s"),
    /** 3200 MT/s x 8 channels x 8 bytes = 204.8 GB/s per socket: EPYC 7002/7003, Xeon Scalable 3rd gen. */
    DDR4_3200_8CH("DDR4-3200, 8 channels (one EPYC 7002/7003 or Ice Lake-SP socket)", "ddr4-3200-8ch", 3200, 512,
            "AMD EPYC 7003 and Intel Xeon Scalable 3rd generation specifications: 8 memory channels, DDR4-3200"),
    /** 4800 MT/s x 8 channels x 8 bytes = 307.2 GB/s per socket: Xeon Scalable 4th gen (Sapphire Rapids). */
    DDR5_4800_8CH("DDR5-4800, 8 channels (one Sapphire Rapids socket)", "ddr5-4800-8ch", 4800, 512,
            "Intel Xeon Scalable 4th generation specifications (intel.com): 8 memory channels, DDR5 up to 4800 MT/s"),
    /** 4800 MT/s x 12 channels x 8 bytes = 460.8 GB/s per socket: EPYC 9004 (Genoa). */
    DDR5_4800_12CH("DDR5-4800, 12 channels (one EPYC 9004 socket)", "ddr5-4800-12ch", 4800, 768,
            "AMD EPYC 9004 specifications (amd.com): 12 memory channels, DDR5-4800"),
    /** 6400 MT/s x 12 channels x 8 bytes = 614.4 GB/s per socket: EPYC 9005 (Turin). */
    DDR5_6400_12CH("DDR5-6400, 12 channels (one EPYC 9005 socket)", "ddr5-6400-12ch", 6400, 768,
            "AMD EPYC 9005 specifications (amd.com): 12 memory channels, DDR5 up to 6400 MT/s"),
    /** 3200 MT/s on 4 HBM2e stacks of 1024 bits = 1638.4 GB/s: Xeon CPU Max (64 GB HBM2e in the package). */
    HBM2E_XEON_MAX("HBM2e, 4 stacks (Xeon CPU Max, 64 GB in the package)", "hbm2e-xeon-max", 3200, 4096,
            "Intel Xeon CPU Max Series specifications (intel.com): 64 GB HBM2e in 4 stacks; HBM2e at 3.2 Gb/s per pin,"
                    + " 1024 bits per stack");

    private final String label;
    private final String key;
    private final int megaTransfersPerS;
    private final int busBits;
    private final String source;

    HostMemoryPreset(String label, String key, int megaTransfersPerS, int busBits, String source) {
        this.label = label;
        this.key = key;
        this.megaTransfersPerS = megaTransfersPerS;
        this.busBits = busBits;
        this.source = source;
    }

    /** Where the transfer rate and bus width come from. */
    public String source() {
        return source;
    }

    public String label() {
        return label;
    }

    /** The CLI spelling, e.g. {@code ddr5-6000}. */
    public String key() {
        return key;
    }

    /** MT/s x bus bytes / 1000, in GB/s. */
    public double gbPerS() {
        return megaTransfersPerS * (busBits / 8.0) / 1000.0;
    }

    public static HostMemoryPreset byKey(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        for (HostMemoryPreset p : values()) {
            if (p.key.equals(k) || p.name().equalsIgnoreCase(k)) return p;
        }
        throw new CeilingInputException("ramPreset", "unknown preset '" + key + "' (known: " + keys() + ")");
    }

    public static String keys() {
        return String.join(", ", java.util.Arrays.stream(values()).map(HostMemoryPreset::key).toList());
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (%.1f GB/s)", label, gbPerS());
    }
}
