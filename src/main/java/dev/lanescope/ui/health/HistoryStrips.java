package dev.lanescope.ui.health;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.lanescope.analysis.BootHistory;
import dev.lanescope.fleet.HostHistory;

/**
 * What the History window shows, without the toolkit: the command line's lines about the folder (captures skipped
 * and why, several hosts), then per host its line and per hop the sentence {@code lanescope history} prints with one
 * cell per boot, in time order, full speed or low.
 *
 * @param notes what was skipped, and whether the folder held several hosts (the command line's words)
 * @param hosts one per host
 */
public record HistoryStrips(List<String> notes, List<Host> hosts) {

    public HistoryStrips {
        notes = List.copyOf(notes);
        hosts = List.copyOf(hosts);
    }

    /** How a hop trained on one boot. */
    public enum Trained { FULL, LOW, ABSENT }

    /** One boot of one hop: its state and the tooltip's words (boot, time, state). */
    public record Cell(Trained trained, String tooltip) {
    }

    /** One hop: the sentence, and its cells in boot order. */
    public record Hop(String hop, String sentence, List<Cell> cells) {
        public Hop {
            cells = List.copyOf(cells);
        }

        public long low() {
            return cells.stream().filter(c -> c.trained() == Trained.LOW).count();
        }
    }

    /** One host: "gpu-7: 8 boot(s) from 9 capture(s), A to B", and its hops (low ones first, as the command line). */
    public record Host(String line, List<Hop> hops) {
        public Host {
            hops = List.copyOf(hops);
        }
    }

    public static HistoryStrips of(Path dir, HostHistory.Result r) {
        List<String> notes = new ArrayList<>(r.skippedLines());
        if (r.byHost().isEmpty()) notes.add(HostHistory.Result.noneUsable(dir));
        r.severalHosts(dir).ifPresent(notes::add);
        List<Host> hosts = new ArrayList<>();
        r.byHost().forEach((name, h) -> {
            List<Hop> hops = new ArrayList<>();
            for (BootHistory.HopHistory hop : h.hops()) {
                List<Cell> cells = new ArrayList<>();
                for (int i = 0; i < h.boots().size(); i++) {
                    cells.add(cell(h.boots().get(i), hop.states().get(i)));
                }
                hops.add(new Hop(hop.hop(), hop.sentence(), cells));
            }
            hosts.add(new Host(r.hostLine(name), hops));
        });
        return new HistoryStrips(notes, hosts);
    }

    private static Cell cell(BootHistory.Boot boot, BootHistory.State s) {
        String head = "Boot " + (boot.bootId() == null ? "(no boot id: " + boot.source() + ")" : boot.bootId())
                + "\nCaptured " + (boot.capturedAt() == null ? "at an unknown time" : boot.capturedAt())
                + "\nFrom " + boot.source() + "\n";
        if (s == null) return new Cell(Trained.ABSENT, head + "This hop is not in that boot's capture.");
        String state = s.trained().display() + (s.underLoad() ? " (highest under load)" : "");
        return s.low()
                ? new Cell(Trained.LOW, head + "Trained low: " + state + " of " + s.capable().display())
                : new Cell(Trained.FULL, head + "Full speed: " + state);
    }
}
