package dev.lanescope.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.pipeline.CaptureAnalysis;

/**
 * The {@code --device} values of a picture command: {@code BDF} for every capture, {@code CAPTURE=BDF} for one
 * capture of a batch, named by its path as given or by its name (its folder or file name).
 */
record DevicePicks(String every, Map<String, String> byCapture) {

    /** Reads the values, checking that each {@code CAPTURE=} names one of {@code inputs}. */
    static DevicePicks of(List<String> values, List<Path> inputs) {
        String every = null;
        Map<String, String> byCapture = new LinkedHashMap<>();
        for (String v : values) {
            int eq = v.lastIndexOf('=');
            if (eq < 0) {
                if (every != null) {
                    throw new IllegalArgumentException("--device " + every + " and --device " + v + ": give one card"
                            + " for every capture, or CAPTURE=BDF for each");
                }
                every = v;
                continue;
            }
            String capture = v.substring(0, eq);
            if (inputs.stream().noneMatch(in -> names(in, capture))) {
                throw new IllegalArgumentException("--device " + v + ": " + capture + " is none of the captures given ("
                        + String.join(", ", inputs.stream().map(Path::toString).toList()) + ")");
            }
            byCapture.put(capture, v.substring(eq + 1));
        }
        return new DevicePicks(every, byCapture);
    }

    /** The card asked for in this capture, or null for the default. */
    String forCapture(Path input, CaptureAnalysis loaded) {
        List<String> hits = new ArrayList<>();
        byCapture.forEach((capture, bdf) -> {
            if (names(input, capture) || capture.equals(loaded.capture().label())) hits.add(bdf);
        });
        return hits.isEmpty() ? every : hits.get(0);
    }

    private static boolean names(Path input, String capture) {
        String given = input.toString();
        return capture.equals(given) || stripSlashes(capture).equals(stripSlashes(given))
                || capture.equals(CaptureLoader.nameOf(input));
    }

    private static String stripSlashes(String s) {
        String t = s;
        while (t.length() > 1 && t.endsWith("/")) t = t.substring(0, t.length() - 1);
        return t;
    }
}
