package dev.lanescope.model;

/**
 * The facts of one hop: the wire between a downstream-facing port and the device on its secondary bus.
 *
 * @param port          the Root Port or switch Downstream Port
 * @param device        the device's lowest function on the port's secondary bus
 * @param portCap       the port's LnkCap (speed refined by LnkCap2), null if unknown
 * @param deviceCap     the device's LnkCap (speed refined by LnkCap2), null if unknown
 * @param capable       what both ends could train to: min of the two (null when neither is known)
 * @param trained       what it trained to (port's LnkSta, else the device's, else sysfs), null if unknown
 * @param target        the port's LnkCtl2 Target Link Speed, null if absent
 * @param trainedFrom   where {@code trained} came from
 * @param deviceTrained the device end's LnkSta, to compare with the port's (null if absent)
 */
public record Link(PciFunction port, PciFunction device, LinkState portCap, LinkState deviceCap, LinkState capable,
                   LinkState trained, LinkSpeed target, Source trainedFrom, LinkState deviceTrained) {

    /** Where a reading came from, most authoritative first. */
    public enum Source { PORT_REGISTERS, DEVICE_REGISTERS, SYSFS, NONE }

    /** Both ends printed LnkSta and they differ: taken while retraining, or a broken register. */
    public boolean endsDisagree() {
        return trainedFrom == Source.PORT_REGISTERS && deviceTrained != null && port.express() != null
                && !deviceTrained.equals(port.express().lnkSta());
    }
}
