package io.durabench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns result sets into a {@link Report}: one row per (context, benchmark, params), combining
 * the AverageTime and SampleTime results of the same combination, then ratios and durability
 * costs against the baseline method of the same group, then the warnings. GroupCommit results
 * go to their own section ({@link GroupCommitRows}): commits/s over committers, not time per write.
 */
public final class ReportBuilder {
    private final String baseline;
    private final Map<String, Context> contexts = new LinkedHashMap<>();
    private final Map<String, Path> contextSources = new LinkedHashMap<>();
    private final Map<String, Pending> pending = new LinkedHashMap<>();
    private final List<PlainRow> plainRows = new ArrayList<>();
    private final GroupCommitRows groupCommits = new GroupCommitRows();

    /** The results of one (context, benchmark, params) combination, in any modes, or its n/a reason. */
    private static final class Pending {
        final Context context;
        final String benchmark;
        final Map<String, String> params;
        final String methodParam;
        final Map<String, BenchmarkResult> byMode = new LinkedHashMap<>();
        final String key;
        final String groupKey;
        String na;

        Pending(Context context, String benchmark, Map<String, String> params, String methodParam, String key) {
            this.context = context;
            this.benchmark = benchmark;
            this.params = params;
            this.methodParam = methodParam;
            this.key = key;
            Map<String, String> rest = new TreeMap<>(params);
            rest.remove(methodParam);
            rest.remove("targetDir");
            this.groupKey = context.label() + "|" + benchmark + "|" + rest;
        }
    }

    public ReportBuilder(String baseline) {
        this.baseline = baseline;
    }

    public static Report build(List<ResultSet> sets, String baseline) {
        ReportBuilder builder = new ReportBuilder(baseline);
        sets.forEach(builder::add);
        return builder.report(sets.stream().map(ResultSet::source).toList());
    }

    private void add(ResultSet set) {
        for (BenchmarkResult r : set.results()) {
            if (GroupCommitRows.handles(r.benchmark())) {
                groupCommits.add(context(set, r.params().get("targetDir"), r.jdkLabel()), r);
                continue;
            }
            String methodParam = MethodRules.methodParam(r.benchmark(), r.params());
            if (methodParam == null || !Units.isTimeBased(r.primary().unit())) {
                addPlain(r, set.source());
                continue;
            }
            Context ctx = context(set, r.params().get("targetDir"), r.jdkLabel());
            pendingFor(ctx, r.benchmark(), r.params(), methodParam).byMode.putIfAbsent(r.mode(), r);
        }
        String jdk = set.results().isEmpty()
                ? (set.environment().jdkVersion() == null ? "JDK unknown" : "JDK " + set.environment().jdkVersion())
                : set.results().get(0).jdkLabel();
        for (NotApplicable na : set.notApplicable()) {
            if (GroupCommitRows.handles(na.benchmark())) {
                groupCommits.notApplicable(context(set, na.params().get("targetDir"), jdk), na);
                continue;
            }
            String methodParam = MethodRules.methodParam(na.benchmark(), na.params());
            if (methodParam == null) continue;
            Context ctx = context(set, na.params().get("targetDir"), jdk);
            Pending p = pendingFor(ctx, na.benchmark(), na.params(), methodParam);
            if (p.byMode.isEmpty()) p.na = na.reason();
        }
    }

    private void addPlain(BenchmarkResult r, Path source) {
        String src = source.toString();
        plainRows.add(new PlainRow(r.benchmark(), null, r.params(), r.mode(), r.primary().score(),
                r.primary().scoreError(), r.primary().unit(), src));
        r.secondary().forEach((name, m) -> plainRows.add(new PlainRow(r.benchmark(), name, r.params(), r.mode(),
                m.score(), m.scoreError(), m.unit(), src)));
    }

    /**
     * The context of a result; the same directory and JDK from another results folder (another
     * run, another machine) is a different context, named after its folder.
     */
    private Context context(ResultSet set, String targetDir, String jdk) {
        Context fresh = Context.of(set.environment(), targetDir, jdk);
        Path folder = set.source().toAbsolutePath().getParent();
        Path owner = contextSources.putIfAbsent(fresh.label(), folder);
        if (owner != null && !owner.equals(folder)) {
            fresh = new Context(fresh.label() + " [" + set.source() + "]", fresh.directory(), fresh.filesystem(),
                    fresh.jdk(), fresh.environment());
            contextSources.putIfAbsent(fresh.label(), folder);
        }
        Context chosen = fresh;
        return contexts.computeIfAbsent(chosen.label(), k -> chosen);
    }

