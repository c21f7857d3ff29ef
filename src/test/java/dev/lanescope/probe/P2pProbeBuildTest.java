package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.model.p2p.PeerCopyRun;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.p2p.P2pBwParser;

/**
 * The GPU-to-GPU probe builds with the Makefile's own rules: the HIP twin with Debian's hipcc for gfx1030 (CI installs
 * it; about 13 s), the CUDA one with nvcc for sm_90 where nvcc is installed. Without a GPU each binary says so, exit 3
 * and one end line that the reader refuses with the command to run.
 */
class P2pProbeBuildTest {

    @TempDir
    Path tmp;

    private Path make(String target, String compiler) {
        assumeTrue(Commands.SYSTEM.run(List.of(compiler, "--version"), Duration.ofSeconds(60)).ok(),
                compiler + " is not installed here: the " + target + " build is not tried");
        assumeTrue(Commands.SYSTEM.run(List.of("make", "--version"), Duration.ofSeconds(30)).ok(),
                "make is not installed here (apt-get install make): the Makefile's " + target + " rule cannot run");
        Commands.Outcome o = Commands.SYSTEM.run(List.of("make", "-s", "-C", "native-probes", target,
                "BUILD=" + tmp.toAbsolutePath()), Duration.ofMinutes(4));
        assertThat(o.ok()).as(o.why() + "\n" + o.stderr() + o.stdout()).isTrue();
        // -Wall -Wextra (and -Werror=unused-result for HIP): a clean build prints nothing on stderr
        assertThat(o.stderr()).isBlank();
        return tmp.resolve(target.equals("p2p") ? "p2p_bw" : "p2p_bw_hip");
    }

    @Test
    void theHipTwinCompilesForGfx1030AndSaysThereIsNoDevice() {
        Path bin = make("p2p_hip", "hipcc");
        assertThat(bin).isExecutable();
        Commands.Outcome run = Commands.SYSTEM.run(List.of(bin.toString()), Duration.ofSeconds(60));
        assumeTrue(run.exitCode() == 3, "an AMD GPU is present here");
        assertThat(run.stdout()).contains("no HIP device");
        ParseResult<PeerCopyRun> r = P2pBwParser.parse("p2p.jsonl", run.stdout().lines().toList());
        assertThat(r.value()).isNull();
        assertThat(r.problems()).anySatisfy(p -> assertThat(p.message()).contains("p2p_bw"));
    }

    @Test
    void theCudaProbeCompilesForSm90() throws Exception {
        Path bin = make("p2p", "nvcc");
        assertThat(Files.size(bin)).isPositive();
        Commands.Outcome help = Commands.SYSTEM.run(List.of(bin.toString(), "--help"), Duration.ofSeconds(60));
        assertThat(help.stdout() + help.stderr()).contains("kernel_push_uni");
    }
}
