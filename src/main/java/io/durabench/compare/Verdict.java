package io.durabench.compare;

/**
 * What a row's comparison concluded. {@code ~} means only what benchstat's users read in it: not
 * significant. A change that is significant but does not count has its own mark, so a reader never
 * has to guess which of three things a {@code ~} meant.
 */
public enum Verdict {
    REGRESSION("regression"),
    IMPROVEMENT("improvement"),
    /** Not significant after Holm's correction (or the design could not make anything significant). */
    UNCHANGED("~"),
    /** Significant, but the estimate is under --threshold. */
    UNDER_THRESHOLD("small"),
    /** Significant, but the estimate is inside the row's A/A noise: two runs of the same setup differed as much. */
    INSIDE_NOISE("A/A noise");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** A regression or an improvement: a change that counts. */
    public boolean counts() {
        return this == REGRESSION || this == IMPROVEMENT;
    }
}
