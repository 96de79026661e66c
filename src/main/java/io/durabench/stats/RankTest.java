package io.durabench.stats;

/**
 * The outcome of the rank test a comparison row used: which test, its statistic and its two-sided p.
 *
 * @param test      {@link #RANK_SUM} (Mann–Whitney, unpaired forks), {@link #SIGNED_RANK} (Wilcoxon, forks paired by round)
 *                  or {@link #LOCK_STEP_T} (a lock-step run's fork pairs)
 * @param statistic U of the candidate (rank sum) or W+ (signed rank)
 * @param pTwoSided the exact two-sided p (normal approximation beyond 50 values)
 */
public record RankTest(String test, double statistic, double pTwoSided) {
    public static final String RANK_SUM = "Mann-Whitney U";
    public static final String SIGNED_RANK = "Wilcoxon signed-rank";
    /** Not a rank test: lock-step's one-sample t on each fork pair's ln(B/A) (io.durabench.stats.LockStepEstimate); statistic t. */
    public static final String LOCK_STEP_T = "t-test on fork pairs' ln(B/A)";

    public static RankTest of(MannWhitneyResult r) {
        return new RankTest(RANK_SUM, r.u(), r.pTwoSided());
    }
}
