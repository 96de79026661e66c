package io.durabench.report.analysis;

import io.durabench.catalogue.Cell;
import io.durabench.report.Context;
import io.durabench.report.ReferenceComparison;
import io.durabench.results.LockStepFile;
import io.durabench.results.LockStepFile.PairRecord;
import io.durabench.results.PairsRule;
import io.durabench.stats.LockStepEstimate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A target's reference pairs (lockstep.json) read as the report's {@link ReferenceComparison}: per
 * pair, its fork pairs' stall-free figures (side A the reference, side B the method), the lock-step
 * estimate over them, what failed, and where each cell's fork pairs ended under the file's precision rule.
 */
final class ReferenceComparisons {
    private ReferenceComparisons() {
    }

    /** Empty when no cell of the file names a reference this catalogue knows (a damaged or foreign file): nothing to compare. */
    static Optional<ReferenceComparison> of(LockStepFile file, Path path, Context context) {
        List<ReferenceComparison.Entry> entries = new ArrayList<>();
        String reference = null;
        int most = 0;
        PairsRule rule = file.settings().pairs();
        for (LockStepFile.CellRecord c : file.cells()) {
            Optional<Cell> method = ReportBuilder.cellOf(path, c.benchmark(), c.paramsB());
            Optional<Cell> ref = ReportBuilder.cellOf(path, c.benchmark(), c.paramsA());
            if (method.isEmpty() || ref.isEmpty()) continue;
            if (reference == null) reference = ref.get().method();
            List<PairRecord> pairs = c.measured();
            String failed = c.failed().map(p -> p.a().failedItself() ? "the reference: " + p.a().error() : p.b().error()).orElse(null);
            PairsRule.Reached reached = rule == null ? null : rule.reached(c);
            if (failed != null || pairs.isEmpty()) {
                entries.add(new ReferenceComparison.Entry(method.get(), null, Double.NaN, 0, 0, failed == null ? "no fork pair measured" : failed,
                        reached));
                continue;
            }
            LockStepEstimate e = c.estimate(ReferenceComparison.CONFIDENCE);
            entries.add(new ReferenceComparison.Entry(method.get(), e, e.logSd(), c.stalls(PairRecord::a), c.stalls(PairRecord::b), null, reached));
            most = Math.max(most, pairs.size());
        }
        return reference == null ? Optional.empty() : Optional.of(new ReferenceComparison(context, reference, most, entries, rule));
    }
}
