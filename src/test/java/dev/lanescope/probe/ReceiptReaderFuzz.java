package dev.lanescope.probe;

/** Entry point of the standalone fuzzer for the receipt reader ({@code scripts/fuzz.sh}). */
public final class ReceiptReaderFuzz {

    private ReceiptReaderFuzz() {
    }

    public static void fuzzerTestOneInput(byte[] data) {
        new ReceiptFuzzTest().receiptReader(data);
    }
}
