package io.durabench.report.render;

import io.durabench.output.Column;
import io.durabench.catalogue.GroupCommitFamily;
import io.durabench.format.Fmt;
import io.durabench.report.DeviceRequests;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.render.BaselineRows.Labelled;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The columns of the detail tables, the default set and what {@link TableColumns} adds. The
 * defaults keep a table within 120 characters in text and Markdown alike; an interval stands
 * beside its value ("473.2 [414.0, 541.0]": one cell in Markdown, aligned sub-columns in text).
 */
final class DetailColumns {
    private DetailColumns() {
    }

    /** Per-operation rows (SyncWriteCost, PgTestFsyncEquivalent, FileCreateCost). */
    static List<Column<Labelled>> perOperation(TableColumns choice) {
        List<Column<Labelled>> c = new ArrayList<>();
        c.add(Column.text("method", "Method", Labelled::label));
        // The figure leaves a row's stalls out (intervals.md), so it says so, and how many there were beside it.
        c.add(Column.number("µs/op w/o stalls [95% CI]", "µs/op w/o stalls [95% CI]", l -> Fmt.usCompact(l.row().meanUs())));
        c.add(Column.joined("95% CI (µs)", l -> Fmt.usCompactInterval(l.row().figure())));
        c.add(Column.<Labelled>number("stalls", "Stalls", l -> stalls(l.row().stalledIterations())).hiddenWhenEmpty());
        c.add(Column.number("ops/s", "ops/s", l -> l.row().measured() ? Fmt.ops(l.row().opsPerSec()) : ""));
        percentiles(c, choice, l -> l.row().p50Us(), l -> l.row().p99Us(), l -> l.row().p999Us());
        c.add(Column.number("cost µs [99.9% CI]", "Durability cost µs [99.9% CI]",
                l -> l.row().cost() == null ? "" : Fmt.usCompact(l.row().cost().mean())));
        c.add(Column.joined("Cost 99.9% CI (µs)", l -> Fmt.usCompactInterval(l.row().cost())));
        boolean ratioCi = choice.shows(TableColumns.RATIO_CI);
        c.add(Column.number(ratioCi ? "ratio [99.9% CI]" : "ratio", ratioCi ? "Ratio [99.9% CI]" : "Ratio",
                l -> l.row().ratio() == null ? "" : Fmt.ratio(l.row().ratio().mean()) + "x"));
        if (ratioCi) c.add(Column.joined("Ratio 99.9% CI", l -> Fmt.interval(l.row().ratio(), true)));
        c.add(Column.number("syncs/op", "Syncs/op", l -> Fmt.fixed2(l.row().syncsPerWrite())));
        // The device witness's columns, where the run recorded it: flushes and FUA writes per operation at the
        // filesystem's device, and the bytes it received per operation (the journal's and metadata's included).
        // FUA writes are blank where there were none, so a device without FUA (most virtual disks and loop
        // devices: the kernel turns FUA into a flush after the write) keeps the table narrow; CSV and JSON say 0.
        c.add(Column.<Labelled>number("flush/op", "Device flushes/op", l -> deviceFigure(l.row().device(), DeviceRequests::flushesPerOp)).hiddenWhenEmpty());
        c.add(Column.<Labelled>number("FUA/op", "Device FUA writes/op", l -> deviceFua(l.row().device())).hiddenWhenEmpty());
        c.add(Column.<Labelled>number("dev KiB/op", "Device KiB written/op", l -> deviceKib(l.row().device())).hiddenWhenEmpty());
        if (choice.shows(TableColumns.SYNC_P99)) {
            c.add(Column.<Labelled>number("sync p99", "Sync call p99 µs",
                    l -> l.row().syncLatency() == null ? "" : Fmt.usCompact(l.row().syncLatency().pooledUs(99.0))).hiddenWhenEmpty());
        }
        c.add(Column.text("durable", "Durable", l -> l.row().durable() ? "yes" : "NO"));
        return c;
    }

    /** A device figure, "n/a" or "FAILED" where the witness has none for the row, "" where the run recorded none. */
    static String deviceFigure(DeviceRequests d, ToDoubleFunction<DeviceRequests> figure) {
        if (d == null) return "";
        if (!d.ok()) return notCountedWord(d);
        return Fmt.fixed2(figure.applyAsDouble(d));
    }

    /** FUA writes per operation, blank where there were none (see {@link #perOperation}), else as {@link #deviceFigure}. */
    static String deviceFua(DeviceRequests d) {
        return d != null && d.ok() && d.fuaWritesPerOp() == 0 ? "" : deviceFigure(d, DeviceRequests::fuaWritesPerOp);
    }

    /** KiB written per operation at the filesystem's device, "n/a" or "FAILED" without counts, "" where none were recorded. */
    static String deviceKib(DeviceRequests d) {
        if (d == null) return "";
        return d.ok() ? Fmt.ratio(d.bytesPerOp() / 1024) : notCountedWord(d);
    }

    private static String notCountedWord(DeviceRequests d) {
        return d.status() == io.durabench.results.DeviceLog.Status.FAILED ? "FAILED" : "n/a";
    }