    private Pending pendingFor(Context ctx, String benchmark, Map<String, String> params, String methodParam) {
        String key = ctx.label() + "|" + benchmark + "|" + new TreeMap<>(params);
        return pending.computeIfAbsent(key, k -> new Pending(ctx, benchmark, params, methodParam, k));
    }

    private Report report(List<Path> sources) {
        List<Pending> ordered = new ArrayList<>(pending.values());
        Map<String, Integer> contextOrder = new LinkedHashMap<>();
        contexts.keySet().forEach(k -> contextOrder.put(k, contextOrder.size()));
        // Stable sort: context, then benchmark and group params as first seen, baseline first in its group.
        Map<String, Integer> groupOrder = new LinkedHashMap<>();
        ordered.forEach(p -> groupOrder.putIfAbsent(groupKey(p), groupOrder.size()));
        ordered.sort(Comparator.<Pending>comparingInt(p -> contextOrder.get(p.context.label()))
                .thenComparingInt(p -> groupOrder.get(groupKey(p)))
                .thenComparingInt(p -> isBaseline(p) ? 0 : 1));

        Map<String, RowFigures> figures = new LinkedHashMap<>();
        Map<String, RowFigures> baselines = new LinkedHashMap<>();
        for (Pending p : ordered) {
            RowFigures f = p.na == null ? RowFigures.of(p.byMode) : RowFigures.notApplicable();
            figures.put(keyOf(p), f);
            if (isBaseline(p) && f.time() != null) baselines.put(groupKey(p), f);
        }
        List<ReportRow> rows = new ArrayList<>();
        for (Pending p : ordered) {
            RowFigures f = figures.get(keyOf(p));
            RowFigures base = baselines.get(groupKey(p));
            if (base == null) base = baselines.get(batchlessGroupKey(p));
            String method = p.params.get(p.methodParam);
            Estimate ratio = null, cost = null;
            double baselineUs = Double.NaN;
            if (base != null && f.time() != null) {
                baselineUs = base.time().mean();
                if (f == base) {
                    // The baseline against itself: exactly 1 and 0, not two independent samples.
                    ratio = new Estimate(1, Double.NaN, Double.NaN, 0, Double.NaN);
                    cost = new Estimate(0, Double.NaN, Double.NaN, 0, Double.NaN);
                } else {
                    ratio = Stats.ratio(f.time(), base.time());
                    cost = Stats.difference(f.time(), base.time());
                }
            }
            String why = MethodRules.notDurableBecause(p.context, p.methodParam, method);
            rows.add(new ReportRow(rows.size(), p.benchmark, p.context, p.params, p.methodParam, method,
                    groupKey(p), isBaseline(p), f.time(), f.source(), f.p50(), f.p99(), f.p999(), baselineUs,
                    ratio, cost, f.syncsPerWrite(), why == null, why, p.na));
        }
        List<Context> ctxs = new ArrayList<>(contexts.values());
        return new Report(baseline, sources, ctxs, rows, groupCommits.rows(ctxs), plainRows, WarningRules.all(rows));
    }

    private boolean isBaseline(Pending p) {
        return p.params.get(p.methodParam).equals(MethodRules.baseline(p.methodParam, baseline));
    }

    private static String keyOf(Pending p) {
        return p.key;
    }

    /**
     * The baseline's group for a batched row: a baseline without a sync call (NONE) only runs at
     * writesPerSync=1, and batching does not change what it does, so batch 10's baseline is batch 1's.
     */
    private static String batchlessGroupKey(Pending p) {
        if (!p.params.containsKey("writesPerSync")) return null;
        Map<String, String> rest = new TreeMap<>(p.params);
        rest.remove(p.methodParam);
        rest.remove("targetDir");
        rest.put("writesPerSync", "1");
        return p.context.label() + "|" + p.benchmark + "|" + rest;
    }

    /** Context, benchmark and every param except the method and the target directory (part of the context). */
    static String groupKey(Pending p) {
        return p.groupKey;
    }
}
