package dev.lanescope.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A watch: the links of one machine sampled at an interval while the user's own work ran beside it (docs/RULES.md
 * §12). Written by {@code lanescope watch} and by {@code collect.sh --watch N} in one text form ({@code watch.txt}),
 * read back by {@code parse.WatchRecordParser}.
 *
 * @param host            the machine's name, or null
 * @param bootId          the boot id at the start of the watch, or null
 * @param intervalSeconds the interval asked for between samples
 * @param started         when the first sample was taken (null when no sample)
 * @param devices         every function sampled: its class and its path from the root port down
 * @param samples         the samples in order
 * @param source          the file it was read from
 */
public record WatchRecord(String host, String bootId, double intervalSeconds, Instant started,
                          Map<Bdf, Device> devices, List<Sample> samples, String source) {

    public WatchRecord {
        devices = Map.copyOf(devices);
        samples = List.copyOf(samples);
    }

    /** A sampled function: its class code (-1 unknown) and the functions from its root port down to itself. */
    public record Device(Bdf bdf, int classCode, List<Bdf> path) {
        public Device {
            path = List.copyOf(path);
        }
    }

    /** One round of readings, numbered from 1. */
    public record Sample(int index, Instant at, Map<Bdf, Reading> readings) {
        public Sample {
            readings = Map.copyOf(readings);
        }
    }

    /**
     * What one function read in one sample; null or -1 where not read.
     *
     * @param current      sysfs current_link_speed/width
     * @param max          sysfs max_link_speed/width
     * @param errors       AER and replay counters
     * @param nvGeneration nvidia-smi pcie.link.gen.current
     * @param nvWidth      nvidia-smi pcie.link.width.current
     * @param utilization  nvidia-smi utilization.gpu, percent
     */
    public record Reading(LinkState current, LinkState max, ErrorCounters errors, int nvGeneration, int nvWidth,
                          int utilization) {
        public static final Reading EMPTY = new Reading(null, null, ErrorCounters.NONE, -1, -1, -1);
    }
}
