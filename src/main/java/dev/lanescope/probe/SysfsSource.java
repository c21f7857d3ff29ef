package dev.lanescope.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The PCI device files the watch reads, behind an interface so tests feed it a made-up tree instead of hardware.
 * Read-only: nothing here writes to sysfs.
 */
public interface SysfsSource {

    /** The function addresses under {@code /sys/bus/pci/devices}, sorted. */
    List<String> devices();

    /** A file of a function ({@code current_link_speed}, {@code aer_dev_correctable} ...), or null when absent or unreadable. */
    String read(String bdf, String attribute);

    /** The functions from the root port down to {@code bdf} (itself last), from where sysfs places the device. */
    List<String> path(String bdf);

    /** {@code /proc/sys/kernel/random/boot_id}, or null. */
    String bootId();

    /** This machine's sysfs. */
    static SysfsSource system() {
        return new Live(Path.of("/sys/bus/pci/devices"), Path.of("/proc/sys/kernel/random/boot_id"));
    }

    /** A sysfs tree under a folder (a real one, or a copy). */
    final class Live implements SysfsSource {
        private static final Pattern BDF = Pattern.compile("[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");
        private static final System.Logger LOG = System.getLogger(Live.class.getName());
        private final Path devices;
        private final Path bootId;

        public Live(Path devices, Path bootId) {
            this.devices = devices;
            this.bootId = bootId;
        }

        @Override
        public List<String> devices() {
            List<String> out = new ArrayList<>();
            if (!Files.isDirectory(devices)) return out;
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(devices)) {
                for (Path p : ds) {
                    String n = p.getFileName().toString();
                    if (BDF.matcher(n).matches()) out.add(n);
                }
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "sysfs not listable: the watch reads nothing", e);
            }
            out.sort(null);
            return out;
        }

        @Override
        public String read(String bdf, String attribute) {
            Path f = devices.resolve(bdf).resolve(attribute);
            try {
                return Files.isReadable(f) ? Files.readString(f, StandardCharsets.UTF_8) : null;
            } catch (IOException e) {
                return null; // a powered-down device refuses the read: that reading is simply absent
            }
        }

        @Override
        public List<String> path(String bdf) {
            List<String> out = new ArrayList<>();
            try {
                for (Path part : devices.resolve(bdf).toRealPath()) {
                    String n = part.toString();
                    if (BDF.matcher(n).matches()) out.add(n);
                }
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "no real path: the function stands alone", e);
            }
            if (out.isEmpty() || !out.get(out.size() - 1).equals(bdf)) out.add(bdf);
            return out;
        }

        @Override
        public String bootId() {
            try {
                return Files.isReadable(bootId) ? Files.readString(bootId, StandardCharsets.UTF_8).strip() : null;
            } catch (IOException e) {
                return null;
            }
        }
    }
}
