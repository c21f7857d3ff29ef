package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class CommandsTest {

    @Test
    void aCommandThatHangsIsKilledAtItsTimeout() {
        long t0 = System.nanoTime();
        Commands.Outcome r = Commands.SYSTEM.run(List.of("sleep", "30"), Duration.ofMillis(300));
        assertThat(r.timedOut()).isTrue();
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(10_000);
    }

    @Test
    void bothStreamsAreDrainedEvenWhenLarge() {
        // 200k lines on stdout: a pipe that is not drained would block the child long before its end
        Commands.Outcome r = Commands.SYSTEM.run(List.of("seq", "1", "200000"), Duration.ofSeconds(30));
        assertThat(r.timedOut()).isFalse();
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout().lines().count()).isEqualTo(200000);
        Commands.Outcome err = Commands.SYSTEM.run(List.of("ls", "/lanescope-no-such-folder"), Duration.ofSeconds(30));
        assertThat(err.exitCode()).isNotZero();
        assertThat(err.stderr()).contains("lanescope-no-such-folder");
    }

    @Test
    void aMissingProgramIsReportedNotThrown() {
        Commands.Outcome r = Commands.SYSTEM.run(List.of("lanescope-no-such-program"), Duration.ofSeconds(5));
        assertThat(r.exitCode()).isEqualTo(-1);
        assertThat(r.ok()).isFalse();
        assertThat(r.why()).startsWith("could not start lanescope-no-such-program: ");
    }
}
