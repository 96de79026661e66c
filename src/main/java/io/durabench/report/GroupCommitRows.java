package io.durabench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects GroupCommit results (Throughput and SampleTime of the same params merged into one row)
 * and turns them into {@link GroupCommitRow}s: grouped by context, record size and the other
 * shared params; one series per variant; rows ordered by committer count, speed-up against the
 * series' 1-committer row. These results are not per-write rows: commits/s is summed over threads.
 */
final class GroupCommitRows {
    static final String CLASS_PREFIX = MethodRules.PREFIX + "GroupCommit.";
    static final String ALONE = CLASS_PREFIX + "eachSyncsAlone";
    /** Params that define a row's place inside its group rather than the group. */
    private static final List<String> NOT_GROUP = List.of("targetDir", "committers", "commitDelayMicros", "commitSiblings");

    private final Map<String, Pending> pending = new LinkedHashMap<>();

    private static final class Pending {
        final Context context;
        final String benchmark;
        final Map<String, String> params;
        final Map<String, BenchmarkResult> byMode = new LinkedHashMap<>();
        String na;

        Pending(Context context, String benchmark, Map<String, String> params) {
            this.context = context;
            this.benchmark = benchmark;
            this.params = params;
        }
    }

    static boolean handles(String benchmark) {
        return benchmark.startsWith(CLASS_PREFIX);
    }

    void add(Context context, BenchmarkResult r) {
        pendingFor(context, r.benchmark(), r.params()).byMode.putIfAbsent(r.mode(), r);
    }

    void notApplicable(Context context, NotApplicable na) {
        Pending p = pendingFor(context, na.benchmark(), na.params());
        if (p.byMode.isEmpty()) p.na = na.reason();
    }

    private Pending pendingFor(Context context, String benchmark, Map<String, String> params) {
        String key = context.label() + "|" + benchmark + "|" + new TreeMap<>(params);
        return pending.computeIfAbsent(key, k -> new Pending(context, benchmark, params));
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
        Map<Pending, Estimate> throughput = new LinkedHashMap<>();
        for (Pending p : ordered) {
            BenchmarkResult thrpt = p.na == null ? p.byMode.get("thrpt") : null;
            Estimate e = thrpt == null ? null : RowFigures.opsPerSecEstimate(thrpt.primary());
            throughput.put(p, e);
            if (e != null && committers(p) == 1) oneCommitter.put(seriesKey(p), e);
        }
        List<GroupCommitRow> rows = new ArrayList<>();
        for (Pending p : ordered) rows.add(row(rows.size(), p, throughput.get(p), oneCommitter.get(seriesKey(p))));
        return rows;
    }

    private static GroupCommitRow row(int id, Pending p, Estimate commits, Estimate single) {
        String method = p.params.getOrDefault("syncMethod", "?");
        String why = MethodRules.notDurableBecause(p.context, "syncMethod", method);
        BenchmarkResult sample = p.na == null ? p.byMode.get("sample") : null;
        Estimate latency = sample == null ? null : RowFigures.estimate(sample.primary());
        double p50 = sample == null ? Double.NaN : RowFigures.percentileUs(sample.primary(), 50);
        double p99 = sample == null ? Double.NaN : RowFigures.percentileUs(sample.primary(), 99);
        double p999 = sample == null ? Double.NaN : RowFigures.percentileUs(sample.primary(), 99.9);
        double spc = Double.NaN;
        // Throughput's counters first (the commits/s row); SampleTime's count the same events.
        for (String mode : List.of("thrpt", "sample")) {
            BenchmarkResult r = p.byMode.get(mode);
            if (r != null && Double.isNaN(spc)) spc = RowFigures.syncsPerCommit(r.secondary());
        }
        Estimate speedup = null;
        if (commits != null && single != null) {
            speedup = commits == single
                    // The 1-committer row against itself: exactly 1, not two independent samples.
                    ? new Estimate(1, Double.NaN, Double.NaN, 0, Double.NaN)
                    : Stats.ratio(commits, single);
        }
        String source = commits == null ? null : "thrpt, n=" + commits.n();
        return new GroupCommitRow(id, p.benchmark, p.context, p.params, groupKey(p), seriesKey(p), groupLabel(p),
                variant(p), committers(p), method, commits, source, latency, p50, p99, p999, spc, speedup,
                why == null, why, p.na);
    }

    /** Context and the params every variant of the group shares: record size, sync method, preallocation. */
    private static String groupKey(Pending p) {
        Map<String, String> rest = new TreeMap<>(p.params);
        NOT_GROUP.forEach(rest::remove);
        return p.context.label() + "|" + rest;
    }

    /** One line of the chart: the group and the variant. */
    private static String seriesKey(Pending p) {
        return groupKey(p) + "|" + variant(p);
    }

    /** "8192 B records, FDATASYNC, prealloc ZERO_FILL": the params that matter most first, then any others. */
    private static String groupLabel(Pending p) {
        List<String> parts = new ArrayList<>();
        Map<String, String> rest = new TreeMap<>(p.params);
        NOT_GROUP.forEach(rest::remove);
        String record = rest.remove("recordSizeBytes"), method = rest.remove("syncMethod"), prealloc = rest.remove("preallocation");
        if (record != null) parts.add(record + " B records");
        if (method != null) parts.add(method);
        if (prealloc != null) parts.add("prealloc " + prealloc);
        rest.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(", ", parts);
    }

    /** "group commit, delay 100 µs" or "each syncs alone"; commitSiblings shown only when not the benchmark's default 1. */
    private static String variant(Pending p) {
        if (p.benchmark.equals(ALONE)) return "each syncs alone";
        if (!p.params.containsKey("commitDelayMicros")) return p.benchmark.substring(CLASS_PREFIX.length());
        String siblings = p.params.get("commitSiblings");
        return "group commit, delay " + p.params.get("commitDelayMicros") + " µs"
                + (siblings == null || siblings.equals("1") ? "" : ", siblings " + siblings);
    }

    /** Group commit by delay, then the each-syncs-alone reference. */
    private static long variantOrder(Pending p) {
        if (p.benchmark.equals(ALONE)) return Long.MAX_VALUE;
        try {
            return Long.parseLong(p.params.getOrDefault("commitDelayMicros", "0"));
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE - 1;
        }
    }

    private static int committers(Pending p) {
        try {
            return Integer.parseInt(p.params.getOrDefault("committers", "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
