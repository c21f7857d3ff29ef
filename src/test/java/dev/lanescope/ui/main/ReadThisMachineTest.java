package dev.lanescope.ui.main;

import static dev.lanescope.ui.main.MainWindowWaits.waitIdle;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.probe.Commands;
import dev.lanescope.probe.LiveCapture;
import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.session.OpenCapture;

/**
 * File ▸ Read this machine now, with this machine's real lspci (pciutils), run as this user, without root, and
 * with lspci missing from the PATH (the runner is the window's seam: the commands go through it).
 */
@ExtendWith(ApplicationExtension.class)
class ReadThisMachineTest {

    private static final Duration LIMIT = Duration.ofSeconds(60);
    private volatile Commands.Runner runner = Commands.SYSTEM;
    private LanescopeApp app;
    @TempDir
    Path captures;

    @Start
    void start(Stage stage) {
        LiveCapture live = new LiveCapture((cmd, env, dir, t) -> runner.run(cmd, env, dir, t),
                Path.of("/sys/bus/pci/devices"), captures);
        app = new LanescopeApp(List.of(), RecentCaptures.inMemory(), live);
        app.start(stage);
    }

    private MainViewModel vm() {
        return app.viewModel();
    }

    private static void assumeLspci() {
        assumeTrue(Commands.SYSTEM.run(List.of("lspci", "--version"), LIMIT).ok(),
                "lspci is not installed on this machine (pciutils): there is no real tree to read");
    }

    private static boolean root() {
        return Commands.SYSTEM.run(List.of("id", "-u"), LIMIT).stdout().trim().equals("0");
    }

    /** Chooses File ▸ Read this machine now and waits until the capture it wrote is shown. */
    private void readThisMachine(FxRobot robot) throws Exception {
        waitIdle(vm());
        robot.clickOn("File");
        robot.clickOn("Read this machine now");
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !vm().loadingProperty().get() && vm().getLoaded() != null
                && vm().getLoaded().inputs().size() == 1 && captures.equals(vm().getLoaded().inputs().get(0).getParent()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Label nonRootBanner(FxRobot robot) {
        return robot.lookup(".banner-warning").queryAs(Label.class);
    }

    @Test
    void theActionShowsThisMachinesTree(FxRobot robot) throws Exception {
        assumeLspci();
        readThisMachine(robot);
        Set<String> expected = new TreeSet<>();
        for (String line : Commands.SYSTEM.run(List.of("lspci", "-D"), LIMIT).stdout().split("\n")) {
            if (!line.isBlank()) expected.add(line.substring(0, line.indexOf(' ')));
        }
        Set<String> shown = new TreeSet<>();
        vm().getLoaded().topology().functions().forEach(f -> shown.add(f.bdf().toString()));
        assertThat(shown).isEqualTo(expected);
        boolean hidden = Commands.SYSTEM.run(List.of("lspci", "-vv"), LIMIT).stdout().contains("<access denied>");
        assertThat(nonRootBanner(robot).isVisible()).as("the banner shows exactly when lspci hid something")
                .isEqualTo(hidden);
        assertThat(vm().statusProperty().get()).startsWith(expected.size() + " functions, ");
        // the read is kept as a capture of its own, named and labelled with this host, the boot it was made in
        String host = dev.lanescope.probe.HostFacts.system().hostName(); // the name lanescope records, resolvable or not
        Path folder = vm().getLoaded().inputs().get(0);
        assertThat(folder.getFileName().toString()).startsWith(host.replaceAll("[^A-Za-z0-9._-]", "_") + "-");
        assertThat(vm().captureInfoProperty().get()).contains(" · host " + host).contains(" · captured ");
        Path bootId = Path.of("/proc/sys/kernel/random/boot_id");
        if (java.nio.file.Files.isReadable(bootId)) {
            assertThat(vm().getLoaded().topology().capture().metadata())
                    .containsEntry("bootId", java.nio.file.Files.readString(bootId).strip());
        }
        assertThat(vm().recentCaptures()).containsExactly(List.of(folder));
    }

    @Test
    void withoutRootTheBannerSaysWhatIsHiddenAndTheCommandThatCapturesAll(FxRobot robot) throws Exception {
        assumeLspci();
        if (root()) {
            // drop to nobody for the lspci runs, as a user without root would run them
            assumeTrue(Commands.SYSTEM.run(List.of("setpriv", "--version"), LIMIT).ok(),
                    "running as root and setpriv (util-linux) is missing: cannot run lspci without root");
            runner = (cmd, env, dir, t) -> {
                List<String> asNobody = new ArrayList<>(List.of("setpriv", "--reuid=65534", "--regid=65534",
                        "--clear-groups"));
                asNobody.addAll(cmd);
                return Commands.SYSTEM.run(asNobody, env, dir, t);
            };
        }
        assumeTrue(runner.run(List.of("lspci", "-vv"), LIMIT).stdout().contains("<access denied>"),
                "no PCI function here has capabilities that lspci hides without root");
        readThisMachine(robot);
        Label banner = nonRootBanner(robot);
        assertThat(banner.isVisible()).isTrue();
        assertThat(banner.getText()).contains("without root")
                .contains("link capability, target speed, AtomicOps and ACS are hidden")
                .contains("sudo lspci -vv > vv.txt")
                .contains("lspci -tv > tv.txt");
        assertThat(vm().getLoaded().topology().capture().isNonRoot()).isTrue();
    }

    @Test
    void whatLspciCouldNotDoIsSaidOnceTheTreeIsShown(FxRobot robot) throws Exception {
        assumeLspci();
        // lspci -tv runs; lspci -vv fails on this machine's real lspci (an option it does not know)
        runner = (cmd, env, dir, t) -> {
            if (!cmd.contains("-vv")) return Commands.SYSTEM.run(cmd, env, dir, t);
            List<String> bad = new ArrayList<>(cmd);
            bad.add("--lanescope-no-such-option");
            Commands.Outcome o = Commands.SYSTEM.run(bad, env, dir, t);
            return new Commands.Outcome(cmd, o.exitCode(), o.stdout(), o.stderr(), o.timedOut(), o.startError());
        };
        readThisMachine(robot);
        assertThat(vm().getLoaded().topology().functions()).isNotEmpty();
        assertThat(vm().statusProperty().get()).matches("\\d+ functions, .* — lspci -vv failed \\(\\d+\\): .*option.*");
    }

    @Test
    void withoutLspciTheMessageSaysSoAndTheOpenCaptureStays(FxRobot robot) throws Exception {
        waitIdle(vm());
        OpenCapture before = vm().getLoaded();
        // an empty PATH, as far as lspci goes: the real process start fails for want of the program
        runner = (cmd, env, dir, t) -> {
            List<String> moved = new ArrayList<>(cmd);
            moved.set(0, "/lanescope-no-such-dir/" + cmd.get(0));
            Commands.Outcome o = Commands.SYSTEM.run(moved, env, dir, t);
            return new Commands.Outcome(cmd, o.exitCode(), o.stdout(), o.stderr(), o.timedOut(), o.startError());
        };
        robot.clickOn("File");
        robot.clickOn("Read this machine now");
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> vm().statusProperty().get().startsWith("lspci "));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm().statusProperty().get()).startsWith("lspci is not installed on this machine (it is not on "
                + "the PATH), so nothing was read.").contains("pciutils");
        assertThat(vm().getLoaded()).isSameAs(before);
        assertThat(vm().loadingProperty().get()).isFalse();
    }
}
