package io.durabench.gate;

import io.durabench.compare.RowKey;
import io.durabench.compare.Verdict;

/**
 * One row of a gate run judged against its history.
 *
 * @param runs            history runs that measured the row
 * @param historyMean     the row's centre: the geometric mean of the newest {@link HistoryJudge#CENTRE_RUNS} of those runs' values, in
 *                        the row's unit
 * @param runToRunPercent the run-to-run sd of ln(score) (shrunk across rows, never below what the runs' forks allow), as a %
 * @param value           this run's geometric mean of its forks
 * @param changePercent   this run against the history's centre, in % of the score
 * @param lowerLimit      the lower control limit in the row's unit (a value below it is outside the history)
 * @param upperLimit      the upper control limit
 * @param p               one-sided p of this run's change, in the direction it went, under the history's run-to-run spread (Student t)
 * @param adjustedP       p after Holm over the judged rows (each direction its own family)
 * @param detectablePercent the slowdown this gate flags in 80% of runs (limits and threshold both), from these runs
 * @param verdict         regression / improvement / ~ (inside the limits) / small (outside, under the threshold); null: not judged
 * @param reason          the verdict, or why the row was not judged, in words
 */
public record JudgedRow(RowKey key, String unit, int runs, double historyMean, double runToRunPercent, double value, double changePercent,
                        double lowerLimit, double upperLimit, double p, double adjustedP, double detectablePercent, Verdict verdict,
                        String reason) {

    public boolean judged() {
        return verdict != null;
    }

    /** How many of the history's runs the centre is the mean of. */
    public int centreRuns() {
        return Math.min(HistoryJudge.CENTRE_RUNS, runs);
    }
}
