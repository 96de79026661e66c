package io.durabench.compare;

import io.durabench.format.Fmt;
import io.durabench.results.NotMeasured;
import io.durabench.stats.MedianEstimate;

/**
 * One line of a comparison's table: a row measured on both sides with its {@link RowComparison},
 * or a row found on one side only (with why the other side has no number, when it says), or a row
 * found on both sides that cannot be compared (its units cannot be converted into each other).
 *
 * @param target            the target's label when the comparison spans several targets, else null
 * @param unit              the base's unit (the candidate's scores are converted into it)
 * @param base              the base's replicates, null when the row is only in the candidate
 * @param candidate         the candidate's replicates, null when the row is only in the base
 * @param comparison        null unless {@code status} is COMPARED
 * @param bhQ               the Benjamini–Hochberg q of the row (what an FDR procedure would say), NaN unless compared
 * @param noiseFloorPercent the row's A/A noise floor in %, NaN without an A/A pair
 * @param note              why a row is one-sided or not compared ("FAILED in candidate: …"), else null
 */
public record ComparedRow(String target, RowKey key, Status status, String unit, ReplicateScores base, ReplicateScores candidate,
                          RowComparison comparison, double bhQ, double noiseFloorPercent, String note) {

    public enum Status {
        COMPARED, ONLY_IN_BASE, ONLY_IN_CANDIDATE, NOT_COMPARED;

        /** "compared", "only in base", ... */
        public String label() {
            return Fmt.id(this).replace('-', ' ');
        }
    }

    /** The row's name in the comparison, the target first when there are several. */
    public String name() {
        return target == null ? key.name() : target + ": " + key.name();
    }

    /** "regression", "improvement", "~", or the status of a row that was not compared. */
    public String verdictLabel() {
        return comparison == null ? status.label() : comparison.verdict().label();
    }

    /** The base's median with its interval (from the comparison, or from the base's own values when one-sided); null without. */
    public MedianEstimate baseMedian() {
        return comparison != null ? comparison.base() : median(base);
    }

    public MedianEstimate candidateMedian() {
        return comparison != null ? comparison.candidate() : median(candidate);
    }

    /** The row's verdict; null when it was not compared. */
    public Verdict verdict() {
        return comparison == null ? null : comparison.verdict();
    }

    private static MedianEstimate median(ReplicateScores scores) {
        if (scores == null) return null;
        try {
            return MedianEstimate.of(scores.values());
        } catch (IllegalArgumentException notFinite) {
            return null;
        }
    }

    /** "FAILED in candidate: fdatasync … EIO" / "n/a in base: O_DIRECT …" for a cell that produced no number there. */
    static String whyMissing(String side, NotMeasured nm) {
        if (nm == null) return "no such row in " + side;
        return (nm.failed() ? "FAILED" : "n/a") + " in " + side + ": " + nm.reason();
    }
}
