package io.durabench.gate;

import io.durabench.catalogue.Catalogue;
import io.durabench.compare.Direction;
import io.durabench.compare.RowKey;
import io.durabench.compare.SideRows;
import io.durabench.lockstep.HandOffRule;
import io.durabench.results.LockStepFile;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsFolder;
import io.durabench.stats.ShiftEstimate;
import io.durabench.stats.Stats;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run says about each row, as the gate judges it: the Hodges–Lehmann location of ln(fork
 * score) over the run's forks (the median of their Walsh averages: about the log of the geometric
 * mean, but one stalled fork among six moves it little, where it would move the mean of six by a
 * sixth of its own excess and fail a build for one bad second), one number per run. The gate's unit
 * of replication is the run: its forks share the run's moment, and what the gate must not mistake
 * for a change is how much that moment moves from run to run.
 *
 * <p>A run of the control design also has, per row, the location of ln(Java/C) over its control
 * fork pairs (each pair's µs per operation without stalls, the JVM's over its C twin's, measured in
 * lock-step: RUN/&lt;target&gt;/control/lockstep.json), and for each row it has none, why.
 *
 * @param rows    by row id (benchmark, mode and parameters; the target directory left out)
 * @param control the control pairs' ratios, null for a run without the control design
 */
public record RunValues(String label, Map<String, Value> rows, Control control) {

    /** The unit of a ratio row: the JVM's µs per operation over its C twin's. */
    public static final String RATIO_UNIT = "Java/C";

    /**
     * One row of one run.
     *
     * @param logMean     the location of ln(value) over the run's forks (or fork pairs)
     * @param forks       how many forks (or fork pairs) it is the location of
     * @param logVariance the sample variance of those ln(value)s: how much the run's own forks scatter (NaN with one fork,
     *                    or where unknown)
     */
    public record Value(RowKey key, String unit, Direction direction, double logMean, int forks, double logVariance) {

        /** A value whose forks' scatter is unknown. */
        public Value(RowKey key, String unit, Direction direction, double logMean, int forks) {
            this(key, unit, direction, logMean, forks, Double.NaN);
        }

        /**
         * The location of positive {@code values} on the log scale, from {@code forks} forks; their scatter only when each
         * value is one fork's (a single fork's iterations, seconds apart in one JVM, say nothing of how runs differ).
         */
        static Value of(RowKey key, String unit, Direction direction, double[] values, int forks) {
            double scatter = forks == values.length ? Stats.variance(Arrays.stream(values).map(Math::log).toArray()) : Double.NaN;
            return new Value(key, unit, direction, ShiftEstimate.logLocation(values), forks, scatter);
        }

        /** The same run's value moved by {@code log} on the log scale, its forks' scatter unchanged (a change planted in a real run). */
        public Value shifted(double log) {
            return new Value(key, unit, direction, logMean + log, forks, logVariance);
        }
    }

    /**
     * @param ratios   by row id, the ratio Java/C (unit {@link #RATIO_UNIT}, forks: the fork pairs)
     * @param unpaired by row id, why a row of the run has no ratio
     */
    public record Control(Map<String, Value> ratios, Map<String, String> unpaired) {
    }

    public RunValues(String label, Map<String, Value> rows) {
        this(label, rows, null);
    }

    /** The ratios as a run of their own, for {@link HistoryJudge}; empty for a run without the control design. */
    public RunValues ratios() {
        return new RunValues(label, control == null ? Map.of() : control.ratios(), null);
    }

    /** A run's rows; with {@code controlled}, its ratios to the C twin from each target's control folder too. */
    public static RunValues of(String label, List<ResultSet> sets, boolean controlled) {
        Map<String, Value> rows = new LinkedHashMap<>();
        Map<String, Value> ratios = new LinkedHashMap<>();
        Map<String, String> unpaired = new LinkedHashMap<>();
        Map<Path, Map<String, double[]>> controls = new HashMap<>();
        for (SideRows.Row r : SideRows.of(sets).rows()) {
            Direction direction;
            try {
                direction = Direction.ofUnit(r.unit());
            } catch (IllegalArgumentException notJudged) {
                continue;
            }
            double[] v = r.scores().values();
            if (!positive(v)) continue;
            rows.put(r.key().id(), Value.of(r.key(), r.unit(), direction, v, r.scores().forks()));
            if (!controlled) continue;
            String why = r.key().cell() == null ? "not a durabench cell" : HandOffRule.controlRefusal(r.key().cell()).orElse(null);
            double[] ratio = null;
            for (ResultSet s : sets) {
                if (why != null || ratio != null) break;
                ratio = controls.computeIfAbsent(s.folder(), RunValues::controlRatios).get(r.key().cellKey());
            }
            if (why == null && ratio == null) why = "no control pair in this run";
            if (why == null && !positive(ratio)) why = "its control pairs gave no positive ratio";
            if (why != null) unpaired.put(r.key().id(), why);
            else ratios.put(r.key().id(), Value.of(r.key(), RATIO_UNIT, Direction.LOWER_IS_BETTER, ratio, ratio.length));
        }
        return new RunValues(label, rows, controlled ? new Control(ratios, unpaired) : null);
    }

    /** By cell key (without target), each measured fork pair's Java/C without stalls, from FOLDER/control/lockstep.json. */
    static Map<String, double[]> controlRatios(Path targetFolder) {
        Path dir = targetFolder.resolve(ResultsFolder.CONTROL);
        Map<String, double[]> out = new HashMap<>();
        if (!LockStepFile.isLockStep(dir)) return out;
        for (LockStepFile.CellRecord c : LockStepFile.read(dir).cells()) {
            if (c.measured().isEmpty()) continue;
            double[] ratio = c.ratios();
            Catalogue.cell(c.benchmark(), c.paramsB()).ifPresent(cell -> out.put(cell.keyWithoutTarget(), ratio));
        }
        return out;
    }

    private static boolean positive(double[] v) {
        boolean positive = v.length > 0;
        for (double x : v) positive &= x > 0 && Double.isFinite(x);
        return positive;
    }
}
