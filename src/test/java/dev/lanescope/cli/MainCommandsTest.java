package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Set;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * A run names its command first, and only that command is built (the others' options are not read by
 * reflection). What the user reads must not change with that: the same command, the same help.
 */
class MainCommandsTest {

    @Test
    void theFullCommandLineListsEveryCommandInItsHelp() {
        CommandLine all = Main.commandLine();
        assertThat(all.getSubcommands().keySet()).containsExactly("analyze", "advise", "export", "ceiling", "scaling",
                "probe", "receipt", "diff", "scan", "collect", "ladder", "watch", "history");
        String usage = all.getUsageMessage(CommandLine.Help.Ansi.OFF);
        all.getSubcommands().keySet().forEach(name -> assertThat(usage).contains("  " + name + " "));
    }

    @Test
    void aRunNamingOneCommandBuildsThatCommandWithItsOwnName() {
        for (String name : Main.commandLine().getSubcommands().keySet()) {
            CommandLine one = Main.commandLine(name);
            assertThat(one.getSubcommands().keySet()).as(name).isEqualTo(Set.of(name));
            CommandLine sub = one.getSubcommands().get(name);
            // the name the command gives itself is the name it is started by
            assertThat(sub.getCommandSpec().userObject().getClass().getAnnotation(CommandLine.Command.class).name())
                    .as(name).isEqualTo(name);
        }
    }

    @Test
    void aCommandsHelpIsTheSameWhetherOrNotTheOthersAreBuilt() {
        for (String name : Main.commandLine().getSubcommands().keySet()) {
            assertThat(help(Main.commandLine(name), name)).as(name).isEqualTo(help(Main.commandLine(), name));
        }
    }

    @Test
    void aMistypedCommandStillGetsTheSuggestion() {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine("anlyze");
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        assertThat(cl.execute("anlyze")).isEqualTo(2);
        assertThat(err.toString()).contains("Did you mean: lanescope analyze");
    }

    private static String help(CommandLine cl, String name) {
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(new StringWriter()));
        cl.execute(name, "--help");
        return out.toString();
    }
}
