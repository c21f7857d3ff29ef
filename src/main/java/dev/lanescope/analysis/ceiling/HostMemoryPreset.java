package dev.lanescope.analysis.ceiling;

import java.util.Locale;

/**
 * Host RAM bandwidth presets: peak transfer rate x bus width, the datasheet figure (sustained reads reach less;
 * type a measured number when you have one).
 */
public enum HostMemoryPreset {
    /** 3200 MT/s x 2 channels x 8 bytes = 51.2 GB/s. */
    DDR4_3200_DUAL("DDR4-3200 dual channel", "ddr4-3200", 3200, 128),
    /** 6000 MT/s x 2 channels x 8 bytes (DDR5 subchannels: 4 x 32 bit) = 96 GB/s. */
    DDR5_6000_DUAL("DDR5-6000 dual channel", "ddr5-6000", 6000, 128),
    /** 8000 MT/s on a 256-bit bus = 256 GB/s: a Strix Halo (AMD spec page, 128 GB LPDDR5x-8000). */
    LPDDR5X_8000_256("LPDDR5X-8000 on a 256-bit bus", "lpddr5x-8000-256", 8000, 256);

    private final String label;
    private final String key;
    private final int megaTransfersPerS;
    private final int busBits;

    HostMemoryPreset(String label, String key, int megaTransfersPerS, int busBits) {
        this.label = label;
        this.key = key;
        this.megaTransfersPerS = megaTransfersPerS;
        this.busBits = busBits;
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
