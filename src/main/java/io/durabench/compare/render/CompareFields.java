package io.durabench.compare.render;

import io.durabench.compare.ComparedRow;
import io.durabench.compare.CostChangeRow;
import io.durabench.compare.Direction;
import io.durabench.compare.ReplicateScores;
import io.durabench.output.Field;
import io.durabench.stats.Interval;
import io.durabench.stats.MedianEstimate;
import java.util.List;
import java.util.function.Function;

/**
 * The one field list per row type that compare.csv and compare.json are written from (as the
 * report's {@code RowFields}). Scores and medians are in the row's {@code unit}; changes in %;
 * intervals at the comparison's confidence (95%), with the confidence they really reach.
 */
public final class CompareFields {
    private CompareFields() {
    }

    /** Every row of the table: compared, one-sided and not comparable alike ({@code status} says which). */
    public static final List<Field<ComparedRow>> ROWS = List.of(
            Field.text("target", ComparedRow::target),
            Field.text("group", r -> r.key().groupLabel()),
            Field.text("row", r -> r.key().label()),
            Field.text("name", ComparedRow::name),
            Field.text("benchmark", r -> r.key().benchmark()),
            Field.text("mode", r -> r.key().mode()),
            Field.whole("threads", r -> r.key().threads()),
            Field.text("params", r -> r.key().params()),
            Field.text("unit", ComparedRow::unit),
            Field.text("direction", r -> r.comparison() == null ? null
                    : r.comparison().direction() == Direction.LOWER_IS_BETTER ? "lower is better" : "higher is better"),
            Field.text("status", r -> r.status().label()),
            Field.text("verdict", ComparedRow::verdictLabel),
            Field.text("baseReplicates", r -> describe(r.base())),
            Field.whole("nBase", r -> r.base() == null ? null : r.base().values().length),
            Field.text("candidateReplicates", r -> describe(r.candidate())),
            Field.whole("nCandidate", r -> r.candidate() == null ? null : r.candidate().values().length),
            Field.number("baseMedian", r -> median(r.baseMedian(), MedianEstimate::median)),
            Field.number("baseLow", r -> median(r.baseMedian(), m -> m.interval().low())),
            Field.number("baseHigh", r -> median(r.baseMedian(), m -> m.interval().high())),
            Field.number("candidateMedian", r -> median(r.candidateMedian(), MedianEstimate::median)),
            Field.number("candidateLow", r -> median(r.candidateMedian(), m -> m.interval().low())),
            Field.number("candidateHigh", r -> median(r.candidateMedian(), m -> m.interval().high())),
            Field.number("changePercent", r -> r.comparison() == null ? Double.NaN : r.comparison().changePercent()),
            Field.number("changeLow", r -> changeInterval(r, Interval::low)),
            Field.number("changeHigh", r -> changeInterval(r, Interval::high)),
            Field.number("changeConfidence", r -> changeInterval(r, Interval::confidence)),
            Field.number("p", r -> r.comparison() == null ? Double.NaN : r.comparison().rawP()),
            Field.number("pHolm", r -> r.comparison() == null ? Double.NaN : r.comparison().adjustedP()),
            Field.number("qBenjaminiHochberg", ComparedRow::bhQ),
            Field.number("detectableChangePercent", r -> r.comparison() == null ? Double.NaN : r.comparison().detectable().changePercent()),
            Field.whole("detectableSetByRound", r -> r.comparison() == null || r.comparison().detectable().setBy() == null ? null
                    : r.comparison().detectable().setBy().round()),
            Field.number("detectableWithThatRoundOrdinaryPercent", r -> r.comparison() == null || r.comparison().detectable().setBy() == null
                    ? Double.NaN : r.comparison().detectable().setBy().percentWithout()),
            Field.number("noiseFloorPercent", ComparedRow::noiseFloorPercent),
            Field.text("reason", r -> r.comparison() == null ? r.note() : r.comparison().reason()));

    /** Absolute durability costs of the groups whose baseline itself changed. */
    public static final List<Field<CostChangeRow>> COSTS = List.of(
            Field.text("target", CostChangeRow::target),
            Field.text("group", CostChangeRow::groupLabel),
            Field.text("method", CostChangeRow::method),
            Field.text("baseline", CostChangeRow::baseline),
            Field.text("unit", CostChangeRow::unit),
            Field.bool("ratioReliable", r -> r.change().ratioReliable()),
            Field.number("costBase", r -> r.change().costBase()),
            Field.number("costCandidate", r -> r.change().costCandidate()),
            Field.number("costDifference", r -> r.change().costDifference()),
            Field.number("costDifferenceLow", r -> r.change().costDifferenceInterval().low()),
            Field.number("costDifferenceHigh", r -> r.change().costDifferenceInterval().high()),
            Field.number("costChangePercent", r -> r.change().costChangePercent()),
            Field.number("costChangeLow", r -> r.change().costChangeInterval().low()),
            Field.number("costChangeHigh", r -> r.change().costChangeInterval().high()),
            Field.number("ratioChangePercent", r -> r.change().ratioChangePercent()),
            Field.number("ratioChangeLow", r -> r.change().ratioChangeInterval().low()),
            Field.number("ratioChangeHigh", r -> r.change().ratioChangeInterval().high()),
            Field.text("reason", r -> r.change().reason()));

    private static String describe(ReplicateScores s) {
        return s == null ? null : s.describe();
    }

    private static Object median(MedianEstimate m, Function<MedianEstimate, Double> part) {
        return m == null ? Double.NaN : part.apply(m);
    }

    private static Object changeInterval(ComparedRow r, Function<Interval, Double> part) {
        return r.comparison() == null ? Double.NaN : part.apply(r.comparison().change().changePercentInterval());
    }
}
