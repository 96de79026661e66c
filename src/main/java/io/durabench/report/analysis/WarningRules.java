package io.durabench.report.analysis;

import io.durabench.env.BlockDevice;
import io.durabench.env.Environment;
import io.durabench.report.Context;
import io.durabench.report.EnvironmentFacts;
import io.durabench.report.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.report.ReportWarning;
import io.durabench.report.ReportWarning.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The four "ratios lie" warnings, each in plain words with the numbers that triggered it.
 * Thresholds are deliberately simple and stated in the messages.
 */
public final class WarningRules {
    /** Ratios and baselines across contexts must both disagree by more than this factor. */
    static final double DISAGREEMENT = 2.0;
    /** A baseline interval wider than this fraction of its mean makes the ratios noise. */
    static final double NOISY_WIDTH = 0.10;
    /** Below these, a flush cannot have reached stable media (µs per sync). */
    static final double ROTATIONAL_FLUSH_US = 1000;
    static final double WRITE_BACK_FLUSH_US = 20;

    private WarningRules() {
    }

    public static List<ReportWarning> all(List<ReportRow> rows) {
        List<ReportWarning> out = new ArrayList<>();
        out.addAll(ratioMisleads(rows));
        out.addAll(noisyBaseline(rows));
        out.addAll(notDurable(rows));
        out.addAll(implausiblyFast(rows));
        return out;
    }

    static List<ReportWarning> ratioMisleads(List<ReportRow> rows) {
        // Same benchmark, same group params and same durable method, in different contexts: only
        // there is "the cost of durability" what the ratio claims to show.
        Map<String, List<ReportRow>> across = new LinkedHashMap<>();
        for (ReportRow r : rows) {
            if (r.baseline() || !r.measured() || !r.durable() || r.ratio() == null || r.cost() == null) continue;
            across.computeIfAbsent(r.cell().keyWithoutTarget(), k -> new ArrayList<>()).add(r);
        }
        List<ReportWarning> out = new ArrayList<>();
        for (List<ReportRow> same : across.values()) {
            // The pair whose ratios disagree most, among pairs whose baselines also disagree.
            ReportRow high = null, low = null;
            double worst = DISAGREEMENT;
            for (ReportRow a : same) {
                for (ReportRow b : same) {
                    double ratioSpread = a.ratio().mean() / b.ratio().mean();
                    double baseSpread = Math.max(a.baselineUs(), b.baselineUs()) / Math.min(a.baselineUs(), b.baselineUs());
                    if (ratioSpread > worst && baseSpread > DISAGREEMENT) {
                        worst = ratioSpread;
                        high = a;
                        low = b;
                    }
                }
            }
            if (high == null) continue;
            double baseSpread = Math.max(high.baselineUs(), low.baselineUs()) / Math.min(high.baselineUs(), low.baselineUs());
            String base = baselineName(rows, high);
            String message = String.format("%s is %sx %s on %s and %sx on %s (%s), but %s itself differs %sx (%s µs vs %s µs); "
                            + "the cost of durability is %s µs vs %s µs. Compare the costs, not the ratios.",
                    high.method(), Fmt.ratio(high.ratio().mean()), base, where(high, low), Fmt.ratio(low.ratio().mean()),
                    where(low, high), groupParams(high), base, Fmt.ratio(baseSpread), Fmt.us(high.baselineUs()),
                    Fmt.us(low.baselineUs()), Fmt.usRounded(high.cost().mean()), Fmt.usRounded(low.cost().mean()));
            out.add(new ReportWarning(Kind.RATIO_MISLEADS, message, ids(groupMembers(rows, high), groupMembers(rows, low))));
        }
        return out;
    }

