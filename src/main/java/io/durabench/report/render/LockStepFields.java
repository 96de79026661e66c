package io.durabench.report.render;

import io.durabench.output.Field;
import io.durabench.report.ReferenceComparison;
import io.durabench.report.Report;
import io.durabench.stats.LockStepEstimate;
import java.util.ArrayList;
import java.util.List;

/**
 * A report's lock-step figures against the reference as rows of one field list, for report-lock-step.csv
 * and report.json alike: per target and paired cell, the method, its block, batch and preallocation,
 * the fork pairs, B/A and B − A (µs per operation) with their 95% intervals, the stalls left out on
 * each side, why a pair failed, and where a cell's fork pairs ended under the precision rule (empty without one).
 */
final class LockStepFields {
    /** One paired cell on one target. */
    record Row(String context, String reference, ReferenceComparison.Entry entry) {
        LockStepEstimate e() {
            return entry.estimate();
        }
    }

    static final List<Field<Row>> FIELDS = List.of(
            Field.text("context", Row::context),
            Field.text("reference", Row::reference),
            Field.text("benchmark", r -> r.entry().cell().benchmark().jmhName()),
            Field.text("method", r -> r.entry().method()),
            Field.text("group", r -> r.entry().cell().groupLabel()),
            Field.whole("forkPairs", r -> r.entry().measured() ? r.e().n() : null),
            Field.number("ratio", r -> r.entry().measured() ? r.e().ratio() : null),
            Field.number("ratioLow", r -> r.entry().measured() && r.e().ratioCi().isAvailable() ? r.e().ratioCi().low() : null),
            Field.number("ratioHigh", r -> r.entry().measured() && r.e().ratioCi().isAvailable() ? r.e().ratioCi().high() : null),
            Field.number("diffUs", r -> r.entry().measured() ? r.e().diffMicros() : null),
            Field.number("diffLowUs", r -> r.entry().measured() && r.e().diffCi().isAvailable() ? r.e().diffCi().low() : null),
            Field.number("diffHighUs", r -> r.entry().measured() && r.e().diffCi().isAvailable() ? r.e().diffCi().high() : null),
            Field.number("p", r -> r.entry().measured() && Double.isFinite(r.e().pTwoSided()) ? r.e().pTwoSided() : null),
            Field.whole("stallsReference", r -> r.entry().referenceStalls()),
            Field.whole("stallsMethod", r -> r.entry().methodStalls()),
            Field.text("failed", r -> r.entry().failed()),
            Field.text("pairsReached", r -> r.entry().reached() == null ? null : r.entry().reached().word));

    private LockStepFields() {
    }

    static List<Row> rows(Report report) {
        List<Row> out = new ArrayList<>();
        for (ReferenceComparison rc : report.references()) {
            for (ReferenceComparison.Entry e : rc.entries()) out.add(new Row(rc.context().label(), rc.reference(), e));
        }
        return out;
    }
}
