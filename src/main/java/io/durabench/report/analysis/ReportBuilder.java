package io.durabench.report.analysis;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Context;
import io.durabench.report.DeviceRequests;
import io.durabench.report.PlainRow;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.NotMeasured;
import io.durabench.results.LockStepFile;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsFileException;
import io.durabench.results.Units;
import io.durabench.stats.AbsoluteFigure;
import io.durabench.stats.Estimate;
import io.durabench.stats.Stats;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns result sets into a {@link Report}: one row per (context, benchmark, params), combining
 * the AverageTime and SampleTime results of the same combination, then ratios and durability
 * costs against the baseline method of the same group, then the warnings. GroupCommit results
 * go to their own section ({@link GroupCommitRows}): commits/s over committers, not time per write.
 * What each benchmark's parameters mean comes from the catalogue; a result of a benchmark it does
 * not know is shown as JMH reported it.
 */
public final class ReportBuilder {
    private final SyncMethod baseline;
    private final Map<String, Context> contexts = new LinkedHashMap<>();
    private final Map<String, Path> contextSources = new LinkedHashMap<>();
    private final Map<String, Pending> pending = new LinkedHashMap<>();
    private final List<PlainRow> plainRows = new ArrayList<>();
    private final List<io.durabench.report.ReferenceComparison> references = new ArrayList<>();
    private final GroupCommitRows groupCommits = new GroupCommitRows();

    /** The results of one (context, cell) combination, in any modes, or why it has none. */
    private static final class Pending {
        final Context context;
        final Cell cell;
        final Map<String, BenchmarkResult> byMode = new LinkedHashMap<>();
        final String groupKey;
        /** The cell's forks' sync-call histograms, per results folder (a folder's log holds every mode's forks). */
        final Map<Path, List<org.HdrHistogram.Histogram>> syncForks = new LinkedHashMap<>();
        /** The cell's device witness forks, per results folder (null for a folder without a device witness log). */
        final Map<Path, List<io.durabench.results.DeviceLog.Fork>> deviceForks = new LinkedHashMap<>();
        NotMeasured notMeasured;

        List<org.HdrHistogram.Histogram> syncForks() {
            return syncForks.values().stream().flatMap(List::stream).toList();
        }

        Pending(Context context, Cell cell) {
            this.context = context;
            this.cell = cell;
            this.groupKey = context.label() + "|" + cell.groupKey();
        }
    }

    public ReportBuilder(SyncMethod baseline) {
        this.baseline = baseline;
    }

    public static Report build(List<ResultSet> sets, SyncMethod baseline) {
        ReportBuilder builder = new ReportBuilder(baseline);
        sets.forEach(builder::add);
        return builder.report(sets.stream().map(ResultSet::source).toList());
    }

    /**
     * The figure rows of one set as its report builds them (per-write rows, then group-commit rows), without what a report
     * reads from them (warnings, findings, the cost model) and without the sync-call latencies of its folder: for a
     * figure the report prints while a run is still writing the folder ({@link CellIntervals}).
     */
    static Figures figures(ResultSet set) {
        ReportBuilder builder = new ReportBuilder(SyncMethod.NONE);
        builder.add(set, SyncLatencies.NONE, DeviceForks.NONE);
        List<ReportRow> rows = builder.rows();
        return new Figures(rows, builder.groupCommits.rows(new ArrayList<>(builder.contexts.values())));
    }

    /** The rows of {@link #figures}. */
    record Figures(List<ReportRow> rows, List<io.durabench.report.GroupCommitRow> groupCommitRows) {
    }

    private void add(ResultSet set) {
        add(set, SyncLatencies.of(set), DeviceForks.of(set));
    }

