package io.durabench.compare;

import io.durabench.results.BenchmarkResult;
import io.durabench.results.NotMeasured;
import io.durabench.results.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of one side of a comparison: every result entry of its sets keyed by {@link RowKey}, in
 * file order, with the forks of a row that several sets hold (the same JDK measured in two slots)
 * pooled; and the cells that produced no number, with why, to explain a row missing on this side.
 */
public final class SideRows {

    /** One row of a side: its key, its unit and its replicates. */
    public record Row(RowKey key, String unit, ReplicateScores scores) {
    }

    private final Map<String, Row> rows;
    private final Map<String, NotMeasured> notMeasured;

    private SideRows(Map<String, Row> rows, Map<String, NotMeasured> notMeasured) {
        this.rows = rows;
        this.notMeasured = notMeasured;
    }

    public static SideRows of(List<ResultSet> sets) {
        Map<String, RowKey> keys = new LinkedHashMap<>();
        Map<String, List<BenchmarkResult>> entries = new LinkedHashMap<>();
        Map<String, NotMeasured> notMeasured = new LinkedHashMap<>();
        for (ResultSet set : sets) {
            for (BenchmarkResult r : set.results()) {
                RowKey key = RowKey.of(set, r);
                keys.putIfAbsent(key.id(), key);
                List<BenchmarkResult> same = entries.computeIfAbsent(key.id(), k -> new ArrayList<>());
                if (!same.isEmpty() && !same.get(0).primary().unit().equals(r.primary().unit())) {
                    throw new NotComparableException(set.source() + ": " + key.name() + " is in " + r.primary().unit()
                            + " here but in " + same.get(0).primary().unit() + " in another result file of the same side; "
                            + "measure both with the same -tu");
                }
                same.add(r);
            }
            for (NotMeasured nm : set.notMeasured()) RowKey.cellKeyOf(set, nm).ifPresent(k -> notMeasured.putIfAbsent(k, nm));
        }
        Map<String, Row> rows = new LinkedHashMap<>();
        entries.forEach((id, list) -> rows.put(id, new Row(keys.get(id), list.get(0).primary().unit(), ReplicateScores.of(list))));
        return new SideRows(rows, notMeasured);
    }

    /** The rows, in the order their files list them. */
    public List<Row> rows() {
        return List.copyOf(rows.values());
    }

    public Row row(String id) {
        return rows.get(id);
    }

    /** Why this side has no number for the row's cell (n/a or FAILED), null when it does not say. */
    NotMeasured whyMissing(RowKey key) {
        return key.cellKey() == null ? null : notMeasured.get(key.cellKey());
    }
}
