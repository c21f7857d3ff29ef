package dev.lanescope.parse;

import dev.lanescope.model.Acs;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.PciFunction;

/** One {@code lspci} record being read: its header, the function built so far, and where in the record a line is. */
final class RecordDraft {

    /** Where in a record a line is: which capability it belongs to. */
    enum Ctx { BODY, EXPRESS, AER, ACS, REBAR, OTHER_CAP }

    /** Which keyed line a continuation line (no {@code Key:}) continues. */
    enum Owner { NONE, LNKSTA, LNKCTL, SLTCAP, DEVCAP, UESTA, OTHER }

    final HeaderLine header;
    /** The header's line, 1-based. */
    final int line;
    final PciFunction.Builder b;
    final VersionHints hints;
    ExpressLines express;
    Acs.AcsFlags acsCap;
    Acs.AcsFlags acsCtl;
    Ctx ctx = Ctx.BODY;
    Owner owner = Owner.NONE;
    boolean afterBlank;
    boolean blankWarned;
    boolean invalid;

    RecordDraft(HeaderLine header, int line, VersionHints fileHints) {
        this.header = header;
        this.hints = new VersionHints(fileHints);
        this.line = line;
        this.b = PciFunction.builder(new Bdf(0, 0, 0, 0));
    }

    /** Applies one version marker ("printed by {@code label} or newer", or "or older") to the record and file. */
    void mark(boolean atLeast, int version, String label) {
        if (atLeast) hints.atLeast(version, label);
        else hints.atMost(version, label);
    }
}
