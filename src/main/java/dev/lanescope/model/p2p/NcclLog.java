package dev.lanescope.model.p2p;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What an {@code NCCL_DEBUG=INFO} log (NCCL or RCCL) says about how ranks were connected.
 *
 * @param file           the file as the user named it
 * @param version        {@code NCCL version 2.27.7+...} as printed, null when absent
 * @param channels       every channel line, in file order
 * @param rankBus        rank to PCI address, from the {@code comm ... rank N ... busId X} lines
 * @param allDirectP2p   the {@code isAllDirectP2p} flag as printed (null when absent), with its line
 * @param allDirectAt    where {@code isAllDirectP2p} was read (null when absent)
 */
public record NcclLog(String file, String version, List<ChannelTransport> channels, Map<Integer, String> rankBus,
                      Boolean allDirectP2p, Evidence allDirectAt) {

    public NcclLog {
        channels = List.copyOf(channels);
        rankBus = Map.copyOf(rankBus);
    }

    /** Channels between ranks {@code a} and {@code b} (either direction). */
    public List<ChannelTransport> betweenRanks(int a, int b) {
        return channels.stream().filter(c -> c.joinsRanks(a, b)).toList();
    }

    /**
     * Channels between the GPUs at PCI addresses {@code a} and {@code b}: by the bus ids in the lines, else by the
     * ranks the {@code comm ... busId} lines give those addresses.
     */
    public List<ChannelTransport> betweenBuses(String a, String b) {
        List<ChannelTransport> direct = channels.stream().filter(c -> c.joinsBuses(a, b)).toList();
        if (!direct.isEmpty()) return direct;
        int ra = rankOf(a);
        int rb = rankOf(b);
        return ra < 0 || rb < 0 ? List.of() : betweenRanks(ra, rb);
    }

    /** The rank whose GPU is at {@code bus}, or -1. */
    public int rankOf(String bus) {
        if (bus == null) return -1;
        for (var e : rankBus.entrySet()) {
            if (e.getValue().equalsIgnoreCase(bus)) return e.getKey();
        }
        return -1;
    }

    /** How many channels used each transport. */
    public static Map<Transport, Integer> count(List<ChannelTransport> channels) {
        Map<Transport, Integer> m = new EnumMap<>(Transport.class);
        for (ChannelTransport c : channels) m.merge(c.transport(), 1, Integer::sum);
        return m;
    }
}
