package dev.lanescope.analysis.scaling;

import java.util.List;
import java.util.Locale;

import dev.lanescope.analysis.PathClass;
import dev.lanescope.model.AllReduceTable;

/**
 * How long one all-reduce of a message takes over a number of cards, and one hand-off between pipeline groups,
 * with the evidence it rests on. Ring arithmetic (what NCCL/RCCL use for small groups): an all-reduce over k ranks
 * is 2(k-1) steps, each moving 1/k of the message across one peer link.
 */
public sealed interface AllReduceCost {

    /** Microseconds for one all-reduce of {@code bytes} over {@code ranks} cards (0 for one card). */
    double allReduceUs(double bytes, int ranks);

    /** Microseconds for one point-to-point hand-off of {@code bytes} between two cards. */
    double sendUs(double bytes);

    Evidence evidence();

    /** One line saying where the figure comes from. */
    String describe();

    /** The inputs that are assumptions, not measurements (empty when every input is measured). */
    List<String> assumptions();

    /** Where the all-reduce time comes from, best first. */
    enum Evidence {
        FITTED("fitted to your measured tokens/s"),
        TABLE("an imported all_reduce_perf table"),
        PEER_MEASURED("the peer path's measured bandwidth and latency"),
        NVLINK("nvidia-smi's NVLink count at the card's per-link rate, with assumed reach and latency"),
        PATH_CLASS("the peer path class, with assumed bandwidth and latency");

        private final String words;

        Evidence(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /** A ring over peer links of {@code gbPerS} (one direction) with {@code latencyUs} per step. */
    record Ring(double latencyUs, double gbPerS, Evidence evidence, String describe, List<String> assumptions)
            implements AllReduceCost {

        public Ring {
            assumptions = List.copyOf(assumptions);
            if (!(latencyUs >= 0) || !Double.isFinite(latencyUs) || !(gbPerS > 0) || !Double.isFinite(gbPerS)) {
                throw new dev.lanescope.analysis.ceiling.CeilingInputException("p2p",
                        "peer latency must be 0 or more microseconds and bandwidth more than 0 GB/s (got "
                                + latencyUs + " us, " + gbPerS + " GB/s)");
            }
        }

        @Override
        public double allReduceUs(double bytes, int ranks) {
            if (ranks <= 1) return 0;
            return 2.0 * (ranks - 1) * (latencyUs + bytes / ranks / (gbPerS * 1e3));
        }

        @Override
        public double sendUs(double bytes) {
            return latencyUs + bytes / (gbPerS * 1e3);
        }

        /** Measured peer copies: bandwidth from a P2P probe, latency from it or typed. */
        public static Ring measured(double latencyUs, double gbPerS) {
            return new Ring(latencyUs, gbPerS, Evidence.PEER_MEASURED, String.format(Locale.ROOT,
                    "ring all-reduce over measured peer copies: %.1f GB/s, %.1f us per step", gbPerS, latencyUs),
                    List.of());
        }

        /**
         * Assumed from the path class: per-step latencies from public all_reduce_perf tables (about 6 us per ring
         * step between two RTX 2080 Ti behind one switch, 12 us for the 2-step all-reduce; about 3 us per step over
         * eight RTX 4090, 42 us for 14 steps), more for each bridge crossed; bandwidth 80 % of the trained link,
         * halved across sockets.
         */
        public static Ring assumed(PathClass pathClass, double linkGbPerS) {
            double lat = switch (pathClass) {
                case PIX, PXB -> 6;
                case PHB -> 7;
                case NODE -> 8;
                case SYS -> 10;
            };
            double bw = linkGbPerS * 0.8 * (pathClass == PathClass.SYS ? 0.5 : 1);
            return new Ring(lat, bw, Evidence.PATH_CLASS, String.format(Locale.ROOT,
                    "ring all-reduce over a %s peer path: %.1f GB/s, %.0f us per step (assumed)", pathClass, bw, lat),
                    List.of(String.format(Locale.ROOT, "all-reduce step latency %.0f us for a %s path (assumption, "
                                    + "from public all_reduce_perf tables; measure it: all_reduce_perf -b 8 -e 1M -f 2 -g N)",
                            lat, pathClass),
                            String.format(Locale.ROOT, "peer bandwidth %.1f GB/s = 80 %% of the %.1f GB/s link%s "
                                    + "(assumption)", bw, linkGbPerS,
                                    pathClass == PathClass.SYS ? ", halved across sockets" : "")));
        }
    }

    /**
     * A measured all_reduce_perf table: the out-of-place time at the message size, interpolated between rows;
     * another rank count than the table's is scaled by ring steps, (k-1)/(n-1), and said to be an assumption.
     */
    record Table(AllReduceTable table) implements AllReduceCost {

        @Override
        public double allReduceUs(double bytes, int ranks) {
            if (ranks <= 1) return 0;
            return atSize(bytes) * (ranks - 1) / (double) (table.ranks() - 1);
        }

        @Override
        public double sendUs(double bytes) {
            // one ring step of a 2(n-1)-step all-reduce moves the whole message's 1/n share; a hand-off moves it
            // all: take the time of one step at n times the size
            return atSize(bytes * table.ranks()) / (2.0 * (table.ranks() - 1));
        }

        double atSize(double bytes) {
            List<AllReduceTable.Row> rows = table.rows();
            AllReduceTable.Row first = rows.get(0);
            if (bytes <= first.bytes()) return first.outOfPlaceUs();
            for (int i = 1; i < rows.size(); i++) {
                AllReduceTable.Row a = rows.get(i - 1);
                AllReduceTable.Row b = rows.get(i);
                if (bytes <= b.bytes()) {
                    double f = (bytes - a.bytes()) / (double) (b.bytes() - a.bytes());
                    return a.outOfPlaceUs() + f * (b.outOfPlaceUs() - a.outOfPlaceUs());
                }
            }
            AllReduceTable.Row last = rows.get(rows.size() - 1);
            if (rows.size() == 1) return last.outOfPlaceUs() * bytes / last.bytes();
            AllReduceTable.Row prev = rows.get(rows.size() - 2);
            double slope = Math.max(0, (last.outOfPlaceUs() - prev.outOfPlaceUs()) / (last.bytes() - prev.bytes()));
            return last.outOfPlaceUs() + slope * (bytes - last.bytes());
        }

        @Override
        public Evidence evidence() {
            return Evidence.TABLE;
        }

        @Override
        public String describe() {
            String dev = table.devices().isEmpty() ? "" : " of " + table.devices().get(0);
            return "all_reduce_perf table " + table.file() + " (" + table.ranks() + " ranks" + dev + ", "
                    + table.rows().size() + " sizes)";
        }

        @Override
        public List<String> assumptions() {
            return List.of("all-reduce over other card counts than the table's " + table.ranks()
                    + " scaled by ring steps, (cards - 1) / " + (table.ranks() - 1) + " (assumption; import a table "
                    + "measured at each count to replace it)");
        }
    }

    /** Fitted to measured tokens/s: {@code stepUs} per ring step, whatever the engine really does. */
    record Fitted(double stepUs, AllReduceCost prior) implements AllReduceCost {

        @Override
        public double allReduceUs(double bytes, int ranks) {
            return ranks <= 1 ? 0 : 2.0 * (ranks - 1) * stepUs;
        }

        @Override
        public double sendUs(double bytes) {
            return stepUs;
        }

        @Override
        public Evidence evidence() {
            return Evidence.FITTED;
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "fitted to the measured points: %.1f us per all-reduce step", stepUs);
        }

        @Override
        public List<String> assumptions() {
            return List.of();
        }
    }
}
