package io.durabench.report.analysis;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.GroupCommitFamily;
import io.durabench.catalogue.Parameter;
import io.durabench.report.Context;
import io.durabench.report.GroupCommitRow;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.DeviceLog;
import io.durabench.results.NotMeasured;
import io.durabench.results.Units;
import io.durabench.stats.Estimate;
import io.durabench.stats.OutlierIterations;
import io.durabench.stats.Stats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Collects GroupCommit results (Throughput and SampleTime of the same params merged into one row)
 * and turns them into {@link GroupCommitRow}s: grouped by context, record size and the other
 * shared params; one series per variant; rows ordered by committer count, speed-up against the
 * series' 1-committer row. These results are not per-write rows: commits/s is summed over threads.
 */
final class GroupCommitRows {
    private static final GroupCommitFamily GC = Catalogue.GROUP_COMMIT;
    /** Params that place a row inside its group rather than define the group. */
    private static final Set<Parameter<?>> NOT_GROUP = Set.of(Catalogue.TARGET_DIR, GroupCommitFamily.COMMITTERS,
            GroupCommitFamily.COMMIT_DELAY, GroupCommitFamily.COMMIT_SIBLINGS);
    /** The params a group heading names first, in words. */
    private static final Set<Parameter<?>> HEADLINE = Set.of(GroupCommitFamily.RECORD_SIZE, GroupCommitFamily.SYNC_METHOD,
            GroupCommitFamily.PREALLOCATION);

    private final Map<String, Pending> pending = new LinkedHashMap<>();

    private static final class Pending {
        final Context context;
        final Cell cell;
        final Map<String, BenchmarkResult> byMode = new LinkedHashMap<>();
        /** The cell's device witness forks, per results folder (null for a folder without a device witness log). */
        final Map<Path, List<DeviceLog.Fork>> deviceForks = new LinkedHashMap<>();
        NotMeasured notMeasured;

        Pending(Context context, Cell cell) {
            this.context = context;
            this.cell = cell;
        }
    }

    /** A result of the cell, with its folder's device witness forks of it ({@code deviceForks} null: the folder has no log). */
    void add(Context context, Cell cell, BenchmarkResult r, Path folder, List<DeviceLog.Fork> deviceForks) {
        Pending p = pendingFor(context, cell);
        p.byMode.putIfAbsent(r.mode(), r);
        p.deviceForks.putIfAbsent(folder, deviceForks);
    }

    void notMeasured(Context context, Cell cell, NotMeasured nm) {
        Pending p = pendingFor(context, cell);
        if (p.byMode.isEmpty()) p.notMeasured = nm;
    }

    private Pending pendingFor(Context context, Cell cell) {
        String key = context.label() + "|" + cell.benchmark().jmhName() + "|" + new TreeMap<>(cell.jmhParams());
        return pending.computeIfAbsent(key, k -> new Pending(context, cell));
    }

    List<GroupCommitRow> rows(List<Context> contextOrder) {
        List<Pending> ordered = new ArrayList<>(pending.values());
        Map<String, Integer> groupOrder = new LinkedHashMap<>();
        ordered.forEach(p -> groupOrder.putIfAbsent(groupKey(p), groupOrder.size()));
        ordered.sort(Comparator.<Pending>comparingInt(p -> contextOrder.indexOf(p.context))
                .thenComparingInt(p -> groupOrder.get(groupKey(p)))
                .thenComparingLong(GroupCommitRows::variantOrder)
                .thenComparing(GroupCommitRows::seriesKey)
                .thenComparingInt(GroupCommitRows::committers));

        Map<String, Estimate> oneCommitter = new LinkedHashMap<>();
        Map<Pending, List<double[]>> forks = forksOpsPerSec(ordered);
        Map<Pending, OutlierIterations> stalls = new LinkedHashMap<>();
        forks.forEach((p, f) -> stalls.put(p, OutlierIterations.of(f)));
        Map<Pending, Estimate> throughput = commitsPerSecond(forks, stalls);
        for (Pending p : ordered) {
            Estimate e = throughput.get(p);
            if (e != null && committers(p) == 1) oneCommitter.put(seriesKey(p), e);
        }
        List<GroupCommitRow> rows = new ArrayList<>();
        for (Pending p : ordered) rows.add(row(rows.size(), p, throughput.get(p), stalls.get(p), oneCommitter.get(seriesKey(p))));
        return rows;
    }

    /** Per measured Throughput row, each fork's commits/s iterations (converted one by one). */
    private static Map<Pending, List<double[]>> forksOpsPerSec(List<Pending> rows) {
        Map<Pending, List<double[]>> out = new LinkedHashMap<>();
        for (Pending p : rows) {
            BenchmarkResult r = p.notMeasured == null ? p.byMode.get("thrpt") : null;
            if (r == null) continue;
            String unit = r.primary().unit();
            out.put(p, r.forks().stream().map(f -> Arrays.stream(f).map(v -> Units.toOpsPerSec(v, unit)).toArray()).toList());
        }
        return out;
    }