    /**
     * Why device figures are missing under the tables, one line per reason, with the rows it holds for: the table cells
     * say only "n/a" or "FAILED". Empty where every row has its figures.
     */
    static List<String> deviceLegend(List<DeviceRequests> devices) {
        Map<String, Integer> rowsByReason = new LinkedHashMap<>();
        for (DeviceRequests d : devices) {
            if (d != null && !d.ok()) rowsByReason.merge(d.notCounted(), 1, Integer::sum);
        }
        List<String> lines = new ArrayList<>();
        rowsByReason.forEach((why, n) -> lines.add("device figures " + why + (n == 1 ? " (1 row)" : " (" + n + " rows)")));
        return lines;
    }

    /** Group commit: one row per committer count; p99 by default, since the knee is where it climbs. */
    static List<Column<GroupCommitRow>> groupCommit(TableColumns choice) {
        List<Column<GroupCommitRow>> c = new ArrayList<>();
        c.add(new Column<GroupCommitRow>("variant", "Variant", false, false, true, false, GroupCommitRow::shortVariant)
                .inMarkdown(GroupCommitRow::variant));
        c.add(Column.number(GroupCommitFamily.COMMITTERS.name(), "Committers", r -> String.valueOf(r.committers())));
        c.add(Column.number("commits/s w/o stalls [99.9% CI]", "Commits/s without stalls [99.9% CI]", r -> Fmt.ops(r.meanCommitsPerSec())));
        c.add(Column.joined("99.9% CI (commits/s)", r -> Fmt.opsInterval(r.commitsPerSec())));
        c.add(Column.<GroupCommitRow>number("stalls", "Stalls", r -> stalls(r.stalledIterations())).hiddenWhenEmpty());
        c.add(Column.<GroupCommitRow>number("mean µs", "Mean µs", r -> Fmt.usCompact(r.meanLatencyUs())).hiddenWhenEmpty());
        if (choice.shows(TableColumns.P50)) {
            c.add(Column.<GroupCommitRow>number("p50", "p50 µs", r -> Fmt.usCompact(r.p50Us())).hiddenWhenEmpty());
        }
        c.add(Column.<GroupCommitRow>number("p99", "p99 µs", r -> Fmt.usCompact(r.p99Us())).hiddenWhenEmpty());
        if (choice.shows(TableColumns.P999)) {
            c.add(Column.<GroupCommitRow>number("p99.9", "p99.9 µs", r -> Fmt.usCompact(r.p999Us())).hiddenWhenEmpty().close());
        }
        c.add(Column.number("syncs/op", "Syncs/commit", r -> Fmt.fixed2(r.syncsPerCommit())));
        // The device witness per commit, as the per-write tables show it per write.
        c.add(Column.<GroupCommitRow>number("flush/op", "Device flushes/commit", r -> deviceFigure(r.device(), DeviceRequests::flushesPerOp)).hiddenWhenEmpty());
        c.add(Column.<GroupCommitRow>number("FUA/op", "Device FUA writes/commit", r -> deviceFua(r.device())).hiddenWhenEmpty());
        c.add(Column.<GroupCommitRow>number("dev KiB/op", "Device KiB written/commit", r -> deviceKib(r.device())).hiddenWhenEmpty());
        boolean ratioCi = choice.shows(TableColumns.RATIO_CI);
        c.add(Column.number(ratioCi ? "speed-up [CI]" : "speed-up", ratioCi ? "Speed-up [99.9% CI]" : "Speed-up",
                r -> r.speedup() == null ? "" : Fmt.ratio(r.speedup().mean()) + "x"));
        if (ratioCi) c.add(Column.joined("Speed-up 99.9% CI", r -> Fmt.interval(r.speedup(), true)));
        c.add(Column.text("durable", "Durable", r -> r.durable() ? "yes" : "NO"));
        return c;
    }

    /** A stall count as a table shows it: empty when none, so the column goes where no row of a table stalled. */
    static String stalls(int count) {
        return count == 0 ? "" : String.valueOf(count);
    }

    /** The chosen percentiles, each left out of a table where no row has one (no SampleTime). */
    private static <R> void percentiles(List<Column<R>> c, TableColumns choice, ToDoubleFunction<R> p50,
                                        ToDoubleFunction<R> p99, ToDoubleFunction<R> p999) {
        if (choice.shows(TableColumns.P50)) c.add(Column.<R>number("p50", "p50 µs", r -> Fmt.usCompact(p50.applyAsDouble(r))).hiddenWhenEmpty());
        if (choice.shows(TableColumns.P99)) {
            c.add(Column.<R>number("p99", "p99 µs", r -> Fmt.usCompact(p99.applyAsDouble(r))).hiddenWhenEmpty().close());
        }
        if (choice.shows(TableColumns.P999)) {
            c.add(Column.<R>number("p99.9", "p99.9 µs", r -> Fmt.usCompact(p999.applyAsDouble(r))).hiddenWhenEmpty().close());
        }
    }
}
