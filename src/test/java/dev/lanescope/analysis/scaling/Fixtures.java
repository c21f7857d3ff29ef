package dev.lanescope.analysis.scaling;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.lanescope.analysis.PathClass;
import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.model.AllReduceTable;
import dev.lanescope.parse.AllReducePerfParser;

/** Shared inputs: the worked example of docs/RULES.md §10 (gpt-oss-120b on MI50s), and the public 2x RTX 2080 Ti all_reduce_perf table. */
final class Fixtures {

    private Fixtures() {
    }

    static final Path TABLE = Path.of("src/test/resources/scaling/all_reduce_perf-2x-rtx2080ti-pix.txt");

    static AllReduceTable table() {
        try {
            return AllReducePerfParser.parse(TABLE.getFileName().toString(), Files.readAllLines(TABLE)).value();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** MI50 spec 1024 GB/s x the assumed 0.7, 32 GB; the collective from an assumed PHB path at Gen3 x16. */
    static Scaling.Inputs mi50(DecodeModel m, List<Measured> measured, List<Integer> cards) {
        GpuPreset g = GpuPreset.byKey("mi50");
        return new Scaling.Inputs(m, g.memGbPerS() * Scaling.ASSUMED_MEMORY_EFFICIENCY, "spec x 0.7 (assumption)",
                true, g.vramGb(), AllReduceCost.Ring.assumed(PathClass.PHB, 15.75), 2, true, null, measured, cards,
                8, Split.tensor(2));
    }

    static DecodeModel gptOss() {
        return DecodeModel.of(MoePreset.GPT_OSS_120B, null);
    }
}