    /**
     * Commits/s per row with its interval between forks, per context as the time rows get theirs
     * (io.durabench.stats.ForkIntervals: each fork's mean commits/s without its stalls); a row with one fork: that
     * fork's iterations without its stalls, said so by the estimate's basis (as a time row's); JMH's score where the
     * file kept no iterations.
     */
    private static Map<Pending, Estimate> commitsPerSecond(Map<Pending, List<double[]>> forks, Map<Pending, OutlierIterations> stalls) {
        List<Pending> measured = List.copyOf(stalls.keySet());
        Map<Pending, Estimate> fromForks = ContextIntervals.of(measured, p -> p.context.label(), p -> stalls.get(p).forkMeans());
        Map<Pending, Estimate> out = new LinkedHashMap<>();
        for (Pending p : measured) {
            Estimate e = fromForks.get(p);
            if (e == null) e = forks.get(p).isEmpty() ? RowFigures.opsPerSecEstimate(p.byMode.get("thrpt").primary())
                    : Stats.ofSamples(OutlierIterations.keptIterations(forks.get(p)));
            out.put(p, e);
        }
        return out;
    }

    private static GroupCommitRow row(int id, Pending p, Estimate commits, OutlierIterations stalls, Estimate single) {
        String why = Durabilities.notDurableBecause(p.context, p.cell);
        boolean measuredAny = p.notMeasured == null;
        BenchmarkResult sample = measuredAny ? p.byMode.get("sample") : null;
        Estimate latency = sample == null ? null : RowFigures.estimate(sample.primary());
        double p50 = sample == null ? Double.NaN : RowFigures.percentileUs(sample.primary(), 50);
        double p99 = sample == null ? Double.NaN : RowFigures.percentileUs(sample.primary(), 99);
        double p999 = sample == null ? Double.NaN : RowFigures.percentileUs(sample.primary(), 99.9);
        // Throughput's counters first (the commits/s row); SampleTime's count the same events.
        List<BenchmarkResult> countersFrom = new ArrayList<>();
        for (String mode : List.of("thrpt", "sample")) if (p.byMode.containsKey(mode)) countersFrom.add(p.byMode.get(mode));
        double spc = RowFigures.flushesPerOp(countersFrom, GC.counters());
        Estimate speedup = null;
        if (commits != null && single != null) {
            speedup = commits == single
                    // The 1-committer row against itself: exactly 1, not two independent samples.
                    ? new Estimate(1, Double.NaN, Double.NaN, 0, Double.NaN)
                    : Stats.ratio(commits, single);
        }
        String source = commits == null ? null : "thrpt, n=" + commits.n() + (commits.betweenForks() ? " forks" : " iterations of one fork");
        String replication = commits == null ? null
                : commits.betweenForks() ? commits.n() + (commits.n() == 1 ? " fork" : " forks") : "1 fork x " + commits.n() + " iterations";
        NotMeasured nm = p.notMeasured;
        return new GroupCommitRow(id, p.cell, p.context, groupKey(p), seriesKey(p), groupLabel(p), variant(p), committers(p),
                p.cell.fixes(GroupCommitFamily.SYNC_METHOD) ? p.cell.method() : "?", commits, stalls, source, replication, latency, p50, p99, p999,
                spc, speedup, why == null, why, nm != null && !nm.failed() ? nm.reason() : null, nm != null && nm.failed() ? nm.reason() : null,
                nm != null ? null : DeviceForks.requests(p.deviceForks.values(), p.cell));
    }

    /** The params of the group that are not headline ones, by name: "name=value". */
    private static Map<String, String> otherParams(Pending p) {
        Map<String, String> rest = new TreeMap<>();
        for (Parameter<?> param : p.cell.parameters()) {
            if (!NOT_GROUP.contains(param)) rest.put(param.name(), param.format(p.cell.get(param)));
        }
        return rest;
    }

    /** Context and the params every variant of the group shares: record size, sync method, preallocation. */
    private static String groupKey(Pending p) {
        return p.context.label() + "|" + otherParams(p);
    }

    /** One line of the chart: the group and the variant. */
    private static String seriesKey(Pending p) {
        return groupKey(p) + "|" + variant(p);
    }

    /** "8192 B records, FDATASYNC, prealloc ZERO_FILL": the params that matter most first, then any others. */
    private static String groupLabel(Pending p) {
        List<String> parts = new ArrayList<>();
        p.cell.find(GroupCommitFamily.RECORD_SIZE).ifPresent(v -> parts.add(v + " B records"));
        p.cell.find(GroupCommitFamily.SYNC_METHOD).ifPresent(v -> parts.add(v.name()));
        p.cell.find(GroupCommitFamily.PREALLOCATION).ifPresent(v -> parts.add("prealloc " + v.name()));
        Map<String, String> rest = otherParams(p);
        HEADLINE.forEach(h -> rest.remove(h.name()));
        rest.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(", ", parts);
    }

    /** "group commit, delay 100 µs" or "each syncs alone"; commitSiblings shown only when not the benchmark's default 1. */
    private static String variant(Pending p) {
        if (GC.isReference(p.cell.benchmark())) return "each syncs alone";
        if (!p.cell.fixes(GroupCommitFamily.COMMIT_DELAY)) return p.cell.benchmark().method();
        Integer siblings = p.cell.get(GroupCommitFamily.COMMIT_SIBLINGS);
        return GroupCommitRow.GROUP_COMMIT_PREFIX + "delay " + p.cell.get(GroupCommitFamily.COMMIT_DELAY) + " µs"
                + (siblings == null || siblings == 1 ? "" : ", siblings " + siblings);
    }

    /** Group commit by delay, then the each-syncs-alone reference. */
    private static long variantOrder(Pending p) {
        if (GC.isReference(p.cell.benchmark())) return Long.MAX_VALUE;
        return p.cell.find(GroupCommitFamily.COMMIT_DELAY).orElse(0L);
    }

    private static int committers(Pending p) {
        return p.cell.find(GroupCommitFamily.COMMITTERS).orElse(0);
    }
}
