package dev.lanescope.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;

/**
 * The class-data-sharing training run of {@code scripts/lanescope.sh}: the commands people run most, once each, on a
 * capture it is given ({@code args[0]}), with every picture written under {@code args[1]} and all output dropped; the
 * JVM it runs in (started with {@code -XX:ArchiveClassesAtExit}) then keeps the classes they loaded for later starts.
 */
public final class Training {

    private Training() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: Training CAPTURE OUTPUT-FOLDER");
            System.exit(Main.EXIT_UNUSABLE);
        }
        String capture = args[0];
        Path out = Path.of(args[1]);
        String[][] commands = {
            {"analyze", capture},
            {"analyze", "--json", capture},
            {"advise", capture},
            {"export", capture, "--png", out.resolve("a.png").toString()},
            {"export", capture, "--png", out + "/"},
        };
        int worst = 0;
        for (String[] c : commands) {
            var cl = Main.commandLine();
            cl.setOut(new PrintWriter(Writer.nullWriter()));
            cl.setErr(new PrintWriter(Writer.nullWriter()));
            worst = Math.max(worst, cl.execute(c));
        }
        System.exit(worst);
    }
}
