package dev.lanescope.analysis.ceiling;

/** Non-physical input to the ceiling arithmetic; {@link #field()} names the input, the message says why. */
public final class CeilingInputException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    public CeilingInputException(String field, String why) {
        super(field + ": " + why);
        this.field = field;
    }

    /** The record component (input) that was refused, e.g. {@code hitRate}. */
    public String field() {
        return field;
    }
}
