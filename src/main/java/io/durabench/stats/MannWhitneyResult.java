package io.durabench.stats;

/**
 * The outcome of a Mann–Whitney U test of x against y.
 *
 * @param u           U of x: the number of pairs (x_i, y_j) with x_i &gt; y_j, ties counting ½
 *                    (equivalently R_x − n1(n1+1)/2 with mid-ranks)
 * @param pTwoSided   P(|U − E U| ≥ |u − E U|) under "no difference"
 * @param pXGreater   one-sided p for "x tends to be larger than y": P(U ≥ u)
 * @param pXLess      one-sided p for "x tends to be smaller than y": P(U ≤ u)
 * @param method      how the p-values were obtained
 */
public record MannWhitneyResult(double u, int n1, int n2, double pTwoSided, double pXGreater, double pXLess, Method method) {

    public enum Method {
        /** Exact permutation distribution, no ties among the values. */
        EXACT,
        /** Exact permutation distribution of the mid-rank sum given the observed ties. */
        EXACT_WITH_TIES,
        /** Normal approximation with tie-corrected variance and continuity correction. */
        NORMAL_APPROXIMATION
    }
}
