package dev.lanescope.export;

import java.nio.file.Files;
import java.nio.file.Path;

/** Starts writing {@code args[0]} atomically, says so, and never finishes: {@link AtomicFilesTest} stops it. */
public final class UnfinishedWriteMain {

    private UnfinishedWriteMain() {
    }

    public static void main(String[] args) throws Exception {
        AtomicFiles.write(Path.of(args[0]), tmp -> {
            Files.writeString(tmp, "the first half of a picture");
            System.out.println("writing " + tmp);
            System.out.flush();
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
