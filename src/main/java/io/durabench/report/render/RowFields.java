package io.durabench.report.render;

import io.durabench.output.Field;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.GroupCommitFamily;
import io.durabench.report.DeviceRequests;
import io.durabench.report.GroupCommitRow;
import io.durabench.report.PlainRow;
import io.durabench.report.ReportRow;
import io.durabench.results.JmhParams;
import io.durabench.stats.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The one field list per row type that the report's CSV tables and report.json are written from.
 * Units are in the key (µs: "Us", per second: "PerSec"); intervals are 99.9% like every interval in
 * the report. The context is also split into filesystem and JDK, so a tool can group by either
 * without parsing the label. The CSV tables give each parameter of "params" its own column
 * ({@link CsvTables}).
 */
public final class RowFields {
    private RowFields() {
    }

    /** Per-write rows (SyncWriteCost, PgTestFsyncEquivalent, FileCreateCost). */
    public static final List<Field<ReportRow>> DURABENCH = withDevice(List.of(
            Field.whole("id", ReportRow::id),
            Field.text("benchmark", ReportRow::benchmark),
            Field.text("context", r -> r.context().label()),
            Field.text("filesystem", r -> r.context().filesystem()),
            Field.text("jdk", r -> r.context().jdk()),
            Field.params("params", r -> params(r.cell())),
            Field.text("method", ReportRow::method),
            Field.bool("isBaseline", ReportRow::baseline),
            Field.number("meanUs", r -> mean(r.time())),
            Field.number("ciLowUs", r -> low(r.figure())),
            Field.number("ciHighUs", r -> high(r.figure())),
            Field.whole("n", r -> r.time() == null ? null : r.time().n()),
            // meanUs (and every interval, cost and ratio) leaves the row's stalls out: how many, the worst, and the mean with them.
            Field.whole("stalledIterations", r -> r.measured() ? r.stalledIterations() : null),
            Field.number("worstStallUs", ReportRow::worstStallUs),
            Field.number("meanWithStallsUs", r -> r.measured() ? r.meanWithStallsUs() : Double.NaN),
            Field.number("opsPerSec", r -> r.measured() ? r.opsPerSec() : Double.NaN),
            Field.number("p50Us", ReportRow::p50Us),
            Field.number("p99Us", ReportRow::p99Us),
            Field.number("p999Us", ReportRow::p999Us),
            Field.number("p50LowUs", r -> low(r.percentileInterval(50.0))),
            Field.number("p50HighUs", r -> high(r.percentileInterval(50.0))),
            Field.number("p99LowUs", r -> low(r.percentileInterval(99.0))),
            Field.number("p99HighUs", r -> high(r.percentileInterval(99.0))),
            Field.number("p999LowUs", r -> low(r.percentileInterval(99.9))),
            Field.number("p999HighUs", r -> high(r.percentileInterval(99.9))),
            Field.number("baselineUs", ReportRow::baselineUs),
            Field.number("ratio", r -> mean(r.ratio())),
            Field.number("ratioLow", r -> low(r.ratio())),
            Field.number("ratioHigh", r -> high(r.ratio())),
            Field.number("durabilityCostUs", r -> mean(r.cost())),
            Field.number("durabilityCostLowUs", r -> low(r.cost())),
            Field.number("durabilityCostHighUs", r -> high(r.cost())),
            Field.number("syncsPerWrite", ReportRow::syncsPerWrite),
            // The sync call alone (fio's "sync" percentiles), every fork pooled; the interval is over forks' p99s.
            Field.number("syncP50Us", r -> r.syncLatency() == null ? Double.NaN : r.syncLatency().pooledUs(50.0)),
            Field.number("syncP99Us", r -> r.syncLatency() == null ? Double.NaN : r.syncLatency().pooledUs(99.0)),
            Field.number("syncP999Us", r -> r.syncLatency() == null ? Double.NaN : r.syncLatency().pooledUs(99.9)),
            Field.number("syncMaxUs", r -> r.syncLatency() == null ? Double.NaN : r.syncLatency().maxUs()),
            Field.number("syncP99LowUs", r -> r.syncLatency() == null ? Double.NaN : low(r.syncLatency().interval(99.0))),
            Field.number("syncP99HighUs", r -> r.syncLatency() == null ? Double.NaN : high(r.syncLatency().interval(99.0))),
            Field.bool("durable", ReportRow::durable),
            Field.text("notDurableBecause", ReportRow::notDurableBecause),
            Field.text("na", ReportRow::na),
            Field.text("failed", ReportRow::failed)), ReportRow::device);

