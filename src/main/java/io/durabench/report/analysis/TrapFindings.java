package io.durabench.report.analysis;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.Finding;
import io.durabench.report.Finding.Kind;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.trace.block.DeviceVerdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The traps met in this data, each said once: a device whose flushes are too cheap for what it
 * claims to be, a target without stable storage, and methods that are not durable yet look fastest.
 */
final class TrapFindings {
    private TrapFindings() {
    }

    static List<Finding> all(List<ReportRow> rows, ContextNames names, io.durabench.workload.SyncMethod reference) {
        List<Finding> out = new ArrayList<>();
        out.addAll(implausiblyCheapDevices(rows, names));
        out.addAll(noStableStorage(rows, names, reference));
        out.addAll(notDurableLooksFastest(rows, names));
        out.addAll(deviceVerdicts(rows, names));
        return out;
    }

    /**
     * The device witness's verdicts on durable methods, one finding per context and verdict: a trap where no flush
     * and no FUA write reached a write-back device ("no flush reached vda: not durable here"), and where no device
     * under the target has a volatile cache, that no flush is needed. Rows whose flushes reached say nothing.
     */
    static List<Finding> deviceVerdicts(List<ReportRow> rows, ContextNames names) {
        Map<String, List<ReportRow>> byVerdict = new LinkedHashMap<>();
        for (ReportRow r : rows) {
            if (r.device() == null || r.device().verdict() == null || r.device().verdict().kind() == DeviceVerdict.Kind.REACHED) continue;
            byVerdict.computeIfAbsent(r.context().label() + "|" + r.device().verdict().text(), k -> new ArrayList<>()).add(r);
        }
        List<Finding> out = new ArrayList<>();
        byVerdict.values().forEach(group -> {
            ReportRow first = group.get(0);
            DeviceVerdict v = first.device().verdict();
            List<String> methods = group.stream().map(ReportRow::methodLabel).distinct().toList();
            String message = v.kind() == DeviceVerdict.Kind.TRAP
                    ? String.format("On %s, %s for %s, whatever %s system calls: the device witness counted 0 flushes and 0 FUA writes"
                            + " at %s in %d %s (%s).", names.of(first.context()), v.text(),
                            ContextNames.join(methods), methods.size() == 1 ? "its" : "their", v.device(), first.device().forks(),
                            first.device().forks() == 1 ? "fork" : "forks", first.device().chain())
                    : String.format("On %s the durable methods (%s) need no flush: %s.", names.of(first.context()), ContextNames.join(methods), v.text());
            out.add(new Finding(first.context().label(), v.kind() == DeviceVerdict.Kind.TRAP ? Kind.TRAP : Kind.DURABILITY_COST, message,
                    group.stream().map(ReportRow::id).toList()));
        });
        return out;
    }

    static List<Finding> implausiblyCheapDevices(List<ReportRow> rows, ContextNames names) {
        List<Finding> out = new ArrayList<>();
        for (ImplausiblyFastRule.DeviceSuspects d : ImplausiblyFastRule.devices(rows)) {
            ReportRow cheapest = d.rows().get(0);
            String message = String.format("%s behind %s: %d durable %s less per flush than %s µs (from %s µs [%s, %s], %s on %s, "
                            + "to %s µs), but %s. The flushes probably stop in a cache that does not honour them (a hypervisor's?): "
                            + "these costs are this machine's, not the device's.",
                    d.floor().describeDevice(), names.list(d.contexts()), d.rows().size(), d.rows().size() == 1 ? "row pays" : "rows pay",
                    Fmt.usRounded(d.floor().floorUs()), Fmt.usRounded(d.cheapest()[1]), Fmt.usRounded(d.cheapest()[0]),
                    Fmt.usRounded(d.cheapest()[2]), cheapest.methodLabel(), names.of(cheapest.context()), Fmt.usRounded(d.dearest()[1]),
                    d.floor().why());
            out.add(new Finding(null, Kind.TRAP, message, d.rows().stream().map(ReportRow::id).toList()));
        }
        return out;
    }

    static List<Finding> noStableStorage(List<ReportRow> rows, ContextNames names, io.durabench.workload.SyncMethod reference) {
        Map<Context, List<ReportRow>> byContext = new LinkedHashMap<>();
        rows.stream().filter(r -> r.context().hasNoStableStorage() && r.measured())
                .forEach(r -> byContext.computeIfAbsent(r.context(), c -> new ArrayList<>()).add(r));
        List<Finding> out = new ArrayList<>();
        byContext.forEach((c, inContext) -> {
            ReportRow example = syncingExample(inContext, reference);
            String message = String.format("%s (%s) has no stable storage: none of its %d rows is durable, whatever the method%s.",
                    names.of(c), c.directory(), inContext.size(), example == null ? ""
                            : String.format("; %s's %s µs per write there is the cost of the syscalls, not of durability",
                            example.methodLabel(), Fmt.usRounded(example.meanUs())));
            out.add(new Finding(c.label(), Kind.TRAP, message, inContext.stream().map(ReportRow::id).toList()));
        });
        return out;
    }

    /** The reference method's row (else the first) among methods that would be durable on stable storage. */
    private static ReportRow syncingExample(List<ReportRow> rows, io.durabench.workload.SyncMethod reference) {
        return rows.stream().filter(r -> !r.baseline() && Durabilities.methodNotDurableBecause(r.cell()) == null)
                .min(Comparator.comparingInt(r -> r.cell().methodValue() == reference ? 0 : 1)).orElse(null);
    }

    static List<Finding> notDurableLooksFastest(List<ReportRow> rows, ContextNames names) {
        Set<String> methods = new LinkedHashSet<>();
        Map<String, String> why = new LinkedHashMap<>();
        Set<Context> contexts = new LinkedHashSet<>();
        List<Integer> ids = new ArrayList<>();
        int groups = 0;
        for (List<ReportRow> group : FindingRows.groups(rows).values()) {
            if (group.get(0).context().hasNoStableStorage()) continue;
            double fastestDurable = group.stream().filter(r -> r.measured() && r.durable()).mapToDouble(ReportRow::meanUs).min().orElse(Double.NaN);
            List<ReportRow> faster = group.stream().filter(r -> r.measured() && !r.durable() && !r.baseline()
                    && (Double.isNaN(fastestDurable) || r.meanUs() < fastestDurable)).toList();
            if (faster.isEmpty()) continue;
            groups++;
            for (ReportRow r : faster) {
                methods.add(r.methodLabel());
                why.putIfAbsent(r.methodLabel(), r.notDurableBecause());
                contexts.add(r.context());
                ids.add(r.id());
            }
        }
        if (groups == 0) return List.of();
        List<String> reasons = new ArrayList<>();
        why.forEach((m, w) -> reasons.add(w));
        String message = String.format("%s %s faster than every durable method in %d %s on %s, but %s NOT durable (%s): never quote %s as the cost of a durable write.",
                ContextNames.join(List.copyOf(methods)), methods.size() == 1 ? "is" : "are", groups, groups == 1 ? "group" : "groups",
                names.list(contexts), methods.size() == 1 ? "it is" : "they are", String.join("; ", reasons),
                methods.size() == 1 ? "it" : "them");
        return List.of(new Finding(null, Kind.TRAP, message, List.copyOf(ids)));
    }
}
