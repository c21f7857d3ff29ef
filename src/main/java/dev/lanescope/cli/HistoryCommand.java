package dev.lanescope.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.lanescope.analysis.BootHistory;
import dev.lanescope.fleet.HostHistory;
import dev.lanescope.parse.Jackson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code lanescope history DIR}: how each hop of a host trained, boot after boot, and whether a fix holds. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Read the bundles or capture folders of one host (any number, from several boots) and say per"
                + " hop how it trained on each boot: how many boots it trained low, and whether a fix holds.",
                "Exit 0 when some capture was read, 2 when none was."})
final class HistoryCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Folder with the host's bundles or capture folders.")
    Path dir;

    @Mixin
    Options.MachineForm machineForm;

    @Mixin
    Options.Threads threads;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isDirectory(dir)) {
            err.println("lanescope history: " + dir + " is not a folder");
            return Main.EXIT_UNUSABLE;
        }
        HostHistory.Result r = HostHistory.load(dir, threads.threads);
        r.skippedLines().forEach(u -> err.println("lanescope history: " + u));
        err.flush();
        if (r.byHost().isEmpty()) {
            err.println("lanescope history: " + HostHistory.Result.noneUsable(dir));
            return Main.EXIT_UNUSABLE;
        }
        if (machineForm.json) {
            out.println(Jackson.pretty(json(r.byHost())));
        } else {
            r.severalHosts(dir).ifPresent(out::println);
            r.byHost().forEach((host, h) -> {
                out.println(r.hostLine(host));
                int steady = 0;
                for (BootHistory.HopHistory hop : h.hops()) {
                    if (hop.low() > 0) out.println("  " + hop.sentence());
                    else steady++;
                }
                if (steady > 0) out.println("  " + steady + " other hop(s) at full speed on every boot they appear in");
            });
        }
        out.flush();
        return 0;
    }

    record HostJson(String host, List<BootJson> boots, List<HopJson> hops) {
    }

    record BootJson(String bootId, String capturedAt, String source) {
    }

    record HopJson(String hop, int bootsLow, int bootsSeen, List<String> states, String sentence) {
    }

    private static List<HostJson> json(Map<String, BootHistory> byHost) {
        List<HostJson> out = new ArrayList<>();
        byHost.forEach((host, h) -> out.add(new HostJson(host,
                h.boots().stream().map(b -> new BootJson(b.bootId(), b.capturedAt(), b.source())).toList(),
                h.hops().stream().map(x -> new HopJson(x.hop(), x.low(), x.seen(), x.states().stream()
                        .map(s -> s == null ? null : s.trained().display()).toList(), x.sentence())).toList())));
        return out;
    }
}
