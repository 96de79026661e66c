package io.durabench.report.analysis;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.CostFit;
import io.durabench.report.Finding;
import io.durabench.report.Finding.Kind;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The report's opening, computed from the rows it shows: first the traps (said once), then per
 * context what durability costs, what batching and preallocation buy, what a durable new file
 * costs and the cost model's line, then how the contexts compare. Each finding states only what
 * the intervals support; template sentences, every number a row's.
 */
public final class Findings {
    private Findings() {
    }

    /**
     * @param baseline  the report's --baseline, to name a group's baseline when its row is not among {@code rows}
     * @param reference the durable method the others are compared with: the run's recorded reference (run --reference)
     */
    public static List<Finding> of(List<ReportRow> rows, List<CostFit> fits, SyncMethod baseline, SyncMethod reference) {
        return of(rows, fits, baseline, reference, List.of());
    }

    /** As above, with the run's lock-step comparisons against the reference: what io_uring and pwritev2 save or cost ({@link SubmissionFindings}). */
    public static List<Finding> of(List<ReportRow> rows, List<CostFit> fits, SyncMethod baseline, SyncMethod reference,
                                   List<io.durabench.report.ReferenceComparison> references) {
        Set<Context> contexts = new LinkedHashSet<>();
        rows.forEach(r -> contexts.add(r.context()));
        ContextNames names = ContextNames.of(contexts);
        Headline centre = Headline.of(rows);
        List<Finding> out = new ArrayList<>(TrapFindings.all(rows, names, reference));
        oneFork(rows, names).ifPresent(out::add);
        for (Context c : contexts) {
            if (c.hasNoStableStorage()) continue;
            List<ReportRow> inContext = rows.stream().filter(r -> r.context().equals(c)).toList();
            List<ReportRow> centreGroup = centre.select(inContext, false, false, false);
            String label = c.label();
            CostFindings.durabilityCost(label, centreGroup, centre, baseline, reference).ifPresent(out::add);
            Optional<ReportRow> ref = FindingRows.reference(centreGroup, reference);
            ref.flatMap(r -> SweepFindings.batching(label, r, inContext, centre)).ifPresent(out::add);
            ref.flatMap(r -> SweepFindings.preallocation(label, r, inContext, centre)).ifPresent(out::add);
            out.addAll(CostFindings.fileCreation(label, inContext, baseline));
            costModel(c, fits, ref.map(ReportRow::methodLabel).orElse(null)).ifPresent(out::add);
        }
        AcrossContextFindings.costs(rows, centre, names, baseline, reference).ifPresent(out::add);
        out.addAll(SubmissionFindings.all(references, rows));
        return out;
    }

    /**
     * Contexts whose rows have one fork each (runs made before forks were the unit of replication,
     * or -f 1): their intervals are within one fork, narrower than the difference between two runs,
     * so nothing in them is called resolved; said once, first.
     */
    static Optional<Finding> oneFork(List<ReportRow> rows, ContextNames names) {
        List<ReportRow> within = rows.stream().filter(r -> r.measured() && r.time().basis() == io.durabench.stats.Estimate.Basis.ITERATIONS_OF_ONE_FORK).toList();
        if (within.isEmpty()) return Optional.empty();
        List<Context> ctxs = within.stream().map(ReportRow::context).distinct().toList();
        String message = String.format("%s measured each cell in one fork (%d rows): their intervals are within one fork, iterations"
                + " seconds apart in one JVM, narrower than the difference between two runs (on the lab a one-fork 99.9%% interval held the"
                + " long-run mean 91%% of the time); no difference there is called resolved. Run again with this version for forks"
                + " (3 per cell by default).", names.list(ctxs), within.size());
        return Optional.of(new Finding(null, Kind.TRAP, message, within.stream().map(ReportRow::id).toList()));
    }

    /** The reference method's line in this context (else the first fitted), and the sizes it does not describe. */
    static Optional<Finding> costModel(Context c, List<CostFit> fits, String preferredMethod) {
        List<CostFit> here = fits.stream().filter(f -> f.context().equals(c)).toList();
        if (here.isEmpty()) return Optional.empty();
        CostFit f = here.stream().filter(x -> x.method().equals(preferredMethod)).findFirst().orElse(here.get(0));
        List<String> off = new ArrayList<>();
        for (CostFit.Point p : f.points()) {
            if (!p.offTheLine()) continue;
            off.add(String.format("%s measured %s, %s the line (%s µs)", Fmt.bytes(p.blockBytes()), Fmt.usWithInterval(p.measured()),
                    p.residualUs() > 0 ? "above" : "below", Fmt.usRounded(p.predictedUs())));
        }
        int largest = f.points().stream().mapToInt(CostFit.Point::blockBytes).max().orElse(0);
        String message = String.format("cost model, %s from %s to %s (%s): a durable write costs %s plus %s per KiB (R² %s, %d replicates)%s.",
                f.method(), Fmt.bytes(f.fittedFromBytes()), Fmt.bytes(largest), f.conditions(), Fmt.usWithInterval(f.fixedUs()),
                Fmt.usWithInterval(f.perKiBUs()), Fmt.fixed2(f.rSquared()), f.iterations(),
                off.isEmpty() ? "; every size within its interval of the line" : "; off the line: " + String.join("; ", off));
        return Optional.of(new Finding(c.label(), Kind.COST_MODEL, message, f.rows()));
    }
}
