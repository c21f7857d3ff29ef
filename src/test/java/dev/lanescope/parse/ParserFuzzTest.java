package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.TreeEntry;

/**
 * The tree parser and the hex decoder on any text: no exception (none caught by a last-resort handler either)
 * and every problem and record located inside the input. Seeds: real trees and hex dumps from samples/.
 */
class ParserFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void treeParser(byte[] data) {
        List<String> lines = lines(data);
        ParseResult<List<TreeEntry>> r = TreeParser.parse("tree.txt", lines);
        located(r.problems(), lines.size());
        for (TreeEntry e : r.value()) assertThat(e.source().line()).isBetween(1, lines.size());
    }

    @FuzzTest(maxDuration = "30s")
    void hexDecoder(byte[] data) {
        List<String> lines = lines(data);
        ParseResult<List<PciFunction>> r = HexDumpDecoder.parse("hex.txt", lines);
        located(r.problems(), lines.size());
        for (PciFunction f : r.value()) assertThat(f.source().line()).isBetween(1, lines.size());
        located(HexTextCheck.compare("hex.txt", lines, r.value(), r.value()), lines.size());
    }

    private static List<String> lines(byte[] data) {
        return new String(data, StandardCharsets.UTF_8).lines().toList();
    }

    private static void located(List<Problem> problems, int lineCount) {
        CatchAll.assertNone(problems);
        for (Problem p : problems) assertThat(p.line()).as(p.toString()).isBetween(0, lineCount + 1);
    }
}
