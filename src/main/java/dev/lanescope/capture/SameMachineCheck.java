package dev.lanescope.capture;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TreeEntry;

/**
 * Whether an {@code lspci -t} tree and {@code lspci -vv} functions come from the same machine: at least half
 * of the functions must appear in the tree at the same address, with the same vendor:device ids where both
 * sides print ids. Otherwise the pair is refused.
 */
public final class SameMachineCheck {

    /** The counts behind a verdict. */
    public record Verdict(boolean sameMachine, int functions, int foundInTree, int idMismatches) {
        public String summary() {
            return foundInTree + " of " + functions + " -vv functions found in the tree"
                    + (idMismatches > 0 ? ", " + idMismatches + " with different vendor:device ids" : "");
        }
    }

    private SameMachineCheck() {
    }

    public static Verdict check(List<TreeEntry> tree, List<PciFunction> functions) {
        Map<Bdf, TreeEntry> byBdf = new HashMap<>();
        for (TreeEntry e : tree) byBdf.putIfAbsent(e.bdf(), e);
        int found = 0;
        int mismatch = 0;
        for (PciFunction f : functions) {
            TreeEntry e = byBdf.get(f.bdf());
            if (e == null) continue;
            if (e.vendorId() >= 0 && f.vendorId() >= 0
                    && (e.vendorId() != f.vendorId() || e.deviceId() != f.deviceId())) {
                mismatch++;
                continue;
            }
            found++;
        }
        boolean same = functions.isEmpty() || found * 2 >= functions.size();
        return new Verdict(same, functions.size(), found + mismatch, mismatch);
    }
}
