package io.durabench.compare;

import io.durabench.stats.ShiftEstimate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The A/A noise floor: how much two runs of the same setup (the same JDK measured twice,
 * interleaved) differed, as |change| in % (Hodges–Lehmann). Nothing changed between them, so a
 * change of that size is indistinguishable from run-to-run drift; a change inside it is never a
 * regression.
 *
 * <p><b>Per row</b>, not one number for the sweep: rows differ in noise by two orders of magnitude
 * (σ of ln score from 1% to 45% in the ext4 reference run), and the sweep's largest A/A change —
 * about 17% at 12 forks, from the noisiest row — would hide a 10% regression of a quiet row that
 * the test detects easily. A row's floor is its own A/A change. {@link #uniform} gives one number
 * for every row when that is what the caller has.
 *
 * @param byRow     |A/A change| in % by row name
 * @param otherwise the floor of rows not in {@code byRow} (NaN: none)
 */
public record NoiseFloor(Map<String, Double> byRow, double otherwise) {
    public static final NoiseFloor NONE = new NoiseFloor(Map.of(), Double.NaN);

    public NoiseFloor {
        byRow = Map.copyOf(byRow);
        for (double p : byRow.values()) {
            if (!(p >= 0)) throw new IllegalArgumentException("noise floor " + p + "% must be 0 or more");
        }
        if (otherwise < 0) throw new IllegalArgumentException("noise floor " + otherwise + "% must be 0 or more");
    }

    /** Each row's |change| between the two runs of an A/A pair. */
    public static NoiseFloor of(List<RowInput> aaRows) {
        if (aaRows.isEmpty()) throw new IllegalArgumentException("no A/A rows to measure the noise floor from");
        Map<String, Double> byRow = new LinkedHashMap<>();
        for (RowInput r : aaRows) byRow.put(r.name(), Math.abs(ShiftEstimate.ofLogRatio(r.base(), r.candidate()).changePercent()));
        return new NoiseFloor(byRow, Double.NaN);
    }

    /** The same floor for every row. */
    public static NoiseFloor uniform(double percent) {
        return new NoiseFloor(Map.of(), percent);
    }

    /** The floor of this row in %, NaN when it has none. */
    public double percentFor(String row) {
        return byRow.getOrDefault(row, otherwise);
    }

    public boolean isEmpty() {
        return byRow.isEmpty() && Double.isNaN(otherwise);
    }

    /** The largest floor of any row: the A/A spread of the sweep, for the summary. */
    public double largestPercent() {
        double largest = otherwise;
        for (double p : byRow.values()) largest = Double.isNaN(largest) ? p : Math.max(largest, p);
        return largest;
    }
}
