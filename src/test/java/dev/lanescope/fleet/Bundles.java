package dev.lanescope.fleet;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/** Test helper: writes .tar.gz bundles shaped like collect.sh's (one top folder, then the files). */
public final class Bundles {

    private Bundles() {
    }

    /** Entries are written in the map's order; names are used as given (tests pass hostile ones on purpose). */
    public static void write(Path out, Map<String, byte[]> entries) throws IOException {
        try (OutputStream f = Files.newOutputStream(out);
             GzipCompressorOutputStream gz = new GzipCompressorOutputStream(f);
             TarArchiveOutputStream tar = new TarArchiveOutputStream(gz)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                TarArchiveEntry t = new TarArchiveEntry(e.getKey(), true);
                t.setSize(e.getValue().length);
                t.setMode(0644);
                tar.putArchiveEntry(t);
                tar.write(e.getValue());
                tar.closeArchiveEntry();
            }
        }
    }

    /** A collect.sh-like bundle: {@code lanescope-<host>/lspci-vv.txt} plus hostname, boot_id, date. */
    public static void collectLike(Path out, String host, String bootId, String date, String vv) throws IOException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        String top = "lanescope-" + host + "/";
        m.put(top + "lspci-vv.txt", vv.getBytes(StandardCharsets.UTF_8));
        m.put(top + "hostname", (host + "\n").getBytes(StandardCharsets.UTF_8));
        m.put(top + "boot_id", (bootId + "\n").getBytes(StandardCharsets.UTF_8));
        m.put(top + "date", (date + "\n").getBytes(StandardCharsets.UTF_8));
        m.put(top + "root", "yes\n".getBytes(StandardCharsets.UTF_8));
        write(out, m);
    }
}
