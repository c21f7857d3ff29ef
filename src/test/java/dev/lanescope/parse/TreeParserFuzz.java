package dev.lanescope.parse;

/** Entry point of the standalone fuzzer for the tree parser ({@code scripts/fuzz.sh}). */
public final class TreeParserFuzz {

    private TreeParserFuzz() {
    }

    public static void fuzzerTestOneInput(byte[] data) {
        new ParserFuzzTest().treeParser(data);
    }
}
