package dev.lanescope.probe;

/** Entry point of the standalone fuzzer for the ceiling's receipt reader ({@code scripts/fuzz.sh}). */
public final class CeilingReceiptFuzz {

    private CeilingReceiptFuzz() {
    }

    public static void fuzzerTestOneInput(byte[] data) {
        new ReceiptFuzzTest().ceilingReceipt(data);
    }
}
