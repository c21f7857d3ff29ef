package dev.lanescope.analysis.scaling;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import dev.lanescope.analysis.ceiling.CeilingInputException;
import dev.lanescope.model.PciId;

/**
 * A card's published memory bandwidth and size (peak, from the vendor's page; never measured here), one row of the
 * table {@code gpu-cards.csv} beside this class, each row with its source. A capture's GPU is matched by its PCI
 * vendor and device id, else by the marketing name lspci or nvidia-smi gives; a card not in the table is not given
 * figures: the user is asked for them (docs/RULES.md §10).
 *
 * @param nvlinkGbPerLink one NVLink's rate per direction, GB/s, for cards that have NVLink; NaN otherwise
 */
public record GpuPreset(String key, String label, int vendorId, List<Integer> deviceIds, List<String> names,
                        double memGbPerS, double vramGb, double nvlinkGbPerLink, String source) {

    private static final List<GpuPreset> TABLE = load();

    public GpuPreset {
        deviceIds = List.copyOf(deviceIds);
        names = List.copyOf(names);
    }

    /** Every card of the table, in its order. */
    public static List<GpuPreset> values() {
        return TABLE;
    }

    /** Spec (peak) memory bandwidth, GB/s. */
    public double memGbPerS() {
        return memGbPerS;
    }

    public static GpuPreset byKey(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        for (GpuPreset p : TABLE) {
            if (p.key.equals(k) || p.key.replace("-", "").equals(k.replace("-", ""))) return p;
        }
        throw new CeilingInputException("gpu", "unknown card '" + key + "' (known: " + keys()
                + "; or give --mem-gbps and --vram-gb)");
    }

    /** The row for a capture's GPU: by its PCI vendor and device id, else by its name. */
    public static Optional<GpuPreset> of(dev.lanescope.model.PciFunction f) {
        for (GpuPreset p : TABLE) {
            for (int device : p.deviceIds) {
                if (new PciId(p.vendorId, device).matches(f)) return Optional.of(p);
            }
        }
        return fromDeviceName(f.vendorDeviceName());
    }

    /** The row whose name appears in an lspci or nvidia-smi device name. */
    public static Optional<GpuPreset> fromDeviceName(String vendorDevice) {
        if (vendorDevice == null) return Optional.empty();
        String n = vendorDevice.toLowerCase(Locale.ROOT);
        for (GpuPreset p : TABLE) {
            for (String name : p.names) if (n.contains(name)) return Optional.of(p);
        }
        return Optional.empty();
    }

    public static String keys() {
        return String.join(", ", TABLE.stream().map(GpuPreset::key).toList());
    }

    @Override
    public String toString() {
        return label;
    }

    private static List<GpuPreset> load() {
        CsvSchema schema = CsvSchema.emptySchema().withHeader();
        List<GpuPreset> out = new ArrayList<>();
        try (InputStream in = GpuPreset.class.getResourceAsStream("gpu-cards.csv")) {
            if (in == null) throw new IllegalStateException("gpu-cards.csv is missing from the build");
            MappingIterator<java.util.Map<String, String>> rows = new CsvMapper()
                    .readerFor(java.util.Map.class).with(schema).readValues(in);
            while (rows.hasNext()) {
                java.util.Map<String, String> r = rows.next();
                List<Integer> ids = new ArrayList<>();
                for (String id : r.get("device_ids").trim().split("\\s+")) {
                    if (!id.isEmpty()) ids.add(Integer.parseInt(id, 16));
                }
                String nv = r.get("nvlink_gbps_per_link");
                out.add(new GpuPreset(r.get("key"), r.get("label"), Integer.parseInt(r.get("vendor"), 16), ids,
                        List.of(r.get("names").toLowerCase(Locale.ROOT).split("\\|")),
                        Double.parseDouble(r.get("mem_gbps")), Double.parseDouble(r.get("vram_gb")),
                        nv == null || nv.isBlank() ? Double.NaN : Double.parseDouble(nv), r.get("source")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(out);
    }
}
