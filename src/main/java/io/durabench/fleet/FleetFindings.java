package io.durabench.fleet;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.report.DecisionTable;
import io.durabench.format.Fmt;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.analysis.Decisions;
import io.durabench.fleet.FleetFinding.Kind;
import io.durabench.results.FleetFolder.Fleet;
import io.durabench.results.FleetFolder.Host;
import io.durabench.stats.Estimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fleet's findings, in reading order: hosts that were not measured (with hosts.json's reason),
 * host targets without stable storage, hosts whose flushes are implausibly fast for their device
 * (the report's own rule, whose device is per host in a fleet), hosts outside the fleet's spread
 * ({@link FleetSpread}, one line per host and method: its furthest group, and how many more), and
 * hosts whose fastest durable set ({@link Decisions}: the report's decision table, so the same
 * rule) leaves out the fleet's fastest method (the one in the most hosts' fastest sets).
 */
final class FleetFindings {
    private FleetFindings() {
    }

    static List<FleetFinding> of(Fleet fleet, Report report, ContextNames names) {
        List<FleetFinding> out = new ArrayList<>();
        notMeasured(fleet, report, out);
        for (Context c : report.contexts()) {
            if (!c.hasNoStableStorage()) continue;
            String why = c.environment() == null || c.environment().durableStorageReason() == null ? ""
                    : " (" + c.environment().durableStorageReason() + ")";
            out.add(new FleetFinding(Kind.NOT_DURABLE, hosts(List.of(c)), c.place() + " has no stable storage" + why
                    + ": nothing measured there is durable; its columns are marked * and it takes no part in the fleet's spread or fastest method."));
        }
        implausiblyFast(report, out);
        spread(report, names, out);
        fastest(report, names, out);
        return out;
    }

    private static void notMeasured(Fleet fleet, Report report, List<FleetFinding> out) {
        Set<String> reported = new LinkedHashSet<>();
        report.contexts().forEach(c -> reported.add(c.host()));
        for (Host h : fleet.hosts()) {
            if (h.measured() && reported.contains(h.host())) continue;
            String what = h.measured() ? "measured per hosts.json, but its folder holds no results" : h.status()
                    + (h.exitCode() == null ? "" : " (exit " + h.exitCode() + ")") + (h.reason() == null || h.reason().isBlank() ? "" : ": " + h.reason());
            out.add(new FleetFinding(Kind.NOT_MEASURED, List.of(h.host()), h.host() + ": " + what + "; not in the tables."));
        }
    }

    /** The report's implausibly-fast warnings: their device is a host's in a fleet, so each names its host. */
    private static void implausiblyFast(Report report, List<FleetFinding> out) {
        Map<Integer, ReportRow> byId = new LinkedHashMap<>();
        report.rows().forEach(r -> byId.put(r.id(), r));
        for (ReportWarning w : report.warnings()) {
            if (w.kind() != ReportWarning.Kind.IMPLAUSIBLY_FAST) continue;
            List<Context> cs = w.rows().stream().map(byId::get).filter(r -> r != null).map(ReportRow::context).distinct().toList();
            out.add(new FleetFinding(Kind.IMPLAUSIBLY_FAST, hosts(cs), w.brief() + ": device " + w.scope() + "."));
        }
    }

    private record Hit(Context context, String method, String group, FleetSpread.Outside<Context> outside) {
        double distance() {
            return Math.abs(Math.log(outside.timesMedian()));
        }
    }

