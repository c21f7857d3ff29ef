package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.SourceRef;

/**
 * The functions a file's {@code lspci -x/-xxx/-xxxx} hex dumps describe: the rows read by {@link HexRows}, each
 * dump decoded by {@link ConfigSpaceDecoder}. {@link HexTextCheck} compares the result with the {@code -vv} text of
 * the same file, {@link HexFill} completes the text with it.
 */
public final class HexDumpDecoder {

    private HexDumpDecoder() {
    }

    /** Decodes every dump of a file into functions (source: the header line). */
    public static ParseResult<List<PciFunction>> parse(String file, List<String> lines) {
        ParseResult<List<HexRows.Dump>> dumps = HexRows.read(file, lines);
        List<PciFunction> out = new ArrayList<>();
        List<Problem> problems = new ProblemList(dumps.problems());
        for (HexRows.Dump d : dumps.value()) {
            if (d.u16(0) == 0xffff) {
                problems.add(Problem.warning(file, d.headerLine(), d.bdf() + ": its config space reads all ff (the device"
                        + " did not answer: powered off, in D3cold, or fallen off the bus); nothing decoded"));
                PciFunction.Builder b = PciFunction.builder(d.bdf());
                b.source = new SourceRef(file, d.headerLine());
                out.add(b.build());
                continue;
            }
            out.add(ConfigSpaceDecoder.decode(file, d));
        }
        return new ParseResult<>(out, problems);
    }
}