    private void add(ResultSet set, SyncLatencies syncs, DeviceForks devices) {
        List<BenchmarkResult> plain = new ArrayList<>();
        for (BenchmarkResult r : set.results()) {
            Optional<Cell> cell = cellOf(set.source(), r.benchmark(), r.params().asMap());
            if (cell.isPresent() && cell.get().family() == Catalogue.GROUP_COMMIT) {
                groupCommits.add(context(set, cell.get().targetDir(), r.jdkLabel()), cell.get(), r, set.folder(),
                        devices.forks(r.benchmark(), r.params().asMap()));
                continue;
            }
            if (cell.isEmpty() || cell.get().methodValue() == null || !Units.isTimeBased(r.primary().unit())) {
                plain.add(r);
                continue;
            }
            Context ctx = context(set, cell.get().targetDir(), r.jdkLabel());
            Pending p = pendingFor(ctx, cell.get());
            p.byMode.putIfAbsent(r.mode(), r);
            p.syncForks.putIfAbsent(set.folder(), syncs.forks(r.benchmark(), r.params().asMap()));
            p.deviceForks.putIfAbsent(set.folder(), devices.forks(r.benchmark(), r.params().asMap()));
        }
        String jdk = set.results().isEmpty()
                ? (set.environment() == null || set.environment().jdk() == null || set.environment().jdk().version() == null
                        ? "JDK unknown" : "JDK " + set.environment().jdk().version())
                : set.results().get(0).jdkLabel();
        if (set.referencePairs() != null && !set.results().isEmpty()) {
            BenchmarkResult first = set.results().get(0);
            cellOf(set.source(), first.benchmark(), first.params().asMap())
                    .flatMap(c -> ReferenceComparisons.of(set.referencePairs(), set.source().resolveSibling(LockStepFile.FILE),
                            context(set, c.targetDir(), first.jdkLabel())))
                    .ifPresent(references::add);
        }
        // After the set's durabench results: a plain result takes the context they registered for its folder.
        plain.forEach(r -> addPlain(r, set, plainContext(set, r.jdkLabel()), devices));
        for (NotMeasured nm : set.notMeasured()) {
            Optional<Cell> cell = cellOf(set.notMeasuredSource(), nm.benchmark(), nm.params().asMap());
            if (cell.isEmpty()) continue;
            Context ctx = context(set, cell.get().targetDir(), jdk);
            if (cell.get().family() == Catalogue.GROUP_COMMIT) {
                groupCommits.notMeasured(ctx, cell.get(), nm);
                continue;
            }
            if (cell.get().methodValue() == null) continue;
            Pending p = pendingFor(ctx, cell.get());
            if (p.byMode.isEmpty()) p.notMeasured = nm;
        }
    }

    /** The typed cell of a result; a value the catalogue cannot take means the file (named) is not what it claims. */
    static Optional<Cell> cellOf(Path file, String benchmark, Map<String, String> params) {
        try {
            return Catalogue.cell(benchmark, params);
        } catch (InvalidValueException e) {
            throw new ResultsFileException(file + ": " + e.getMessage());
        }
    }

    /** A plain result, with the device witness's word on it where it is a catalogue's cell (NativeCallCost: no I/O to the target). */
    private void addPlain(BenchmarkResult r, ResultSet set, Context ctx, DeviceForks devices) {
        String src = set.source().toString();
        DeviceRequests device = cellOf(set.source(), r.benchmark(), r.params().asMap())
                .map(c -> DeviceForks.requests(java.util.Collections.singletonList(devices.forks(r.benchmark(), r.params().asMap())), c))
                .orElse(null);
        plainRows.add(new PlainRow(r.benchmark(), null, r.params(), r.mode(), r.primary().score(),
                r.primary().scoreError(), r.primary().unit(), src, ctx, device));
        r.secondary().forEach((name, m) -> plainRows.add(new PlainRow(r.benchmark(), name, r.params(), r.mode(),
                m.score(), m.scoreError(), m.unit(), src, ctx, device)));
    }

    /**
     * Where a plain result ran: the context its folder's durabench rows have (named as {@link #context}
     * names it), else one of its own that is not added to the report's contexts, which hold rows.
     */
    private Context plainContext(ResultSet set, String jdk) {
        Context fresh = Context.of(set.environment(), null, jdk, set.host());
        Path owner = contextSources.get(fresh.label());
        if (owner != null && !owner.equals(set.source().toAbsolutePath().getParent())) {
            fresh = fresh.renamed(fresh.label() + " [" + set.source() + "]");
        }
        return contexts.getOrDefault(fresh.label(), fresh);
    }

    /**
     * The context of a result; the same directory and JDK from another results folder (another
     * run, another machine) is a different context, named after its folder.
     */
    private Context context(ResultSet set, String targetDir, String jdk) {
        Context fresh = Context.of(set.environment(), targetDir, jdk, set.host());
        Path folder = set.source().toAbsolutePath().getParent();
        Path owner = contextSources.putIfAbsent(fresh.label(), folder);
        if (owner != null && !owner.equals(folder)) {
            fresh = fresh.renamed(fresh.label() + " [" + set.source() + "]");
            contextSources.putIfAbsent(fresh.label(), folder);
        }
        Context chosen = fresh;
        return contexts.computeIfAbsent(chosen.label(), k -> chosen);
    }

    private Pending pendingFor(Context ctx, Cell cell) {
        String key = ctx.label() + "|" + cell.benchmark().jmhName() + "|" + new java.util.TreeMap<>(cell.jmhParams());
        return pending.computeIfAbsent(key, k -> new Pending(ctx, cell));
    }

