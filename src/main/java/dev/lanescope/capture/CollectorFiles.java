package dev.lanescope.capture;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.CaptureFile.Role;
import dev.lanescope.model.Problem;
import dev.lanescope.parse.Numbers;

/**
 * The bookkeeping files of a {@code native-probes/collect.sh} bundle, recognised by name and first line:
 * {@code MANIFEST} (one {@code file<TAB>status<TAB>command} line per file; a failed command becomes an INFO at its
 * line, so the user learns that e.g. nvidia-smi timed out) and {@code <file>.err} (the stderr of the command that
 * wrote {@code <file>}, shown as one INFO).
 */
final class CollectorFiles {

    private static final Pattern HEADER = Pattern.compile("^# lanescope collect\\.sh (\\S+)\\s*$");
    private static final Pattern ENTRY = Pattern.compile("^([^\\t]+)\\t(-?\\d+)\\t(.*)$");

    /**
     * The files collect.sh writes for the P2P ladder's lower rungs (DMA masks and IOMMU groups, the drivers' peer lines,
     * the drivers' peer-access tables, the CPU): not topology, so the capture loader names them and moves on.
     */
    static final java.util.Set<String> PEER_EVIDENCE = java.util.Set.of("sysfs-p2p.txt", "kernel-p2p.txt",
            "nvidia-smi-topo-p2p.txt", "rocm-smi-bus.txt", "rocm-smi-topo.txt", "rocm-smi-topoaccess.txt", "lscpu.txt");

    private CollectorFiles() {
    }

    /** True when the file was one of these and has been recorded. */
    static boolean read(RawFile f, List<String> lines, CaptureAssembler asm) {
        if (f.baseName().equals("MANIFEST") && !lines.isEmpty() && HEADER.matcher(lines.get(0)).matches()) {
            Matcher h = HEADER.matcher(lines.get(0));
            h.matches();
            asm.metadata("collector", "collect.sh " + h.group(1));
            int entries = 0;
            for (int i = 1; i < lines.size(); i++) {
                Matcher m = ENTRY.matcher(lines.get(i));
                if (!m.matches()) continue;
                entries++;
                List<Problem> bad = new java.util.ArrayList<>();
                Integer status = new Numbers.At(f.name(), i + 1, bad).integer("exit status", m.group(2), 0, 255);
                asm.problems(bad);
                if (status == null || status == 0) continue;
                String why = status == 124 ? "timed out" : status == 127 ? "was not found" : "exited with " + status;
                asm.problem(Problem.info(f.name(), i + 1, "the collector's `" + m.group(3) + "` " + why
                        + " (" + m.group(1) + ")"));
            }
            asm.file(new CaptureFile(f.name(), Role.METADATA, "collector manifest, " + entries + " entries"));
            return true;
        }
        if (PEER_EVIDENCE.contains(f.baseName())) {
            asm.file(new CaptureFile(f.name(), Role.PEER_EVIDENCE, "kept for the P2P ladder (lanescope ladder, the P2P"
                    + " ladder tab)"));
            return true;
        }
        java.util.List<Problem> health = new java.util.ArrayList<>();
        java.util.List<dev.lanescope.model.WatchRecord> watches = new java.util.ArrayList<>();
        java.util.Map<dev.lanescope.model.Bdf, dev.lanescope.model.ErrorCounters> counters = new java.util.HashMap<>();
        if (HealthEvidenceLoader.read(f.name(), lines, counters, watches, health)) {
            asm.problems(health);
            asm.file(new CaptureFile(f.name(), Role.HEALTH_EVIDENCE, watches.isEmpty()
                    ? "error counters of " + counters.size() + " function(s)"
                    : "a watch of " + watches.get(0).samples().size() + " sample(s)"));
            return true;
        }
        if (f.baseName().endsWith(".err") && f.baseName().length() > 4) {
            String of = f.baseName().substring(0, f.baseName().length() - 4);
            String first = lines.stream().filter(l -> !l.isBlank()).findFirst().orElse("").strip();
            if (first.length() > 200) first = first.substring(0, 200) + "...";
            asm.file(new CaptureFile(f.name(), Role.METADATA, "error output of the command that wrote " + of));
            if (!first.isEmpty()) {
                asm.problem(Problem.info(f.name(), 1, "the command that wrote " + of + " said: " + first));
            }
            return true;
        }
        return false;
    }
}
