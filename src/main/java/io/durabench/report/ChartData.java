package io.durabench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Picks what each chart shows. A full run has many groups; each chart fixes the parameters it
 * does not vary to the "headline" values: SyncWriteCost at the block size, batch and preallocation
 * with the most measured rows (ties: the first measured), so the charts agree with each other.
 */
final class ChartData {
    static final String SYNC_WRITE = MethodRules.PREFIX + "SyncWriteCost.writeBlock";

    final List<ReportRow> rows;
    final String block;
    final String batch;
    final String prealloc;
    final boolean manyContexts;

    ChartData(Report report) {
        rows = report.rows().stream().filter(r -> r.measured() && r.benchmark().equals(SYNC_WRITE)).toList();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (ReportRow r : rows) counts.merge(r.params().get("blockSizeBytes") + "|" + r.params().get("writesPerSync") + "|" + r.params().get("preallocation"), 1, Integer::sum);
        String best = counts.entrySet().stream().max(Comparator.comparingInt(Map.Entry::getValue)).map(Map.Entry::getKey).orElse("||");
        String[] parts = best.split("\\|", -1);
        block = parts[0];
        batch = parts[1];
        prealloc = parts[2];
        manyContexts = rows.stream().map(ReportRow::context).distinct().count() > 1;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** Rows at the headline values except for the parameters a chart varies (null = vary it). */
    List<ReportRow> at(String blockValue, String batchValue, String preallocValue) {
        List<ReportRow> out = new ArrayList<>();
        for (ReportRow r : rows) {
            if (blockValue != null && !Objects.equals(r.params().get("blockSizeBytes"), blockValue)) continue;
            if (batchValue != null && !Objects.equals(r.params().get("writesPerSync"), batchValue)) continue;
            if (preallocValue != null && !Objects.equals(r.params().get("preallocation"), preallocValue)) continue;
            out.add(r);
        }
        return out;
    }

    /** A series or category name: the method, with the place when several contexts are charted. */
    String label(ReportRow r) {
        return manyContexts ? r.method() + " @ " + r.context().shortPlace() : r.method();
    }

    String contextLabel(ReportRow r) {
        return manyContexts ? r.context().place() : "";
    }

    String fixed(boolean withBlock, boolean withBatch, boolean withPrealloc) {
        List<String> parts = new ArrayList<>();
        if (withBlock) parts.add(block + " B blocks");
        if (withBatch) parts.add(batch + (batch.equals("1") ? " write" : " writes") + " per sync");
        if (withPrealloc) parts.add("prealloc " + prealloc);
        return String.join(", ", parts);
    }
}