    private Report report(List<Path> sources) {
        List<ReportRow> rows = rows();
        List<Context> ctxs = new ArrayList<>(contexts.values());
        return readFrom(baseline.name(), sources, ctxs, rows, groupCommits.rows(ctxs), plainRows, WarningRules.all(rows, baseline), references);
    }

    /** The per-write rows: each with its figures, and its ratio and cost against its group's baseline. */
    private List<ReportRow> rows() {
        List<Pending> ordered = new ArrayList<>(pending.values());
        Map<String, Integer> contextOrder = new LinkedHashMap<>();
        contexts.keySet().forEach(k -> contextOrder.put(k, contextOrder.size()));
        // Stable sort: context, then benchmark and group params as first seen, baseline first in its group.
        Map<String, Integer> groupOrder = new LinkedHashMap<>();
        ordered.forEach(p -> groupOrder.putIfAbsent(p.groupKey, groupOrder.size()));
        ordered.sort(Comparator.<Pending>comparingInt(p -> contextOrder.get(p.context.label()))
                .thenComparingInt(p -> groupOrder.get(p.groupKey))
                .thenComparingInt(p -> isBaseline(p) ? 0 : 1));

        Map<Pending, Estimate> fromForks = forkIntervals(ordered);
        Map<Pending, AbsoluteFigure> absolute = contextIntervals(ordered, p -> RowFigures.forkMeansUs(p.byMode), AbsoluteFigure::of);
        Percentiles percentiles = new Percentiles(new ArrayList<>(), new ArrayList<>());
        for (double q : ReportRow.PERCENTILES) {
            percentiles.op.add(contextIntervals(ordered, x -> RowFigures.percentileForksUs(x.byMode, q)));
            percentiles.sync.add(contextIntervals(ordered, x -> SyncLatencies.perForkUs(x.syncForks(), q)));
        }
        Map<Pending, RowFigures> figures = new LinkedHashMap<>();
        Map<String, Pending> baselines = new LinkedHashMap<>();
        for (Pending p : ordered) {
            RowFigures f = p.notMeasured == null ? RowFigures.of(p.byMode, p.cell.family().counters(), fromForks.get(p), absolute.get(p)) : null;
            figures.put(p, f);
            if (isBaseline(p) && f != null && f.time() != null) baselines.put(p.groupKey, p);
        }
        // The baselines first, so every other row can name the very row its ratio is against.
        Map<Pending, ReportRow> baselineRows = new java.util.IdentityHashMap<>();
        for (Pending b : baselines.values()) {
            baselineRows.put(b, row(ordered.indexOf(b), b, figures.get(b), figures.get(b), null, percentiles));
        }
        List<ReportRow> rows = new ArrayList<>();
        for (Pending p : ordered) {
            ReportRow done = baselineRows.get(p);
            if (done != null) {
                rows.add(done);
                continue;
            }
            Pending b = baselines.get(p.groupKey);
            if (b == null) b = baselines.get(batchlessGroupKey(p));
            rows.add(row(rows.size(), p, figures.get(p), b == null ? null : figures.get(b), baselineRows.get(b), percentiles));
        }
        return rows;
    }

    /**
     * One row: its figures, and its ratio and cost against {@code base}, the figures of {@code baseRow}
     * (f itself for the baseline, whose ratio is exactly 1).
     */
    /** Per percentile of {@link ReportRow#PERCENTILES}, each row's interval over forks: of the operation (JMH's) and of the sync call. */
    private record Percentiles(List<Map<Pending, Estimate>> op, List<Map<Pending, Estimate>> sync) {
        static List<Estimate> of(List<Map<Pending, Estimate>> byPercentile, Pending p) {
            return byPercentile.stream().map(m -> m.get(p)).toList();
        }
    }

