package dev.lanescope.parse;

/** Entry point of the standalone fuzzer for the hex decoder ({@code scripts/fuzz.sh}). */
public final class HexDecoderFuzz {

    private HexDecoderFuzz() {
    }

    public static void fuzzerTestOneInput(byte[] data) {
        new ParserFuzzTest().hexDecoder(data);
    }
}
