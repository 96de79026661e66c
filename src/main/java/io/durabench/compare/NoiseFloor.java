package io.durabench.compare;

import io.durabench.stats.ShiftEstimate;
import java.util.List;

/**
 * The A/A noise floor: the largest |change| (Hodges–Lehmann, in %) seen between two runs of the
 * same setup — the same JDK measured twice, interleaved. Nothing changed between them, so any
 * change of that size in a real comparison is indistinguishable from run-to-run drift; the issue's
 * rule is that a change inside it is never a regression. Taking the maximum over all rows (not a
 * per-row value) is deliberately cautious: a single noisy row sets the floor for all.
 *
 * @param row the row where the largest A/A change was seen
 */
public record NoiseFloor(double percent, String row) {

    public static NoiseFloor of(List<RowInput> aaRows) {
        if (aaRows.isEmpty()) throw new IllegalArgumentException("no A/A rows to measure the noise floor from");
        NoiseFloor largest = null;
        for (RowInput r : aaRows) {
            double change = Math.abs(ShiftEstimate.ofLogRatio(r.base(), r.candidate()).changePercent());
            if (largest == null || change > largest.percent) largest = new NoiseFloor(change, r.name());
        }
        return largest;
    }
}
