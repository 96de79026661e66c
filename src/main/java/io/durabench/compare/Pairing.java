package io.durabench.compare;

import io.durabench.stats.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a comparison pairs its forks by round, and why. Pairing pays when what drifts between
 * rounds moves both sides of a round alike: the per-round ratio cancels it. When the two sides'
 * fork means do not correlate across rounds it cancels nothing and costs degrees of freedom (n − 1
 * pairs instead of 2n − 2 values; at Holm's first step over ~30 rows and 12 rounds the t quantile
 * grows from 3.5 to 3.9, a variance factor 1.24, which a correlation of 0.19 only just repays), so
 * forks are paired only when the rows' mean correlation is at least {@value #MIN_CORRELATION}.
 * Only sides measured in the same rounds of one run can pair at all ({@link RowInput#byRound()}).
 *
 * @param paired      true: Wilcoxon signed-rank on per-round log ratios; false: Mann–Whitney on forks
 * @param correlation the mean over rows of the two sides' correlation of ln(fork score) across rounds (NaN: not paired by design)
 * @param rows        how many rows the correlation is the mean of
 * @param reason      the decision in words, for the comparison's header
 */
public record Pairing(boolean paired, double correlation, int rows, String reason) {
    public static final double MIN_CORRELATION = 0.25;
    /** Fewer rounds than this give no usable correlation (and no significant signed-rank test over many rows). */
    static final int MIN_ROUNDS = 6;

    static Pairing decide(List<RowInput> rows) {
        if (!rows.isEmpty() && rows.stream().allMatch(RowInput::lockStep)) return lockStep(rows.get(0).base().length);
        List<RowInput> aligned = rows.stream().filter(RowInput::byRound).toList();
        if (aligned.isEmpty()) {
            return new Pairing(false, Double.NaN, 0, "unpaired forks: the sides were not measured in the same rounds of one run");
        }
        List<Double> rhos = new ArrayList<>();
        for (RowInput r : aligned) {
            double rho = correlation(r.base(), r.candidate());
            if (r.base().length >= MIN_ROUNDS && Double.isFinite(rho)) rhos.add(rho);
        }
        if (rhos.isEmpty()) {
            return new Pairing(false, Double.NaN, 0, "unpaired forks: fewer than " + MIN_ROUNDS + " rounds, too few to tell whether pairing gains");
        }
        double mean = rhos.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        String rho = String.format(java.util.Locale.ROOT, "%.2f", mean);
        if (mean >= MIN_CORRELATION) {
            return new Pairing(true, mean, rhos.size(), "paired by round (Wilcoxon signed-rank on each round's ratio): the sides' fork means"
                    + " move together across rounds (mean correlation " + rho + " over " + rhos.size() + " rows, at least "
                    + MIN_CORRELATION + "), so the per-round ratio cancels what drifts between rounds");
        }
        return new Pairing(false, mean, rhos.size(), "unpaired forks (Mann-Whitney): measured in the same rounds, but the sides' fork means"
                + " hardly move together across rounds (mean correlation " + rho + " over " + rhos.size() + " rows, under "
                + MIN_CORRELATION + "): pairing would cancel little and cost half the degrees of freedom");
    }

    /** Pearson correlation of ln a and ln b, NaN when either does not vary. */
    static double correlation(double[] a, double[] b) {
        int n = a.length;
        double ma = 0, mb = 0;
        for (int i = 0; i < n; i++) {
            ma += Math.log(a[i]) / n;
            mb += Math.log(b[i]) / n;
        }
        double sab = 0, saa = 0, sbb = 0;
        for (int i = 0; i < n; i++) {
            double da = Math.log(a[i]) - ma, db = Math.log(b[i]) - mb;
            sab += da * db;
            saa += da * da;
            sbb += db * db;
        }
        return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : Double.NaN;
    }

    /** The words that open a lock-step comparison's design line: the design's name, as every format prints it. */
    public static final String LOCK_STEP = "lock-step";

    /** A lock-step run: each fork pair's two sides alternated one durable unit at a time, so each pair's ratio is one replicate. */
    static Pairing lockStep(int forkPairs) {
        return new Pairing(true, Double.NaN, 0, LOCK_STEP + ": the sides alternated one durable unit at a time in " + (forkPairs == 1 ? "" : "each of ")
                + Numbers.count(forkPairs, "fork pair (two JVMs)", "fork pairs (two JVMs each)") + ", so the disk's drift cancels in each pair's ratio B/A;"
                + " t-test on ln(B/A) over the fork pairs");
    }

    /** Whether the comparison judges lock-step figures. */
    public boolean lockStep() {
        return reason.startsWith(LOCK_STEP + ":");
    }

    /** A design chosen by the caller, not from the data (to measure what each would have given). */
    static Pairing forced(boolean paired) {
        return new Pairing(paired, Double.NaN, 0, paired ? "paired by round (forced)" : "unpaired forks (forced)");
    }

    /** Whether this row is compared as pairs. */
    boolean pairs(RowInput row) {
        return paired && row.byRound();
    }
}
