package dev.lanescope.fleet;

import dev.lanescope.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.ZonedDateTime;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.cli.Main;
import dev.lanescope.model.Capture;

/**
 * {@code lanescope collect --ssh}: the argument list, and every way it can fail, without a real remote host. A
 * stand-in "ssh" (a script written here) plays the remote side: it drops the ssh options and the host and runs
 * the rest locally, which is exactly what the real ssh would have the remote box do.
 */
class RemoteCollectTest {

    @TempDir
    Path tmp;

    private Path fakeSsh(String body) throws IOException {
        Path p = tmp.resolve("fake-ssh");
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    @Test
    void theArgumentList() throws Exception {
        assertThat(RemoteCollect.command("ssh", "admin@gpu-7", false, 15)).containsExactly("ssh", "-o", "BatchMode=yes",
                "-o", "ConnectTimeout=15", "--", "admin@gpu-7", "sh", "-s", "--", "-o", "-");
        assertThat(RemoteCollect.command("ssh", "gpu-7.lab", true, 15)).containsExactly("ssh", "-o", "BatchMode=yes",
                "-o", "ConnectTimeout=15", "--", "gpu-7.lab", "sudo", "-n", "sh", "-s", "--", "-o", "-");
        assertThat(RemoteCollect.defaultName("admin@gpu-7", ZonedDateTime.parse("2026-10-19T06:10:57Z")))
                .isEqualTo("lanescope-admin_gpu-7-20261019T061057Z.tar.gz");
    }

    @Test
    void hostsThatWouldBeOptionsOrShellTextAreRefused() {
        for (String bad : List.of("-oProxyCommand=touch /tmp/x", "box; rm -rf /", "a b", "", "$(id)", "box`id`")) {
            assertThatThrownBy(() -> RemoteCollect.command("ssh", bad, false, 15))
                    .as(bad).isInstanceOf(RemoteCollect.Failure.class).hasMessageContaining("not a host name");
        }
    }

    @Test
    void sshMissingIsAClearMessageAndExitTwo() {
        Path out = tmp.resolve("b.tar.gz");
        CliRun r = CliRun.of("collect", "--ssh", "box", "--ssh-program",
                tmp.resolve("no-such-ssh").toString(), "-o", out.toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains("could not be started").contains("install the OpenSSH client");
        assertThat(out).doesNotExist();
    }

    @Test
    void unreachableHostIsAClearMessageAndExitTwo() throws IOException {
        Path ssh = fakeSsh("echo 'ssh: Could not resolve hostname nohost.invalid: Name or service not known' >&2\n"
                + "exit 255");
        Path out = tmp.resolve("b.tar.gz");
        CliRun r = CliRun.of("collect", "--ssh", "nohost.invalid", "--ssh-program",
                ssh.toString(), "-o", out.toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains("could not reach nohost.invalid over ssh")
                .contains("Could not resolve hostname");
        assertThat(out).doesNotExist();
    }

    @Test
    void sudoWantingAPasswordSaysSo() throws IOException {
        Path ssh = fakeSsh("cat >/dev/null\necho 'sudo: a password is required' >&2\nexit 1");
        CliRun r = CliRun.of("collect", "--ssh", "box", "--sudo", "--ssh-program",
                ssh.toString(), "-o", tmp.resolve("b.tar.gz").toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains("sudo on box wants a password");
    }

    @Test
    void sudoMissingOnTheRemoteBoxIsNotCalledAPasswordProblem() throws IOException {
        // what a real OpenSSH login to a box without sudo printed here: the remote sh cannot find it, exit 127
        Path ssh = fakeSsh("cat >/dev/null\necho 'sh: 1: sudo: not found' >&2\nexit 127");
        CliRun r = CliRun.of("collect", "--ssh", "box", "--sudo", "--ssh-program",
                ssh.toString(), "-o", tmp.resolve("b.tar.gz").toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains("sudo is not installed on box").contains("run without --sudo")
                .doesNotContain("password");
    }

    @Test
    void aStuckRunIsStoppedAtTheTimeout() throws IOException {
        Path ssh = fakeSsh("exec sleep 60");
        Path out = tmp.resolve("b.tar.gz");
        long t0 = System.nanoTime();
        CliRun r = CliRun.of("collect", "--ssh", "box", "--timeout", "1", "--ssh-program",
                ssh.toString(), "-o", out.toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains("did not finish within 1 s");
        assertThat(System.nanoTime() - t0).isLessThan(20_000_000_000L);
        assertThat(out).doesNotExist();
    }

    @Test
    void aLoginBannerInsteadOfABundleIsNamed() throws IOException {
        Path ssh = fakeSsh("cat >/dev/null\necho 'Welcome to gpu-7! Authorised use only.'");
        CliRun r = CliRun.of("collect", "--ssh", "box", "--ssh-program", ssh.toString(), "-o",
                tmp.resolve("b.tar.gz").toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains("not a gzip bundle");
    }

    /** The whole path with the real collector: streamed over the (stand-in) ssh, saved, opened, analysed. */
    @Test
    void endToEndWithTheRealCollector() throws IOException {
        CollectScriptTest.assumeLspci();
        // drop "-o X -o Y -- HOST", then run the remote command
        Path ssh = fakeSsh("while [ \"$1\" != \"--\" ]; do shift; done\nshift 2\nexec \"$@\"");
        Path out = tmp.resolve("gpu-7.tar.gz");
        CliRun r = CliRun.of("collect", "--ssh", "gpu-7", "--ssh-program", ssh.toString(),
                "-o", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("bundle: " + out.toAbsolutePath());
        assertThat(r.out()).contains("What to look at, faults first");
        Capture c = CaptureLoader.load(List.of(out));
        assertThat(c.metadata()).containsKeys("hostname", "bootId", "date", "root", "collector");
    }
}
