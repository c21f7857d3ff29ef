package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * {@code lanescope ceiling} on any option values: exit 0 with a verdict, or exit 2 naming the option; never an
 * internal error, never a stack trace. (Files are left out: --receipt bytes are fuzzed by ReceiptFuzzTest.)
 */
class CeilingFuzzTest {

    private static final String[] RATE = {"--h2d", "--link"};
    private static final String[] BYTES = {"--active-bytes", "--model"};
    private static final String[] RAM = {"--ram", "--ram-preset"};
    private static final String[] MORE = {"--hit-rate", "--slab", "--overhead-us", "--ram-bytes", "--achievable",
            "--bits"};

    @FuzzTest(maxDuration = "30s")
    void ceilingInputs(FuzzedDataProvider in) {
        List<String> args = new ArrayList<>(List.of("ceiling"));
        for (String[] group : new String[][] {RATE, BYTES, RAM}) {
            args.add(in.pickValue(group));
            args.add(in.consumeString(40));
        }
        int more = in.consumeInt(0, 3);
        for (int i = 0; i < more; i++) {
            args.add(in.pickValue(MORE));
            args.add(in.consumeString(40));
        }
        if (in.consumeBoolean()) args.add("--json");
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.exit()).as("%s -> %s", args, r.err()).isIn(0, 2);
        assertThat(r.err()).doesNotContain("internal error").doesNotContain("Exception").doesNotContain("\tat ");
        if (r.exit() == 0) assertThat(r.out()).isNotBlank();
    }

    /** Entry point of the standalone fuzzer ({@code scripts/fuzz.sh}). */
    public static void fuzzerTestOneInput(FuzzedDataProvider in) {
        new CeilingFuzzTest().ceilingInputs(in);
    }
}