    /** Group-commit rows: commits/s over committers, latency per commit. */
    public static final List<Field<GroupCommitRow>> GROUP_COMMIT = withDevice(List.of(
            Field.whole("id", GroupCommitRow::id),
            Field.text("benchmark", GroupCommitRow::benchmark),
            Field.text("context", r -> r.context().label()),
            Field.text("filesystem", r -> r.context().filesystem()),
            Field.text("jdk", r -> r.context().jdk()),
            Field.params("params", r -> params(r.cell())),
            Field.text("variant", GroupCommitRow::variant),
            // These five carry the parameter's own name: the catalogue's, so a rename reaches the report.
            Field.whole(GroupCommitFamily.COMMIT_DELAY.name(), r -> r.cell().get(GroupCommitFamily.COMMIT_DELAY)),
            Field.whole(GroupCommitFamily.COMMITTERS.name(), GroupCommitRow::committers),
            Field.whole(GroupCommitFamily.RECORD_SIZE.name(), r -> r.cell().get(GroupCommitFamily.RECORD_SIZE)),
            Field.text(GroupCommitFamily.SYNC_METHOD.name(), GroupCommitRow::method),
            Field.text(GroupCommitFamily.PREALLOCATION.name(), r -> r.cell().find(GroupCommitFamily.PREALLOCATION).map(Enum::name).orElse(null)),
            Field.number("commitsPerSec", r -> mean(r.commitsPerSec())),
            Field.number("commitsPerSecLow", r -> low(r.commitsPerSec())),
            Field.number("commitsPerSecHigh", r -> high(r.commitsPerSec())),
            Field.whole("n", r -> r.commitsPerSec() == null ? null : r.commitsPerSec().n()),
            Field.whole("stalledIterations", r -> r.measured() ? r.stalledIterations() : null),
            Field.number("commitsPerSecWithStalls", r -> r.measured() ? r.commitsPerSecWithStalls() : Double.NaN),
            Field.number("meanLatencyUs", GroupCommitRow::meanLatencyUs),
            Field.number("p50Us", GroupCommitRow::p50Us),
            Field.number("p99Us", GroupCommitRow::p99Us),
            Field.number("p999Us", GroupCommitRow::p999Us),
            Field.number("syncsPerCommit", GroupCommitRow::syncsPerCommit),
            Field.number("speedupVs1", r -> mean(r.speedup())),
            Field.number("speedupVs1Low", r -> low(r.speedup())),
            Field.number("speedupVs1High", r -> high(r.speedup())),
            Field.bool("durable", GroupCommitRow::durable),
            Field.text("notDurableBecause", GroupCommitRow::notDurableBecause),
            Field.text("na", GroupCommitRow::na),
            Field.text("failed", GroupCommitRow::failed)), GroupCommitRow::device);

    /** Results of other JMH benchmarks: as JMH reported them, with where their results file says they ran. */
    public static final List<Field<PlainRow>> OTHER = List.of(
            Field.text("benchmark", PlainRow::benchmark),
            Field.text("metric", PlainRow::metric),
            Field.text("context", r -> r.context() == null ? null : r.context().label()),
            Field.text("filesystem", r -> r.context() == null ? null : r.context().filesystem()),
            Field.text("jdk", r -> r.context() == null ? null : r.context().jdk()),
            Field.params("params", r -> params(r.params())),
            Field.text("mode", PlainRow::mode),
            Field.number("score", PlainRow::score),
            Field.number("scoreError", PlainRow::scoreError),
            Field.text("unit", PlainRow::unit),
            // The device witness's word on a catalogue's cell: NativeCallCost's "n/a (no I/O to the target)".
            Field.text("deviceNotCounted", r -> r.device() == null ? null : r.device().notCounted()));

    /**
     * {@code fields} with the device witness's fields before its last four (durable, notDurableBecause, na, failed): what reached the block
     * device under the filesystem ({@code deviceName}) per operation (per write, per commit) in the forks' measurement
     * iterations; {@code deviceChain} has every device down to the disk, {@code deviceNotCounted} why there is none.
     */
    private static <R> List<Field<R>> withDevice(List<Field<R>> fields, Function<R, DeviceRequests> device) {
        int beforeLast = 4;
        List<Field<R>> out = new ArrayList<>(fields.subList(0, fields.size() - beforeLast));
        out.add(Field.text("deviceName", r -> device.apply(r) == null ? null : device.apply(r).device()));
        out.add(Field.number("deviceFlushesPerOp", r -> device.apply(r) == null ? Double.NaN : device.apply(r).flushesPerOp()));
        out.add(Field.number("deviceFuaWritesPerOp", r -> device.apply(r) == null ? Double.NaN : device.apply(r).fuaWritesPerOp()));
        out.add(Field.number("deviceBytesPerOp", r -> device.apply(r) == null ? Double.NaN : device.apply(r).bytesPerOp()));
        out.add(Field.text("deviceChain", r -> device.apply(r) == null || !device.apply(r).ok() ? null : device.apply(r).chain()));
        out.add(Field.text("deviceVerdict", r -> device.apply(r) == null || device.apply(r).verdict() == null ? null
                : device.apply(r).verdict().text()));
        out.add(Field.text("deviceNotCounted", r -> device.apply(r) == null ? null : device.apply(r).notCounted()));
        out.addAll(fields.subList(fields.size() - beforeLast, fields.size()));
        return List.copyOf(out);
    }

    /** A cell's parameters: "name=value, ..." for CSV, the JMH parameters for JSON. */
    private static Field.Params params(Cell cell) {
        return cell == null ? null : new Field.Params(cell.describe(), cell.jmhParams());
    }

    /** Foreign JMH parameters: "name=value, ..." ("-" without any) for CSV, as given for JSON. */
    private static Field.Params params(JmhParams params) {
        return params == null ? null : new Field.Params(params.describe(), params.asMap());
    }

    private static Object mean(Estimate e) {
        return part(e, Estimate::mean);
    }

    private static Object low(Estimate e) {
        return part(e, Estimate::low);
    }

    private static Object high(Estimate e) {
        return part(e, Estimate::high);
    }

    private static Object part(Estimate e, Function<Estimate, Double> f) {
        return e == null ? Double.NaN : f.apply(e);
    }
}
