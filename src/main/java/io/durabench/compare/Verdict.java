package io.durabench.compare;

/** What a row's comparison concluded; {@code ~} follows benchstat's "no significant change". */
public enum Verdict {
    REGRESSION("regression"),
    IMPROVEMENT("improvement"),
    UNCHANGED("~");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
