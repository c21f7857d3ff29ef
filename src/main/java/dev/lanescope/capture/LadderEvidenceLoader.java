package dev.lanescope.capture;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Problem;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.parse.ladder.PeerEvidenceParser;

/**
 * Reads the P2P ladder's evidence from a capture and from the user's extra evidence files (logs, nvidia-smi and
 * rocm-smi output): folders, archives and plain files, within the same size bounds as a capture, each file's lines
 * handed to {@link PeerEvidenceParser}.
 */
public final class LadderEvidenceLoader {

    private LadderEvidenceLoader() {
    }

    public static LadderEvidence load(List<Path> inputs) {
        List<RawFile> raw = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        InputReader.Budget budget = new InputReader.Budget();
        for (Path p : inputs == null ? List.<Path>of() : inputs) {
            if (p != null) InputReader.read(p, raw, problems, budget);
        }
        PeerEvidenceParser parser = new PeerEvidenceParser();
        for (int i = 0; i < raw.size(); i++) {
            RawFile f = raw.set(i, null);
            TextLines.Text text = TextLines.read(f.name(), f.data());
            if (text == null) continue;
            parser.read(f.name(), text.lines());
        }
        LadderEvidence e = parser.result();
        problems.addAll(e.problems());
        return new LadderEvidence(e.files(), e.barLines(), e.vram(), e.refusals(), e.dmaMasks(), e.matrices(),
                e.directFlags(), e.cpuVendor(), e.cpuFamily(), e.cpuLine(), problems);
    }
}
