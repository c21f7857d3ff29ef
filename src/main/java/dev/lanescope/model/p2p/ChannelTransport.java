package dev.lanescope.model.p2p;

/**
 * One {@code NCCL INFO Channel 02/0 : 0[3e000] -> 1[1b000] via P2P/IPC} line.
 *
 * @param channel  the channel number
 * @param fromRank sending rank
 * @param toRank   receiving rank
 * @param fromBus  the sender's PCI address where the bracket holds a bus id (older NCCL, RCCL), else null
 * @param toBus    the receiver's PCI address, else null
 * @param fromDev  the bracket's text as printed (a CUDA device index in newer NCCL), null when absent
 * @param toDev    the receiver's bracket text
 * @param transport the transport
 * @param via      the text after {@code via} ({@code P2P/IPC/read})
 * @param role     {@code send} or {@code receive} for network connections, else null
 * @param host     the host name at the start of the line, null when absent
 * @param at       where it was read
 */
public record ChannelTransport(int channel, int fromRank, int toRank, String fromBus, String toBus, String fromDev,
                               String toDev, Transport transport, String via, String role, String host, Evidence at) {

    /** True when this channel joins ranks {@code a} and {@code b}, in either order. */
    public boolean joinsRanks(int a, int b) {
        return (fromRank == a && toRank == b) || (fromRank == b && toRank == a);
    }

    /** True when this channel joins the GPUs at PCI addresses {@code a} and {@code b} (either order). */
    public boolean joinsBuses(String a, String b) {
        if (fromBus == null || toBus == null || a == null || b == null) return false;
        return (fromBus.equalsIgnoreCase(a) && toBus.equalsIgnoreCase(b))
                || (fromBus.equalsIgnoreCase(b) && toBus.equalsIgnoreCase(a));
    }
}
