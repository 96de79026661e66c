package io.durabench.report.render;

import io.durabench.output.Table;
import io.durabench.format.Fmt;
import io.durabench.report.ReferenceComparison;
import io.durabench.results.PairsRule;
import io.durabench.stats.LockStepEstimate;
import io.durabench.stats.Numbers;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A target's lock-step pairs against the run's reference, every paired cell (the centre and the
 * batch and preallocation variants), as its section of the text and Markdown reports print it:
 * the method and its cell, B/A − 1 and B − A per operation, each with its 95% interval between
 * fork pairs, the pairs (and, under a precision rule, why a cell still wider stopped), and the stalled units left out on
 * each side.
 */
final class LockStepTable {
    private LockStepTable() {
    }

    static String title(ReferenceComparison rc) {
        String pairs = rc.pairs() == null ? Numbers.count(rc.forkPairs(), "fork pair", "fork pairs")
                : Numbers.count(rc.pairs().planned(), "fork pair", "fork pairs") + ", more for " + rc.pairs().extended()
                + " (at most " + rc.pairs().maxForkPairs() + ")";
        return "Lock-step against " + rc.reference() + " (" + pairs + "; 95% intervals between them; each side's stalled "
                + "units left out and counted)";
    }

    static Table of(ReferenceComparison rc) {
        Table t = new Table(List.of("Method", "Cell", "vs " + rc.reference(), "B - A (µs/op)", "pairs", "stalls ref/method"),
                new boolean[] {false, false, true, true, true, true});
        for (ReferenceComparison.Entry e : rc.entries()) {
            List<String> row = new ArrayList<>(List.of(e.method(), e.cell().groupLabel().replace(e.cell().benchmark().shortName() + ", ", "")));
            if (!e.measured()) {
                row.addAll(List.of(e.failed() == null ? "—" : "FAILED", "", "", ""));
            } else {
                LockStepEstimate est = e.estimate();
                row.add(Fmt.signedPercent(est.changePercent()) + (est.ratioCi().isAvailable() ? " [" + Fmt.percentBound((est.ratioCi().low() - 1) * 100)
                        + ", " + Fmt.percentBound((est.ratioCi().high() - 1) * 100) + "]" : ""));
                row.add(signedUs(est.diffMicros()) + (est.diffCi().isAvailable() ? " [" + signedUs(est.diffCi().low()) + ", "
                        + signedUs(est.diffCi().high()) + "]" : ""));
                row.add(est.n() + (e.reached() != null && e.reached().wider() ? " (" + e.reached().word + ")" : ""));
                row.add(e.referenceStalls() + "/" + e.methodStalls());
            }
            t.add(row);
        }
        return t;
    }

    /** The lines under the table: how many fork pairs the cells got and why (under a precision rule), then the FAILED pairs, each with why. */
    static List<String> notes(ReferenceComparison rc) {
        List<String> lines = new ArrayList<>();
        if (rc.pairs() != null) lines.add(pairsLine(rc));
        rc.entries().stream().filter(e -> e.failed() != null).map(e -> "FAILED " + e.method() + " (" + e.cell().groupLabel() + "): " + e.failed())
                .forEach(lines::add);
        return lines;
    }

    /**
     * "Fork pairs: 5, then one more at a time for each cell whose 95% interval is wider than ±3%, at most 10; stopped: every
     * cell within ±3%. 9 within at the planned pairs, 4 within after more; 2 still wider: cap (marked in pairs)".
     */
    private static String pairsLine(ReferenceComparison rc) {
        PairsRule rule = rc.pairs();
        Map<PairsRule.Reached, Long> counts = new EnumMap<>(PairsRule.Reached.class);
        for (ReferenceComparison.Entry e : rc.entries()) if (e.reached() != null && e.reached() != PairsRule.Reached.FAILED) counts.merge(e.reached(), 1L, Long::sum);
        List<String> within = new ArrayList<>(), wider = new ArrayList<>();
        counts.forEach((r, n) -> (r.wider() ? wider : within).add(n + " " + r.word));
        return "Fork pairs: " + rule.words() + "; stopped: " + (rule.stopped() == null ? "the run was interrupted" : rule.stopped()) + ". "
                + (within.isEmpty() ? "none within" : String.join(", ", within))
                + (wider.isEmpty() ? "" : "; still wider: " + String.join(", ", wider) + " (marked in the pairs column)") + ".";
    }

    private static String signedUs(double us) {
        return (us >= 0 ? "+" : "-") + Fmt.usRounded(Math.abs(us));
    }
}
