package io.durabench.compare;

/** Which way is better for a row's score, read from its unit. */
public enum Direction {
    /** Time per operation (JMH avgt, sample, ss: "us/op"): a larger score is a slowdown. */
    LOWER_IS_BETTER,
    /** Operations per time (JMH thrpt: "ops/s"): a smaller score is a slowdown. */
    HIGHER_IS_BETTER;

    /** "…/op" is lower-is-better, "ops/…" higher-is-better; anything else is refused. */
    public static Direction ofUnit(String unit) {
        String u = unit == null ? "" : unit.trim();
        if (u.endsWith("/op")) return LOWER_IS_BETTER;
        if (u.startsWith("ops/")) return HIGHER_IS_BETTER;
        throw new IllegalArgumentException("unit '" + unit + "' is neither time per operation (…/op) nor operations per time (ops/…), "
                + "so which way is better is unknown");
    }

    /** Whether a change of the score by {@code changePercent} makes things worse. */
    public boolean isWorse(double changePercent) {
        return this == LOWER_IS_BETTER ? changePercent > 0 : changePercent < 0;
    }

    /** The score ratio candidate/base turned into a cost ratio (&gt; 1 is worse), for summaries across rows. */
    public double costRatio(double scoreRatio) {
        return this == LOWER_IS_BETTER ? scoreRatio : 1 / scoreRatio;
    }
}