    private ReportRow row(int id, Pending p, RowFigures f, RowFigures base, ReportRow baseRow, Percentiles percentiles) {
        Estimate ratio = null, cost = null;
        double baselineUs = Double.NaN;
        if (base != null && f != null && f.time() != null) {
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
        String why = Durabilities.notDurableBecause(p.context, p.cell);
        NotMeasured nm = p.notMeasured;
        String na = nm != null && !nm.failed() ? nm.reason() : null;
        String failed = nm != null && nm.failed() ? nm.reason() : null;
        return new ReportRow(id, p.cell, p.context, p.cell.method(), p.groupKey, isBaseline(p),
                f == null ? null : f.time(), f == null ? null : f.source(), f == null ? null : f.replication(),
                f == null ? Double.NaN : f.p50(), f == null ? Double.NaN : f.p99(), f == null ? Double.NaN : f.p999(),
                baselineUs, ratio, cost, f == null ? Double.NaN : f.syncsPerOp(), why == null, why, na, failed,
                f == null ? new double[0] : f.replicateUs(), f == null ? null : f.stalls(), f == null ? null : f.steadyState(),
                Percentiles.of(percentiles.op, p), ratio == null || f == base ? null : baseRow, syncLatency(p, percentiles),
                ReportRow.PERCENTILES.stream().map(q -> RowFigures.percentileForksUs(p.byMode, q)).toList(),
                f == null ? null : f.absolute(), nm != null ? null : DeviceForks.requests(p.deviceForks.values(), p.cell));
    }

    /** The row's sync-call latency; null when none was timed. */
    private static io.durabench.report.SyncLatency syncLatency(Pending p, Percentiles percentiles) {
        List<org.HdrHistogram.Histogram> forks = p.syncForks();
        if (p.notMeasured != null || forks.isEmpty()) return null;
        return new io.durabench.report.SyncLatency(Percentiles.of(percentiles.sync, p), SyncLatencies.pooledUs(forks),
                SyncLatencies.count(forks), forks.size(), ReportRow.PERCENTILES.stream().map(q -> SyncLatencies.perForkUs(forks, q)).toList());
    }

    /**
     * A report from its rows and warnings: the cost model and the findings are read from the rows
     * given, so a filtered report's opening speaks only of what it shows.
     */
    static Report readFrom(String baseline, List<Path> sources, List<Context> contexts, List<ReportRow> rows,
                           List<io.durabench.report.GroupCommitRow> groupCommitRows, List<PlainRow> plainRows,
                           List<io.durabench.report.ReportWarning> warnings, List<io.durabench.report.ReferenceComparison> references) {
        List<io.durabench.report.CostFit> fits = CostModel.fit(rows);
        List<io.durabench.report.ReferenceComparison> shown = references.stream().filter(r -> contexts.contains(r.context())).toList();
        return new Report(baseline, sources, contexts, rows, groupCommitRows, plainRows, warnings, Findings.of(rows, fits, SyncMethod.valueOf(baseline),
                shown.isEmpty() ? FindingRows.DEFAULT_REFERENCE : referenceOf(shown.get(0)), shown),
                fits, shown);
    }

    /** The method the pairs were measured beside; the default where a damaged lockstep.json names none that exists. */
    private static SyncMethod referenceOf(io.durabench.report.ReferenceComparison pairs) {
        return java.util.Arrays.stream(SyncMethod.values()).filter(m -> m.name().equals(pairs.reference())).findFirst()
                .orElse(FindingRows.DEFAULT_REFERENCE);
    }

    /**
     * Every measured row's mean with its between-fork interval, computed per context (one target on
     * one JDK in one folder): each row keeps its own fork variance, shrunk toward what the context's
     * rows show (ForkIntervals). A row with one fork gets none here.
     */
    private static Map<Pending, Estimate> forkIntervals(List<Pending> rows) {
        return contextIntervals(rows, p -> RowFigures.forkMeansUs(p.byMode));
    }

    /** Per row, the interval over forks of {@code perFork}'s values, the rows of each context pooled (ForkIntervals). */
    private static Map<Pending, Estimate> contextIntervals(List<Pending> rows, java.util.function.Function<Pending, double[]> perFork) {
        return contextIntervals(rows, perFork, io.durabench.stats.ForkIntervals::of);
    }

    private static <E> Map<Pending, E> contextIntervals(List<Pending> rows, java.util.function.Function<Pending, double[]> perFork,
                                                        java.util.function.Function<List<double[]>, List<E>> intervals) {
        List<Pending> measured = rows.stream().filter(p -> p.notMeasured == null && !p.byMode.isEmpty()).toList();
        return ContextIntervals.of(measured, p -> p.context.label(), perFork, intervals);
    }

    private boolean isBaseline(Pending p) {
        return p.cell.family().baseline(baseline).map(b -> b.equals(p.cell.methodValue())).orElse(false);
    }

    /**
     * The baseline's group for a batched row: a baseline without a sync call (NONE) only runs at
     * writesPerSync=1, and batching does not change what it does, so batch 10's baseline is batch 1's.
     */
    private static String batchlessGroupKey(Pending p) {
        if (!p.cell.fixes(SyncWriteCostFamily.WRITES_PER_SYNC)) return null;
        return p.context.label() + "|" + p.cell.with(SyncWriteCostFamily.WRITES_PER_SYNC, 1).groupKey();
    }
}
