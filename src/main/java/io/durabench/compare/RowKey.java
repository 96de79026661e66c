package io.durabench.compare;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.JmhParams;
import io.durabench.results.NotMeasured;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsFileException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What makes a row of one result set the same row in another: benchmark, mode, threads and every
 * parameter <b>but the target directory</b> (a lab's mount points differ from run to run; where the
 * data went is compared through the {@link Fingerprint} instead). durabench's own benchmarks are
 * typed by the catalogue ({@link Cell#keyWithoutTarget()}); any other JMH benchmark matches on its
 * name, mode, threads and all its parameters.
 *
 * @param id         the matching key
 * @param group      rows compared under one heading (durabench: the cell's group, one row per method)
 * @param groupLabel the heading: "SyncWriteCost.writeBlock, 8192 B, prealloc NONE, 1 write per sync (avgt)"
 * @param label      the row inside its group: the method ("FDATASYNC"), or the parameters of another benchmark
 * @param name       the row on its own: benchmark, parameters (no target) and mode
 * @param cell       the typed cell, null for a benchmark that is not durabench's
 */
public record RowKey(String id, String group, String groupLabel, String label, String name, String benchmark, String mode,
                     int threads, String params, Cell cell) {

    /** The key of a result entry; a parameter value the catalogue refuses means the file is not what it claims. */
    public static RowKey of(ResultSet set, BenchmarkResult r) {
        int threads = r.settings() == null || r.settings().threads() == null ? 1 : r.settings().threads();
        Optional<Cell> cell = cellOf(set, r.benchmark(), r.params());
        if (cell.isPresent()) {
            Cell c = cell.get();
            String params = paramsWithoutTarget(c);
            // A yes/no method axis (syncDirectory) reads as name=value; a method name reads as itself.
            String label = c.methodValue() instanceof Boolean ? c.family().methodAxis().label(c.methodValue()) : c.method();
            return new RowKey(idOf(c, r.mode(), threads), c.groupKey() + "|" + r.mode(),
                    c.groupLabel() + " (" + r.mode() + ")", label, c + " (" + r.mode() + ")", r.benchmark(), r.mode(),
                    threads, params.isEmpty() ? "-" : params, c);
        }
        String params = r.params().describe();
        String shortName = shortName(r.benchmark());
        String thread = threads > 1 ? " threads=" + threads : "";
        String label = (r.params().isEmpty() ? "-" : params) + thread;
        return new RowKey(r.benchmark() + "|" + new TreeMap<>(r.params().asMap()) + "|" + r.mode() + "|" + threads,
                r.benchmark() + "|" + r.mode(), shortName + " (" + r.mode() + ")", label,
                shortName + (r.params().isEmpty() ? "" : " " + params) + thread + " (" + r.mode() + ")", r.benchmark(), r.mode(),
                threads, params, null);
    }

    /**
     * The key of a cell that produced no number, to say why a row is missing on one side; empty for
     * non-durabench cells (durabench writes not-applicable.json only for its own). Mode and threads
     * are not recorded there, so it is matched by {@link #cellKey()}.
     */
    public static Optional<String> cellKeyOf(ResultSet set, NotMeasured nm) {
        return cellOf(set, nm.benchmark(), nm.params()).map(Cell::keyWithoutTarget);
    }

    /** The id of a durabench cell's row in a mode at a thread count (how {@link #of} keys it). */
    static String idOf(Cell cell, String mode, int threads) {
        return cell.keyWithoutTarget() + "|" + mode + "|" + threads;
    }

    /** The cell part of the key (without mode and threads), for matching not-measured cells; null for other benchmarks. */
    public String cellKey() {
        return cell == null ? null : cell.keyWithoutTarget();
    }

    /** "org.openjdk.jmh.samples.JMHSample_27_Params.bench" → "JMHSample_27_Params.bench". */
    static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int type = method <= 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(type + 1);
    }

    private static String paramsWithoutTarget(Cell c) {
        return c.jmhParams().entrySet().stream().filter(e -> !e.getKey().equals(Catalogue.TARGET_DIR.name()))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    private static Optional<Cell> cellOf(ResultSet set, String benchmark, JmhParams params) {
        try {
            Map<String, String> values = params.asMap();
            return Catalogue.cell(benchmark, values);
        } catch (InvalidValueException e) {
            throw new ResultsFileException(set.source() + ": " + e.getMessage());
        }
    }
}
