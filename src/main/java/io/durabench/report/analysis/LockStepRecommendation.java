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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
     * "; about 12 more fork pairs would likely resolve CHANNEL_FORCE_DATA (+1.2% [-0.3, +2.7]) from FDATASYNC (...)" for the
     * method of the fastest set nearest to being resolved, its difference corrected for being the extreme of many noisy ones
     * ({@link MorePairsEstimate}); or, where the set spreads no wider than its noise, that it may all tie.
     */
    static String morePairs(LockStepColumn col, List<Line> fastest) {
        List<MorePairsEstimate.Figure> set = new ArrayList<>();
        for (Line l : fastest) {
            if (l.method().equals(col.reference())) {
                set.add(new MorePairsEstimate.Figure(l.method(), 0, 0, 0, 0));
                continue;
            }
            ReferenceComparison.Entry e = col.byMethod().get(l.method());
            if (e == null || !e.measured() || e.estimate().n() < 2) continue;
            LockStepEstimate est = e.estimate();
            set.add(new MorePairsEstimate.Figure(l.method(), est.meanLogRatio(), est.logSe2(), est.logSd(), est.n()));
        }
        if (set.size() < 2 || set.stream().noneMatch(f -> f.method().equals(col.best()))) return "";
        MorePairsEstimate.Outcome o = MorePairsEstimate.of(set, col.best(), Math.max(1, col.versusBest().size()), 1 - ReferenceComparison.CONFIDENCE);
        if (!(o instanceof MorePairsEstimate.Pairs p)) {
            return "; their ratios spread no wider than their noise: they may all tie, and no count of more fork pairs is estimated";
        }
        LockStepColumn.Versus v = col.versusBest().get(p.nearest());
        String diff = String.format(Locale.ROOT, "%s (%+.1f%% [%+.1f, %+.1f])", p.nearest(), (v.ratio() - 1) * 100, (v.low() - 1) * 100,
                (v.high() - 1) * 100);
        if (p.shrunkLogDifference() < 0.001) {
            return "; the closest, " + diff + ", differs from " + col.best() + " by under 0.1% once corrected for the set's noise: "
                    + "likely a tie, whatever the pairs";
        }
        String estimate = " (an estimate, from their difference shrunk for being the extremes of " + set.size() + " ratios, if the noise stays as measured)";
        if (p.beyondReach()) {
            return "; more than " + MorePairsEstimate.MOST_PAIRS + " fork pairs would be needed to resolve " + diff + " from " + col.best() + estimate;
        }
        long more = Math.max(1, p.totalPairs() - v.forkPairs());
        return "; about " + Numbers.count(more, "more fork pair", "more fork pairs") + " would likely resolve " + diff + " from " + col.best()
                + estimate;
    }
}
