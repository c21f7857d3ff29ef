package dev.lanescope.ui.main;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.lanescope.capture.CaptureLoader;

/**
 * What a drop on the window opens. A capture is one folder, one archive, or plain files read together; a drop that
 * holds more than one capture opens the first (in the order dropped) and says what it left. Missing, unreadable and
 * special files (devices, pipes) are refused with the reason, before anything replaces the open capture.
 */
final class DroppedFiles {

    /** The inputs to open (empty when nothing dropped is usable) and one reason per item not opened. */
    record Plan(List<Path> open, List<String> refused) {

        /** "Not opened: a.bin cannot be read (…); …", or "" when everything dropped is opened. */
        String note() {
            return refused.isEmpty() ? "" : "Not opened: " + String.join("; ", refused);
        }
    }

    private DroppedFiles() {
    }

    static Plan plan(List<Path> dropped) {
        List<Path> captures = new ArrayList<>(); // folders and archives, each a capture of its own
        List<Path> files = new ArrayList<>();    // plain files, one capture together
        int firstFile = -1;
        List<String> refused = new ArrayList<>();
        for (Path p : dropped) {
            String name = p.getFileName() == null ? p.toString() : p.getFileName().toString();
            String why = refusal(p);
            if (why != null) {
                refused.add(name + " " + why);
            } else if (Files.isDirectory(p) || CaptureLoader.isArchiveName(name)) {
                captures.add(p);
            } else {
                if (files.isEmpty()) firstFile = captures.size();
                files.add(p);
            }
        }
        List<Path> open;
        List<Path> left = new ArrayList<>();
        if (captures.isEmpty() || (!files.isEmpty() && firstFile == 0)) {
            open = files;
            left.addAll(captures);
        } else {
            open = List.of(captures.get(0));
            left.addAll(captures.subList(1, captures.size()));
            left.addAll(files);
        }
        for (Path p : left) {
            refused.add(p.getFileName() + " (one capture per drop: drop it on its own)");
        }
        return new Plan(List.copyOf(open), List.copyOf(refused));
    }

    /** Why this item cannot be opened, or null when it can. Reads one byte of a file to find out. */
    private static String refusal(Path p) {
        if (!Files.exists(p)) return "no longer exists";
        if (Files.isDirectory(p)) return Files.isReadable(p) ? null : "cannot be read (permission denied)";
        if (!Files.isRegularFile(p)) return "is not a file or folder (a device, pipe or socket)";
        try (InputStream in = Files.newInputStream(p)) {
            in.read();
            return null;
        } catch (AccessDeniedException e) {
            return "cannot be read (permission denied)";
        } catch (IOException e) {
            return "cannot be read (" + e.getMessage() + ")";
        }
    }
}
