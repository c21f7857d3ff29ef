package dev.lanescope.analysis.scaling;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import dev.lanescope.analysis.ceiling.CeilingInputException;

/**
 * Memory bandwidth and size of common cards, from each vendor's spec page (peak, not measured). The names lspci
 * prints ({@code Vega 20}, {@code AD102}) map a capture's GPUs to a preset.
 */
public enum GpuPreset {
    /** AMD Instinct MI50: 1024 GB/s HBM2, 32 GB (a 16 GB version exists). lspci: "Vega 20". */
    MI50("AMD Instinct MI50", "mi50", 1024, 32, ids(0x1002, 0x66a1), "mi50", "vega 20"),
    /** AMD Instinct MI60: 1024 GB/s, 32 GB. */
    MI60("AMD Instinct MI60", "mi60", 1024, 32, ids(0x1002, 0x66a0), "mi60"),
    /** AMD Radeon AI PRO R9700: 640 GB/s GDDR6, 32 GB (RDNA4, Navi 48). */
    R9700("AMD Radeon AI PRO R9700", "r9700", 640, 32, ids(), "r9700"),
    /** AMD Radeon RX 7900 XTX: 960 GB/s, 24 GB (Navi 31). */
    RX7900XTX("AMD Radeon RX 7900 XTX", "7900xtx", 960, 24, ids(), "7900 xtx", "navi 31"),
    /** NVIDIA GeForce RTX 2080 Ti: 616 GB/s GDDR6, 11 GB (TU102). */
    RTX2080TI("NVIDIA GeForce RTX 2080 Ti", "2080ti", 616, 11, ids(0x10de, 0x1e04, 0x1e07), "2080 ti", "tu102"),
    /** NVIDIA GeForce RTX 3090: 936 GB/s GDDR6X, 24 GB (GA102). */
    RTX3090("NVIDIA GeForce RTX 3090", "3090", 936, 24, ids(0x10de, 0x2204), "3090", "ga102"),
    /** NVIDIA GeForce RTX 4090: 1008 GB/s GDDR6X, 24 GB (AD102). */
    RTX4090("NVIDIA GeForce RTX 4090", "4090", 1008, 24, ids(0x10de, 0x2684), "4090"),
    /** NVIDIA RTX 6000 Ada: 960 GB/s GDDR6, 48 GB (AD102). */
    RTX6000ADA("NVIDIA RTX 6000 Ada", "rtx6000ada", 960, 48, ids(0x10de, 0x26b1), "rtx 6000 ada", "ad102"),
    /** NVIDIA A100 80GB PCIe: 1935 GB/s HBM2e. */
    A100("NVIDIA A100 80GB", "a100", 1935, 80, ids(0x10de, 0x20b2, 0x20b5), "a100", "ga100"),
    /** NVIDIA H100 PCIe: 2000 GB/s HBM2e, 80 GB. */
    H100("NVIDIA H100 PCIe", "h100", 2000, 80, ids(0x10de, 0x2331), "h100", "gh100"),
    /** NVIDIA H200 NVL: 4800 GB/s HBM3e, 141 GB. */
    H200("NVIDIA H200", "h200", 4800, 141, ids(0x10de, 0x2335, 0x233b), "h200");

    private final String label;
    private final String key;
    private final double memGbPerS;
    private final double vramGb;
    private final String[] names;
    private final int[] ids;

    GpuPreset(String label, String key, double memGbPerS, double vramGb, int[] ids, String... names) {
        this.ids = ids;
        this.label = label;
        this.key = key;
        this.memGbPerS = memGbPerS;
        this.vramGb = vramGb;
        this.names = names;
    }

    public String label() {
        return label;
    }

    public String key() {
        return key;
    }

    /** Spec (peak) memory bandwidth, GB/s. */
    public double memGbPerS() {
        return memGbPerS;
    }

    public double vramGb() {
        return vramGb;
    }

    public static GpuPreset byKey(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT).replace(" ", "").replace("-", "");
        for (GpuPreset p : values()) {
            if (p.key.equals(k) || p.name().equalsIgnoreCase(k)) return p;
        }
        throw new CeilingInputException("gpu", "unknown card '" + key + "' (known: " + keys()
                + "; or give --mem-gbps and --vram-gb)");
    }

    /** Vendor id then device ids (PCI ids, for captures whose lspci names a card only "Device 2335"). */
    private static int[] ids(int... vendorThenDevices) {
        return vendorThenDevices;
    }

    /** The preset for a capture's GPU: by its name, else by its PCI vendor and device id. */
    public static Optional<GpuPreset> of(dev.lanescope.model.PciFunction f) {
        Optional<GpuPreset> byName = fromDeviceName(f.vendorDeviceName());
        if (byName.isPresent()) return byName;
        for (GpuPreset p : values()) {
            for (int i = 1; i < p.ids.length; i++) {
                if (p.ids[0] == f.vendorId() && p.ids[i] == f.deviceId()) return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The preset whose name appears in an lspci device name, most specific first. */
    public static Optional<GpuPreset> fromDeviceName(String vendorDevice) {
        if (vendorDevice == null) return Optional.empty();
        String n = vendorDevice.toLowerCase(Locale.ROOT);
        // a marketing name in brackets wins over a chip name (AD102 is both 4090 and RTX 6000 Ada)
        for (GpuPreset p : values()) {
            if (n.contains(p.names[0])) return Optional.of(p);
        }
        for (GpuPreset p : values()) {
            for (int i = 1; i < p.names.length; i++) if (n.contains(p.names[i])) return Optional.of(p);
        }
        return Optional.empty();
    }

    public static String keys() {
        return String.join(", ", Arrays.stream(values()).map(GpuPreset::key).toList());
    }

    @Override
    public String toString() {
        return label;
    }
}
