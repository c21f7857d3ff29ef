package dev.lanescope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.Callable;

import dev.lanescope.fleet.RemoteCollect;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lanescope collect --ssh HOST [--sudo]}: run the collector on a remote box and analyse the bundle. */
@Command(name = "collect", mixinStandardHelpOptions = true,
        description = {"Run native-probes/collect.sh on a remote box over your own ssh (keys or agent; BatchMode, no"
                + " passwords stored or asked), stream the bundle back to a local file, then analyse it."})
final class CollectCommand implements Callable<Integer> {

    @Option(names = "--ssh", required = true, paramLabel = "HOST", description = "user@host or an ssh config alias.")
    String host;

    @Option(names = "--sudo", description = "Run the collector with `sudo -n` (needs passwordless sudo) for the"
            + " full capture.")
    boolean sudo;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Where to save the bundle (default ./lanescope-<host>-<UTC time>.tar.gz).")
    Path output;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Give up after this long (default 300).")
    long timeout = 300;

    @Option(names = "--ssh-program", hidden = true, description = "The ssh client to run (tests).")
    String sshProgram = "ssh";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path bundle = output != null ? output : Path.of(RemoteCollect.defaultName(host, ZonedDateTime.now()));
        try {
            List<String> cmd = RemoteCollect.command(sshProgram, host, sudo, 15);
            RemoteCollect.run(cmd, RemoteCollect.script(), bundle, timeout);
        } catch (RemoteCollect.Failure f) {
            err.println("lanescope: " + f.getMessage());
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
        out.println("bundle: " + bundle.toAbsolutePath());
        out.flush();
        CaptureAnalysis loaded = CaptureAnalysis.load(List.of(bundle));
        if (!loaded.usable()) {
            Main.explainUnusable(loaded, err);
            return Main.EXIT_UNUSABLE;
        }
        out.print(TextReport.render(loaded.topology(), loaded.report()));
        out.flush();
        return 0;
    }
}