    private static void spread(Report report, ContextNames names, List<FleetFinding> out) {
        List<Context> stable = report.contexts().stream().filter(c -> !c.hasNoStableStorage()).toList();
        long hosts = stable.stream().map(FleetFindings::hostOf).distinct().count();
        if (hosts < FleetSpread.MIN_HOSTS) {
            out.add(new FleetFinding(Kind.NOTE, List.of(), hosts + (hosts == 1 ? " host" : " hosts") + " with stable storage: no host is "
                    + "judged against the fleet's spread, which needs " + FleetSpread.MIN_HOSTS + " or more (a median and a MAD over fewer "
                    + "say too little about what is usual); the tables show every host."));
            return;
        }
        Map<String, List<Hit>> byHostMethod = new LinkedHashMap<>();
        int judged = 0;
        for (Map.Entry<String, List<ReportRow>> g : groups(report.rows()).entrySet()) {
            boolean costs = g.getValue().stream().anyMatch(r -> !r.baseline() && r.measured() && r.cost() != null);
            Map<String, Map<Context, Estimate>> byMethod = new LinkedHashMap<>();
            for (ReportRow r : g.getValue()) {
                if (r.baseline() || !r.durable() || !r.measured() || r.context().hasNoStableStorage()) continue;
                Estimate e = FleetTables.figure(r, costs);
                if (e != null) byMethod.computeIfAbsent(r.methodLabel(), m -> new LinkedHashMap<>()).put(r.context(), e);
            }
            for (Map.Entry<String, Map<Context, Estimate>> m : byMethod.entrySet()) {
                if (FleetSpread.band(m.getValue().values().stream().map(Estimate::mean).toList()).isPresent()) judged++;
                for (FleetSpread.Outside<Context> o : FleetSpread.outside(m.getValue())) {
                    byHostMethod.computeIfAbsent(o.host().label() + "|" + m.getKey(), k -> new ArrayList<>())
                            .add(new Hit(o.host(), m.getKey(), g.getKey(), o));
                }
            }
        }
        if (byHostMethod.isEmpty()) {
            out.add(new FleetFinding(Kind.NOTE, List.of(), "No host is outside the fleet's spread in any of " + judged + " method x group "
                    + "figures judged over " + FleetSpread.MIN_HOSTS + "+ hosts (band: the median over hosts times e^(±3 MAD-SDs of the "
                    + "logs), at least ±10%; outside: the host's whole 99.9% interval beyond it)."));
            return;
        }
        for (List<Hit> hits : byHostMethod.values()) {
            hits.sort(Comparator.comparingDouble(Hit::distance).reversed());
            Hit h = hits.get(0);
            FleetSpread.Outside<Context> o = h.outside();
            String more = hits.size() == 1 ? "" : "; outside it in " + (hits.size() - 1) + " more " + (hits.size() == 2 ? "group" : "groups");
            out.add(new FleetFinding(Kind.OUTSIDE_SPREAD, hosts(List.of(h.context())), String.format(
                    "%s: %s %s the fleet's spread at %s: %s, %s x the fleet's median %s µs (band %s to %s µs over %d hosts)%s.",
                    names.of(h.context()), h.method(), o.above() ? "above" : "below", h.group(), Fmt.usWithInterval(o.figure()),
                    Fmt.ratio(o.timesMedian()), Fmt.usRounded(o.band().median()), Fmt.usRounded(o.band().low()),
                    Fmt.usRounded(o.band().high()), o.band().hosts(), more)));
        }
    }

    /** Per decision table (a family's centre cell): hosts whose fastest set leaves out the fleet's fastest method. */
    private static void fastest(Report report, ContextNames names, List<FleetFinding> out) {
        for (DecisionTable t : Decisions.of(report.rows(), report.contexts())) {
            if (t.targets().size() < 2 || t.durable().isEmpty()) continue;
            DecisionTable.Line fleetBest = t.durable().get(0);
            for (DecisionTable.Line l : t.durable()) if (l.fastestIn().size() > fleetBest.fastestIn().size()) fleetBest = l;
            for (Context c : t.targets()) {
                List<DecisionTable.Line> here = t.fastestOn(c);
                if (here.isEmpty() || fleetBest.fastestIn().contains(c)) continue;
                ReportRow theirs = fleetBest.on(c);
                String set = here.size() == 1 ? here.get(0).method() + " " + Fmt.usWithInterval(here.get(0).on(c).time())
                        : String.join(", ", here.stream().map(DecisionTable.Line::method).toList()) + " (not resolved apart)";
                out.add(new FleetFinding(Kind.FASTEST_DIFFERS, hosts(List.of(c)), String.format(
                        "%s: fastest durable at %s %s is %s, not the fleet's %s (fastest on %d of %d hosts)%s.",
                        names.of(c), t.family(), t.centre(), set, fleetBest.method(), fleetBest.fastestIn().size(), t.targets().size(),
                        theirs == null || !theirs.measured() ? ", not measured there" : ", " + Fmt.usWithInterval(theirs.time()) + " there")));
            }
        }
    }

    private static Map<String, List<ReportRow>> groups(List<ReportRow> rows) {
        Map<String, List<ReportRow>> g = new LinkedHashMap<>();
        rows.forEach(r -> g.computeIfAbsent(r.groupLabel(), k -> new ArrayList<>()).add(r));
        return g;
    }

    private static String hostOf(Context c) {
        return c.host() == null ? c.label() : c.host();
    }

    private static List<String> hosts(List<Context> cs) {
        return cs.stream().map(FleetFindings::hostOf).distinct().toList();
    }
}
