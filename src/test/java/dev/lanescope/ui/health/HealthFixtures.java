package dev.lanescope.ui.health;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;

import dev.lanescope.probe.Commands;
import dev.lanescope.probe.SysfsSource;
import dev.lanescope.probe.WatchSamplerTest;

/** Inputs the health windows' tests share: a made-up sysfs, a machine without nvidia-smi, folders of boots. */
final class HealthFixtures {

    static final Path H200_LOAD = Path.of("src/test/resources/health/h200-vm/load.tar.gz");
    static final Path H200_IDLE = Path.of("src/test/resources/health/h200-vm/idle.tar.gz");
    /** A Quadro P2000 (0000:01:00.0) below root port 0000:00:01.0, captured idle at 2.5 GT/s x16 of 8 GT/s x16. */
    static final Path OPTIPLEX = Path.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000");
    static final String PORT = "0000:00:01.0";
    static final String GPU = "0000:01:00.0";

    private HealthFixtures() {
    }

    /** The OptiPlex's sysfs, its root port's speed following the number of samples read so far (1, 2, ...). */
    static SysfsSource optiplexSysfs(String bootId, IntFunction<String> speed) {
        return WatchSamplerTest.FakeSysfs.counting(speed, bootId);
    }

    /** A virtual machine's sysfs: a virtio NIC (class 0x020000) with no link files, as on a cloud VM. */
    static SysfsSource noLinkFiles() {
        return new SysfsSource() {
            @Override
            public List<String> devices() {
                return List.of("0000:00:03.0");
            }

            @Override
            public String read(String bdf, String attribute) {
                return attribute.equals("class") ? "0x020000\n" : null;
            }

            @Override
            public List<String> path(String bdf) {
                return List.of(bdf);
            }

            @Override
            public String bootId() {
                return "b-vm";
            }
        };
    }

    /** A machine without nvidia-smi: every command fails to start. */
    static final Commands.Runner NO_COMMANDS = (command, env, dir, timeout) ->
            new Commands.Outcome(command, -1, "", "", false, command.get(0) + ": not found");

    /**
     * {@code n} capture folders of host xe3 (one boot each, an hour apart, boot ids boot-1 ...): the OptiPlex with its
     * root port at 8 GT/s, except the boots in {@code low} where it trained at 2.5 GT/s (the capture as recorded).
     */
    static void boots(Path dir, int n, java.util.Set<Integer> low) throws IOException {
        List<String> vv = Files.readAllLines(OPTIPLEX.resolve("vv.txt"), StandardCharsets.UTF_8);
        for (int i = 1; i <= n; i++) {
            Path d = Files.createDirectories(dir.resolve("boot-" + i));
            List<String> lines = new java.util.ArrayList<>(vv);
            if (!low.contains(i)) lines.set(38, lines.get(38).replace("Speed 2.5GT/s", "Speed 8GT/s"));
            Files.write(d.resolve("vv.txt"), lines, StandardCharsets.UTF_8);
            Files.writeString(d.resolve("hostname"), "xe3\n");
            Files.writeString(d.resolve("boot_id"), "boot-" + i + "\n");
            Files.writeString(d.resolve("date"), String.format("2026-11-%02dT08:00:00Z%n", i));
        }
    }
}
