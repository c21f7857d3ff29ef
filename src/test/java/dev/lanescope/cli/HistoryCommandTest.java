package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.analysis.BootHistory;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;

/**
 * {@code lanescope history} over six boots of one host, made from the Dell OptiPlex XE3 capture (Quadro P2000 below
 * root port 00:01.0, 8 GT/s x16 capable): its link read 2.5 GT/s on the 1st and 3rd boots and 8 GT/s on the others.
 */
class HistoryCommandTest {

    @TempDir
    Path tmp;

    static final Path VV = Path.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt");

    Path boot(int n, boolean low) throws Exception {
        Path d = Files.createDirectories(tmp.resolve("xe3-boot" + n));
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(VV));
        if (!low) {
            for (int i : new int[] {38, 452}) lines.set(i, lines.get(i).replace("Speed 2.5GT/s", "Speed 8GT/s"));
        }
        Files.write(d.resolve("vv.txt"), lines);
        Files.writeString(d.resolve("hostname"), "xe3\n");
        Files.writeString(d.resolve("boot_id"), "boot-" + n + "\n");
        Files.writeString(d.resolve("date"), "2026-11-0" + n + "T08:00:00Z\n");
        return d;
    }

    @Test
    void trainedLowOnTwoOfSixBootsAndTheFixHolds() throws Exception {
        for (int n = 1; n <= 6; n++) boot(n, n == 1 || n == 3);
        CliRun r = CliRun.of("history", tmp.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("xe3: 6 boot(s) from 6 capture(s), 2026-11-01T08:00:00Z to 2026-11-06T08:00:00Z")
                .contains("0000:00:01.0 trained low on 2 of 6 boot(s) (2.5 GT/s; 8 GT/s on the others); full speed on"
                        + " the last 3 boot(s), since 2026-11-04T08:00:00Z: the fix holds so far")
                .contains("2 of the low readings are of a GPU link read without load");
    }

    @Test
    void oneGoodBootIsNotAFix() {
        LinkState low = LinkState.of(LinkSpeed.GEN1, 16);
        LinkState full = LinkState.of(LinkSpeed.GEN4, 16);
        List<BootHistory.Boot> boots = new java.util.ArrayList<>();
        for (int n = 1; n <= 8; n++) {
            boolean isLow = n == 2 || n == 5 || n == 7;
            boots.add(new BootHistory.Boot("b" + n, "2026-10-0" + n + "T06:10:57Z", "bundle" + n, java.util.Map.of(
                    "0000:00:01.1 -> 0000:01:00.0", new BootHistory.State(isLow ? low : full, full,
                            isLow ? LinkVerdict.SPEED_DEGRADED : LinkVerdict.OK, true, true))));
        }
        BootHistory h = BootHistory.of(boots);
        assertThat(h.hops()).hasSize(1);
        assertThat(h.hops().get(0).sentence()).isEqualTo("0000:00:01.1 trained low on 3 of 8 boot(s) (2.5 GT/s;"
                + " 16 GT/s on the others); full speed on the last 1 boot(s), since 2026-10-08T06:10:57Z: too few to"
                + " call it fixed, it trained low before (3 good boots in a row are needed)");
    }

    @Test
    void aFolderWithNoCaptureIsRefused() throws Exception {
        Files.writeString(tmp.resolve("notes.md"), "nothing here\n");
        CliRun r = CliRun.of("history", tmp.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("no usable capture under");
    }
}
