package dev.lanescope.export;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.analysis.scaling.Fit;
import dev.lanescope.analysis.scaling.Measured;
import dev.lanescope.analysis.scaling.Prediction;
import dev.lanescope.analysis.scaling.Scaling;
import dev.lanescope.parse.Csv;

/**
 * The scaling answer in the ceiling's CSV layout ({@code kind,name,x,value,unit}, written by {@link CeilingCsv}'s
 * row writer): one {@code prediction} row per split and card count ({@code x} = cards; also its three terms), the
 * {@code measured} points, the {@code fitted} terms and the verdict.
 */
public final class ScalingCsv {

    private ScalingCsv() {
    }

    public static String of(Scaling.Result r) {
        List<List<String>> b = new ArrayList<>();
        for (Prediction p : r.predictions()) {
            String x = Integer.toString(p.cards());
            String k = p.split().key();
            CeilingCsv.row(b, "prediction", k, x, CeilingCsv.num(p.tokensPerS()), "tokens/s");
            CeilingCsv.row(b, "weights", k, x, CeilingCsv.num(p.weightsMs()), "ms/token");
            CeilingCsv.row(b, "collective", k, x, CeilingCsv.num(p.collectiveMs()), "ms/token");
            CeilingCsv.row(b, "fixed", k, x, CeilingCsv.num(p.fixedMs()), "ms/token");
            if (p.fits() != null) CeilingCsv.row(b, "fits", k, x, p.fits() ? "1" : "0", "");
        }
        for (Measured m : r.inputs().measured()) {
            CeilingCsv.row(b, "measured", m.split().key(), Integer.toString(m.cards()), CeilingCsv.num(m.tokensPerS()),
                    "tokens/s");
        }
        if (r.fit().isPresent()) {
            Fit f = r.fit().get();
            if (f.collectiveFitted()) {
                CeilingCsv.row(b, "fitted", "collectiveMsPerAddedCard", "", CeilingCsv.num(f.collectiveMsPerAddedCard()),
                        "ms/token");
                CeilingCsv.row(b, "fitted", "allReduceStepUs", "", CeilingCsv.num(f.stepUs()), "us");
            }
            CeilingCsv.row(b, "fitted", "fixedMsPerToken", "", CeilingCsv.num(f.fixedMs()), "ms/token");
            if (f.weightsFitted()) CeilingCsv.row(b, "fitted", "memGbPerS", "", CeilingCsv.num(f.memGbPerS()), "GB/s");
        }
        for (String a : r.assumptions()) CeilingCsv.row(b, "assumption", a, "", "", "");
        CeilingCsv.row(b, "output", "verdict", "", r.verdict(), "");
        return Csv.table(CeilingCsv.COLUMNS, b);
    }
}