    static List<ReportWarning> noisyBaseline(List<ReportRow> rows) {
        List<ReportWarning> out = new ArrayList<>();
        for (ReportRow b : rows) {
            if (!b.baseline() || !b.measured() || !b.time().hasInterval()) continue;
            double width = b.time().relativeWidth();
            if (!(width > NOISY_WIDTH)) continue;
            List<ReportRow> group = groupMembers(rows, b);
            if (group.size() < 2) continue;
            String message = String.format("The baseline %s on %s (%s) has a 99.9%% CI of %s to %s µs, %s of its mean %s µs "
                            + "(over %d iterations): the ratios in this group are mostly baseline noise; read the durability costs instead.",
                    b.method(), b.context().place(), groupParams(b), Fmt.us(b.time().low()), Fmt.us(b.time().high()),
                    Fmt.percent(width), Fmt.us(b.meanUs()), b.time().n());
            out.add(new ReportWarning(Kind.NOISY_BASELINE, message, ids(group)));
        }
        return out;
    }

    static List<ReportWarning> notDurable(List<ReportRow> rows) {
        List<ReportWarning> out = new ArrayList<>();
        Set<Context> noStorage = new LinkedHashSet<>();
        for (ReportRow r : rows) {
            if (r.context().hasNoStableStorage()) noStorage.add(r.context());
        }
        for (Context c : noStorage) {
            List<ReportRow> inContext = rows.stream().filter(r -> r.context().equals(c) && r.measured()).toList();
            ReportRow example = inContext.stream().filter(r -> !r.baseline() && Durabilities.methodNotDurableBecause(r.cell()) == null)
                    .min(Comparator.comparingDouble(ReportRow::meanUs)).orElse(null);
            String message = String.format("%s has no stable storage (filesystem %s): all %d rows there are NOT durable%s.",
                    c.place(), c.filesystem(), inContext.size(),
                    example == null ? "" : String.format("; %s's %s µs per write there is the cost of a syscall, not of durability",
                            example.method(), Fmt.us(example.meanUs())));
            out.add(new ReportWarning(Kind.NOT_DURABLE, message, ids(inContext)));
        }
        Map<String, List<ReportRow>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(r.groupKey(), k -> new ArrayList<>()).add(r));
        for (List<ReportRow> group : groups.values()) {
            if (noStorage.contains(group.get(0).context())) continue;
            ReportRow fastestDurable = group.stream().filter(r -> r.measured() && r.durable())
                    .min(Comparator.comparingDouble(ReportRow::meanUs)).orElse(null);
            for (ReportRow r : group) {
                if (r.baseline() || !r.measured() || r.durable()) continue;
                if (fastestDurable != null && r.meanUs() >= fastestDurable.meanUs()) continue;
                String than = fastestDurable == null ? "and no durable method was measured beside it"
                        : String.format("faster than every durable method here (fastest durable: %s, %s µs)",
                        fastestDurable.method(), Fmt.us(fastestDurable.meanUs()));
                String message = String.format("%s (%s µs per write on %s, %s) is %s, but it is NOT durable: %s.",
                        r.method(), Fmt.us(r.meanUs()), r.context().place(), groupParams(r), than, r.notDurableBecause());
                out.add(new ReportWarning(Kind.NOT_DURABLE, message,
                        fastestDurable == null ? List.of(r.id()) : List.of(r.id(), fastestDurable.id())));
            }
        }
        return out;
    }

    /**
     * One warning per context: its cheapest suspicious row in full, then how many other durable rows
     * there are below the physical floor too (a disk whose cache ignores flushes makes all of them
     * cheap, and one line per row would bury the other warnings).
     */
    static List<ReportWarning> implausiblyFast(List<ReportRow> rows) {
        Map<Context, List<ReportRow>> suspects = new LinkedHashMap<>();
        Map<ReportRow, Double> perSyncOf = new HashMap<>();
        Map<Context, Double> floorOf = new HashMap<>();
        Map<Context, String> whyOf = new HashMap<>();
        for (ReportRow r : rows) {
            if (r.baseline() || !r.measured() || !r.durable()) continue;
            // Against a baseline that already syncs (a file fsync'ed, then also its directory), the
            // cost is one more sync that may legitimately find nothing left to flush: not a flush price.
            if (groupMembers(rows, r).stream().anyMatch(b -> b.baseline() && b.syncsPerWrite() > 0)) continue;
            Environment env = r.context().environment();
            BlockDevice flush = env == null ? null : env.flushDevice();
            if (flush == null) continue;
            double floor;
            String why;
            if (Integer.valueOf(1).equals(flush.rotational())) {
                floor = ROTATIONAL_FLUSH_US;
                why = "a rotational disk needs about a millisecond to put a flush on the platter";
            } else if (flush.writeCache() != null && flush.writeCache().contains("write back")) {
                floor = WRITE_BACK_FLUSH_US;
                why = "a device with a write-back cache needs about 20 µs to flush it to stable media";
            } else {
                continue;
            }
            // Compare the price of one flush: a batched row pays it once per writesPerSync writes.
            double cost = r.cost() != null ? r.cost().mean() : r.meanUs();
            double spw = r.syncsPerWrite();
            double perSync = Double.isFinite(spw) && spw > 0 ? cost / spw : cost;
            if (!(perSync < floor)) continue;
            suspects.computeIfAbsent(r.context(), c -> new ArrayList<>()).add(r);
            perSyncOf.put(r, perSync);
            floorOf.put(r.context(), floor);
            whyOf.put(r.context(), why);
        }
        List<ReportWarning> out = new ArrayList<>();
        suspects.forEach((context, list) -> {
            list.sort(Comparator.comparingDouble(perSyncOf::get));
            ReportRow r = list.get(0);
            Environment env = context.environment();
            BlockDevice flush = env.flushDevice();
            String message = String.format("%s costs %s µs per sync on %s (%s), below %s µs: %s.%s Device %s%s (write_cache %s, fua %s, "
                            + "rotational %s): a cache that does not honour flushes (or a hypervisor that drops them) would explain it.",
                    r.method(), Fmt.us(perSyncOf.get(r)), context.place(), groupParams(r), Fmt.usRounded(floorOf.get(context)),
                    whyOf.get(context), othersBelow(list, perSyncOf),
                    EnvironmentFacts.orUnknown(flush.name()), env.viaLoopDevice() ? " (backing the loop device)" : "",
                    EnvironmentFacts.orUnknown(flush.writeCache()), EnvironmentFacts.orUnknown(flush.fua()),
                    flush.rotational() == null ? "unknown" : flush.rotational().toString());
            out.add(new ReportWarning(Kind.IMPLAUSIBLY_FAST, message, list.stream().map(ReportRow::id).toList()));
        });
        return out;
    }

    private static String othersBelow(List<ReportRow> sorted, Map<ReportRow, Double> perSyncOf) {
        if (sorted.size() == 1) return "";
        ReportRow worst = sorted.get(sorted.size() - 1);
        Set<String> methods = new LinkedHashSet<>();
        sorted.subList(1, sorted.size()).forEach(x -> methods.add(x.method()));
        return String.format(" %d more durable rows there are below it too, up to %s µs (%s).",
                sorted.size() - 1, Fmt.us(perSyncOf.get(worst)), String.join(", ", methods));
    }

    private static String baselineName(List<ReportRow> rows, ReportRow r) {
        return groupMembers(rows, r).stream().filter(ReportRow::baseline).map(ReportRow::method).findFirst().orElse("baseline");
    }

    private static List<ReportRow> groupMembers(List<ReportRow> rows, ReportRow r) {
        return rows.stream().filter(x -> x.groupKey().equals(r.groupKey())).toList();
    }

    /** Where a row was measured, as distinct from another row's place (falls back to the full context). */
    private static String where(ReportRow r, ReportRow other) {
        return r.context().place().equals(other.context().place()) ? r.context().label() : r.context().place();
    }

    private static String groupParams(ReportRow r) {
        return r.groupLabel();
    }

    @SafeVarargs
    private static List<Integer> ids(List<ReportRow>... lists) {
        Set<Integer> ids = new LinkedHashSet<>();
        for (List<ReportRow> l : lists) l.forEach(r -> ids.add(r.id()));
        return List.copyOf(ids);
    }
}
