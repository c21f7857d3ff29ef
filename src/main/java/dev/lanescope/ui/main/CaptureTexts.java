package dev.lanescope.ui.main;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.lanescope.capture.TextFile;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;

/** The explorer window's words about the capture it shows: what was opened, the sample's provenance, non-root. */
final class CaptureTexts {

    private static final System.Logger LOG = System.getLogger(CaptureTexts.class.getName());

    private CaptureTexts() {
    }

    static String nonRootText(Capture c) {
        return "This capture was taken without root: lspci printed <access denied> for the capabilities, so link "
                + "capability, target speed, AtomicOps and ACS are hidden and those hops read Unknown. The tree and any "
                + "sysfs link facts are shown. Capture fully with:  sudo lspci -vv > vv.txt  and  lspci -tv > tv.txt";
    }

    /** The sample banner: which sample is open and where it came from. */
    static String sampleLine(String what, String sampleSource) {
        return "Sample capture: " + what + " (from " + sampleSource + ")";
    }

    /** ", 2 reading problems" for the status line (notes are not counted); empty when there are none. */
    static String problemCount(List<Problem> problems) {
        long serious = serious(problems);
        return serious == 0 ? "" : ", " + serious + " reading problem" + (serious == 1 ? "" : "s");
    }

    /** How many of {@code problems} are more than a note. */
    static long serious(List<Problem> problems) {
        return problems.stream().filter(p -> p.severity() != Severity.INFO).count();
    }

    /** The problems list's title: the notes alone, or the problems (and notes) with what is still shown. */
    static String problemsTitle(List<Problem> problems) {
        long serious = serious(problems);
        return serious == 0 ? "Notes on the capture (" + problems.size() + ")"
                : "Reading problems (" + serious + (serious == problems.size() ? "" : " and "
                + (problems.size() - serious) + " notes") + ") — everything that parsed is still shown";
    }

    /** "vv.txt", or "vv.txt and 2 more": the files opened, as the status line names them. */
    static String describe(List<Path> in) {
        if (in.isEmpty()) return "nothing";
        Path f = in.get(0).getFileName();
        String first = f == null ? in.get(0).toString() : f.toString();
        return in.size() == 1 ? first : first + " and " + (in.size() - 1) + " more";
    }

    /** The provenance line of a bundled sample: the "Source:" line of its source.txt. */
    static String sampleSource(Path sampleDir) {
        Path s = sampleDir.resolve("source.txt");
        try {
            List<String> lines = Files.isReadable(s) ? TextFile.lines(s).value() : null;
            if (lines != null) {
                String src = null;
                String url = null;
                for (String line : lines) {
                    String t = line.trim();
                    if (src == null && t.startsWith("Source:")) src = t.substring(7).trim();
                    if (url == null && t.matches("(?i)(lore )?url:.*")) url = t.substring(t.indexOf(':') + 1).trim();
                }
                if (src != null) return url == null ? src : src + ", " + url;
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "no readable host name; the capture is named by its folder", e);
        }
        return "the bundled samples folder";
    }
}
