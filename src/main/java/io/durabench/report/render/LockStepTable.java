package io.durabench.report.render;

import io.durabench.output.Table;
import io.durabench.format.Fmt;
import io.durabench.report.ReferenceComparison;
import io.durabench.stats.LockStepEstimate;
import java.util.ArrayList;
import java.util.List;

/**
 * A target's lock-step pairs against the run's reference, every paired cell (the centre and the
 * batch and preallocation variants), as its section of the text and Markdown reports print it:
 * the method and its cell, B/A − 1 and B − A per operation, each with its 95% interval between
 * fork pairs, the pairs, and the stalled units left out on each side.
 */
final class LockStepTable {
    private LockStepTable() {
    }

    static String title(ReferenceComparison rc) {
        return "Lock-step against " + rc.reference() + " (" + rc.forkPairs() + " fork pairs; 95% intervals between them; each side's stalled "
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
                row.add(Integer.toString(est.n()));
                row.add(e.referenceStalls() + "/" + e.methodStalls());
            }
            t.add(row);
        }
        return t;
    }

    /** FAILED pairs, each with why, for the lines under the table. */
    static List<String> failures(ReferenceComparison rc) {
        return rc.entries().stream().filter(e -> e.failed() != null).map(e -> "FAILED " + e.method() + " (" + e.cell().groupLabel() + "): " + e.failed())
                .toList();
    }

    private static String signedUs(double us) {
        return (us >= 0 ? "+" : "-") + Fmt.usRounded(Math.abs(us));
    }
}
