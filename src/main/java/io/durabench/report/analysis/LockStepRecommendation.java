package io.durabench.report.analysis;

import io.durabench.report.Context;
import io.durabench.report.DecisionTable;
import io.durabench.report.DecisionTable.Line;
import io.durabench.format.Fmt;
import io.durabench.report.LockStepColumn;
import io.durabench.report.ReferenceComparison;
import io.durabench.report.ReportRow;
import io.durabench.stats.LockStepEstimate;
import io.durabench.stats.Numbers;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * A target's recommendation where its fastest set was decided in lock-step against the reference:
 * the method to use and what it saves against the reference, in % and in µs per operation, each
 * with its 95% interval between fork pairs ("O_DIRECT_DSYNC: 24% [19, 29] cheaper than FDATASYNC here,
 * 92 µs [71, 112] per write"); or why there is none, and roughly how many more fork pairs would
 * resolve the closest method from the fastest, as an estimate that says it is one.
 */
final class LockStepRecommendation {
    private LockStepRecommendation() {
    }

    static String line(DecisionTable table, Context target, List<ReportRow> allRows) {
        LockStepColumn col = table.lockStep().get(target);
        List<Line> durable = table.durableOn(target), fastest = table.fastestOn(target);
        String n = Numbers.count(col.forkPairsText(), "fork pair", "fork pairs") + " in lock-step";
        if (fastest.size() == durable.size() && durable.size() > 1) {
            return "no recommendation: in " + n + " against " + col.reference() + " none of the " + durable.size()
                    + " durable methods is resolved slower than another (the lowest ratio: " + col.best() + ")" + morePairs(col, fastest);
        }
        if (fastest.size() > Recommendations.MAX_NAMED) {
            return "no recommendation: in " + n + " against " + col.reference() + ", " + fastest.size() + " of " + durable.size()
                    + " durable methods are not resolved slower than another (the lowest ratio: " + col.best() + ")" + morePairs(col, fastest);
        }
        ReportRow best = fastest.stream().filter(l -> l.method().equals(col.best())).findFirst().orElse(fastest.get(0)).on(target);
        StringBuilder sb = new StringBuilder("durable ").append(Recommendations.what(best)).append(": use ")
                .append(String.join(" or ", fastest.stream().map(Line::method).toList()))
                .append(fastest.size() > 1 ? " (not resolved apart; " + n + ")" : " (" + n + ")").append(": ");
        ReferenceComparison.Entry e = col.byMethod().get(col.best());
        if (e == null) {
            sb.append(col.best()).append(" is the reference, and every durable method resolved slower than it is listed below it, ")
                    .append(Fmt.usRounded(best.meanUs())).append(" µs ").append(Fmt.usRoundedInterval(best.figure()));
        } else {
            sb.append(saving(col.best(), e.estimate(), col.reference()));
        }
        return sb.append(Recommendations.addOns(best, allRows)).toString();
    }

    /** "O_DIRECT_DSYNC: 24% [19, 29] cheaper than FDATASYNC here, 92 µs [71, 112] per write" (or dearer, where the best is above 1). */
    static String saving(String method, LockStepEstimate e, String reference) {
        return method + ": " + difference(e, reference);
    }

    /** "24% [19, 29] cheaper than FDATASYNC here, 92 µs [71, 112] per write" (or dearer). */
    static String difference(LockStepEstimate e, String reference) {
        boolean cheaper = e.ratio() < 1;
        double pct = Math.abs(1 - e.ratio()) * 100;
        double lo = cheaper ? (1 - e.ratioCi().high()) * 100 : (e.ratioCi().low() - 1) * 100;
        double hi = cheaper ? (1 - e.ratioCi().low()) * 100 : (e.ratioCi().high() - 1) * 100;
        double us = Math.abs(e.diffMicros());
        double ulo = cheaper ? -e.diffCi().high() : e.diffCi().low(), uhi = cheaper ? -e.diffCi().low() : e.diffCi().high();
        return String.format(Locale.ROOT, "%s%% [%s, %s] %s than %s here, %s µs [%s, %s] per write", pct(pct), pct(lo), pct(hi),
                cheaper ? "cheaper" : "dearer", reference, Fmt.usRounded(us), Fmt.usRounded(ulo), Fmt.usRounded(uhi));
    }

    private static String pct(double p) {
        return Math.abs(p) >= 10 ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.1f", p);
    }

    /**
     * "; about 12 more fork pairs would likely resolve CHANNEL_FORCE_DATA (+1.2% [-0.3, +2.7]) from FDATASYNC (an estimate:
     * as many again, if the difference and the noise stay as measured)" for the method of the fastest set nearest to being
     * resolved: n = ((z(1 − α/2m) + z(0.8)) · sd / |d|)² pairs, the sd of the difference per pair and α/m Holm's first step.
     */
    static String morePairs(LockStepColumn col, List<Line> fastest) {
        String nearest = null;
        double bestScore = -1;
        for (Line l : fastest) {
            LockStepColumn.Versus v = col.versusBest().get(l.method());
            if (v == null || !(v.perPairLogSd() > 0)) continue;
            double score = Math.abs(Math.log(v.ratio())) / v.perPairLogSd();
            if (score > bestScore) {
                bestScore = score;
                nearest = l.method();
            }
        }
        if (nearest == null) return "";
        LockStepColumn.Versus v = col.versusBest().get(nearest);
        double d = Math.abs(Math.log(v.ratio()));
        String diff = String.format(Locale.ROOT, "%s (%+.1f%% [%+.1f, %+.1f])", nearest, (v.ratio() - 1) * 100, (v.low() - 1) * 100,
                (v.high() - 1) * 100);
        if (d < 0.001) return "; the closest, " + diff + ", differs from " + col.best() + " by under 0.1%: likely a tie, whatever the pairs";
        NormalDistribution z = new NormalDistribution(null, 0, 1);
        int m = Math.max(1, col.versusBest().size());
        double need = Math.pow((z.inverseCumulativeProbability(1 - (1 - ReferenceComparison.CONFIDENCE) / (2 * m))
                + z.inverseCumulativeProbability(0.8)) * v.perPairLogSd() / d, 2);
        long more = Math.max(1, (long) Math.ceil(need) - v.forkPairs());
        return "; about " + Numbers.count(more, "more fork pair", "more fork pairs") + " would likely resolve " + diff + " from " + col.best()
                + " (an estimate: if the difference and the noise stay as measured)";
    }
}
