package io.durabench.report.analysis;

import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Finding;
import io.durabench.report.Finding.Kind;
import io.durabench.report.Difference;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.stats.Estimate;
import io.durabench.workload.Preallocation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What batching and preallocation buy in one context, for the reference method at the centre:
 * each batch size's time per write against one sync per write, each preallocation's durability
 * cost against the centre's, resolved or "no difference resolved" by the Welch interval.
 */
final class SweepFindings {
    private SweepFindings() {
    }

    static Optional<Finding> batching(String context, ReportRow ref, List<ReportRow> contextRows, Headline centre) {
        List<ReportRow> batches = centre.select(contextRows, false, true, false).stream()
                .filter(r -> r.measured() && r.method().equals(ref.method())).toList();
        Optional<ReportRow> single = batches.stream().filter(r -> batch(r) == 1).findFirst();
        List<ReportRow> larger = batches.stream().filter(r -> batch(r) > 1).sorted(Comparator.comparingInt(SweepFindings::batch)).toList();
        if (single.isEmpty() || larger.isEmpty()) return Optional.empty();
        ReportRow one = single.get();
        List<String> parts = new ArrayList<>();
        List<Integer> ids = new ArrayList<>(List.of(one.id()));
        List<Difference> ds = Difference.family(larger.stream().map(ReportRow::time).toList(), one.time());
        for (int i = 0; i < larger.size(); i++) {
            ReportRow r = larger.get(i);
            Difference d = ds.get(i);
            String what = "one sync per " + batch(r) + " writes: ";
            parts.add(what + switch (d.verdict()) {
                case LOWER -> Fmt.usWithInterval(r.time()) + " per write (" + Fmt.ratio(one.meanUs() / r.meanUs()) + "x less)";
                case HIGHER -> Fmt.usWithInterval(r.time()) + " per write, MORE than one sync per write";
                case UNRESOLVED -> "no difference resolved (" + Fmt.usWithInterval(r.time()) + " per write)";
            });
            ids.add(r.id());
        }
        String message = String.format("batching, %s (%s, %s): %s; against %s with one sync per write.", one.methodLabel(),
                centre.describe(true, false, false), centre.describe(false, false, true), String.join("; ", parts),
                Fmt.usWithInterval(one.time()));
        return Optional.of(new Finding(context, Kind.BATCHING, message, List.copyOf(ids)));
    }

    static Optional<Finding> preallocation(String context, ReportRow ref, List<ReportRow> contextRows, Headline centre) {
        if (ref.cost() == null) return Optional.empty();
        List<ReportRow> others = centre.select(contextRows, false, false, true).stream()
                .filter(r -> r.measured() && r.method().equals(ref.method()) && r != ref && r.cost() != null).toList();
        if (others.isEmpty()) return Optional.empty();
        List<String> parts = new ArrayList<>();
        List<Integer> ids = new ArrayList<>(List.of(ref.id()));
        List<Difference> ds = Difference.family(others.stream().map(ReportRow::cost).toList(), ref.cost());
        for (int i = 0; i < others.size(); i++) {
            ReportRow r = others.get(i);
            Difference d = ds.get(i);
            Preallocation p = r.cell().get(SyncWriteCostFamily.PREALLOCATION);
            parts.add(p.name() + " " + switch (d.verdict()) {
                case LOWER -> Fmt.usWithInterval(r.cost()) + ", " + d.magnitude() + " less" + factor(r.cost(), ref.cost());
                case HIGHER -> Fmt.usWithInterval(r.cost()) + ", " + d.magnitude() + " MORE";
                case UNRESOLVED -> Fmt.usWithInterval(r.cost()) + ", no difference resolved";
            });
            ids.add(r.id());
        }
        String message = String.format("preallocation, %s's durability cost (%s, %s): %s; against %s with %s.", ref.methodLabel(),
                centre.describe(true, false, false), centre.describe(false, true, false), String.join("; ", parts),
                Fmt.usWithInterval(ref.cost()), SyncWriteCostFamily.PREALLOCATION.label(centre.prealloc()));
        return Optional.of(new Finding(context, Kind.PREALLOC, message, List.copyOf(ids)));
    }

    /** " (0.41x)": the factor, said only where the difference itself is resolved. */
    private static String factor(Estimate a, Estimate b) {
        return " (" + Fmt.ratio(a.mean() / b.mean()) + "x)";
    }

    private static int batch(ReportRow r) {
        Integer b = r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC);
        return b == null ? 1 : b;
    }
}
