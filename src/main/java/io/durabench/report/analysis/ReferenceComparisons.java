package io.durabench.report.analysis;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.report.Context;
import io.durabench.report.ReferenceComparison;
import io.durabench.results.LockStepFile;
import io.durabench.stats.LockStepEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A target's reference pairs (lockstep.json) read as the report's {@link ReferenceComparison}: per
 * pair, its fork pairs' stall-free figures (side A the reference, side B the method), the lock-step
 * estimate over them, and what failed.
 */
final class ReferenceComparisons {
    private ReferenceComparisons() {
    }

    static ReferenceComparison of(LockStepFile file, Context context) {
        List<ReferenceComparison.Entry> entries = new ArrayList<>();
        String reference = null;
        int most = 0;
        for (LockStepFile.CellRecord c : file.cells()) {
            Optional<Cell> method = Catalogue.cell(c.benchmark(), c.paramsB());
            Optional<Cell> ref = Catalogue.cell(c.benchmark(), c.paramsA());
            if (method.isEmpty() || ref.isEmpty()) continue;
            if (reference == null) reference = ref.get().method();
            List<LockStepFile.PairRecord> pairs = c.measured();
            String failed = c.forkPairs().stream().filter(p -> !p.measured()).findFirst()
                    .map(p -> p.a().error() != null && !p.a().partnerFailed() ? "the reference: " + p.a().error() : p.b().error()).orElse(null);
            if (failed != null || pairs.isEmpty()) {
                entries.add(new ReferenceComparison.Entry(method.get(), null, Double.NaN, 0, 0, failed == null ? "no fork pair measured" : failed));
                continue;
            }
            double[] a = pairs.stream().mapToDouble(p -> p.a().microsPerOperationWithoutStalls()).toArray();
            double[] b = pairs.stream().mapToDouble(p -> p.b().microsPerOperationWithoutStalls()).toArray();
            LockStepEstimate e = LockStepEstimate.of(a, b, ReferenceComparison.CONFIDENCE);
            long sa = pairs.stream().mapToLong(p -> p.a().stalls()).sum(), sb = pairs.stream().mapToLong(p -> p.b().stalls()).sum();
            entries.add(new ReferenceComparison.Entry(method.get(), e, e.logSd(), sa, sb, null));
            most = Math.max(most, pairs.size());
        }
        return new ReferenceComparison(context, reference == null ? "?" : reference, most, entries);
    }
}
