package dev.lanescope.model;

/**
 * One device as an {@code lspci -t} tree shows it: its address, its parent bridge (null when it sits on a
 * root bus), the bridge's secondary bus range when it is one, and the name text ({@code -tv}; null with {@code -t}).
 * With {@code -tvnn} the trailing {@code [vvvv:dddd]} is split into the ids (-1 when absent).
 */
public record TreeEntry(Bdf bdf, Bdf parent, BusRange busRange, String name, int vendorId, int deviceId,
                        SourceRef source) {
}
