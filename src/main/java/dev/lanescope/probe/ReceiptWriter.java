package dev.lanescope.probe;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lanescope.parse.Jackson;

/** Writes a receipt atomically: a temporary file in the target's folder, then a rename over the target. */
public final class ReceiptWriter {

    private ReceiptWriter() {
    }

    public static String toText(JsonNode receipt) throws IOException {
        return Jackson.pretty(receipt) + "\n";
    }

    public static void write(Receipt r, Path target) throws IOException {
        write(r.json(), target);
    }

    /** Writes {@code receipt} to {@code target} (replacing it) through a temporary file and a rename. */
    public static void write(JsonNode receipt, Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
        try {
            Files.writeString(tmp, toText(receipt));
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Saves a fresh receipt under a new name in {@code dir} (created when missing), never over an existing file:
     * {@code receipt-<its host>-<UTC time>.json}. Returns where it went.
     */
    public static Path saveNew(JsonNode receipt, Path dir, java.time.Instant when) throws IOException {
        Files.createDirectories(dir);
        Path target = defaultName(dir, receipt.path("host").path("hostname").asText("host"), when);
        write(receipt, target);
        return target;
    }

    /** {@code receipt-<host>-<UTC time>.json} in {@code dir}, with -2, -3... when that name is taken. */
    public static Path defaultName(Path dir, String host, java.time.Instant when) {
        String stamp = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
                .withZone(java.time.ZoneOffset.UTC).format(when);
        String base = "receipt-" + (host == null ? "host" : host.replaceAll("[^A-Za-z0-9._-]", "_")) + "-" + stamp;
        Path p = dir.resolve(base + ".json");
        for (int i = 2; Files.exists(p); i++) p = dir.resolve(base + "-" + i + ".json");
        return p;
    }
}
