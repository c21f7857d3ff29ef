package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.Problem;

/**
 * Turns each record header's slot (or {@code -P} path) into an address: a path element without a bus number takes
 * the secondary bus of the bridge before it, so shorter paths are resolved first. A record whose address cannot
 * be made is marked invalid with a WARNING at its header line.
 */
final class AddressResolver {

    private AddressResolver() {
    }

    static void resolve(String file, List<RecordDraft> drafts, List<Problem> problems) {
        Map<Bdf, BusRange> ranges = new HashMap<>();
        List<RecordDraft> order = new ArrayList<>(drafts);
        order.sort(Comparator.comparingInt((RecordDraft d) -> d.header.path().size()));
        for (RecordDraft d : order) {
            if (d.invalid) continue;
            List<HeaderLine.Slot> path = d.header.path();
            HeaderLine.Slot head = path.get(0);
            int domain = head.domain() < 0 ? 0 : (int) head.domain();
            Bdf at = null;
            String failure = null;
            for (int k = 0; k < path.size(); k++) {
                HeaderLine.Slot e = path.get(k);
                int bus = e.bus();
                if (bus < 0) {
                    BusRange pr = at == null ? null : ranges.get(at);
                    if (pr == null) {
                        failure = "the -P path element " + (k + 1) + " has no bus number and the bridge "
                                + at + " before it was not found with a 'Bus:' line";
                        break;
                    }
                    bus = pr.secondary();
                }
                if (e.device() > 0x1f) {
                    failure = "device number " + Integer.toHexString(e.device()) + " is above 1f";
                    break;
                }
                at = new Bdf(domain, bus, e.device(), e.function());
            }
            if (failure != null) {
                d.invalid = true;
                problems.add(Problem.warning(file, d.line, "not a usable PCI address: " + failure
                        + "; record skipped"));
                continue;
            }
            d.b.bdf = at;
            if (d.b.busRange != null) ranges.putIfAbsent(at, d.b.busRange);
        }
    }
}
