package io.durabench.report.chart;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.workload.Preallocation;
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
    final List<ReportRow> rows;
    final Integer block;
    final Integer batch;
    final Preallocation prealloc;
    final boolean manyContexts;

    private record Headline(Integer block, Integer batch, Preallocation prealloc) {
    }

    ChartData(Report report) {
        rows = report.rows().stream().filter(r -> r.measured()
                && r.cell().benchmark().equals(Catalogue.SYNC_WRITE_COST.writeBlock())).toList();
        Map<Headline, Integer> counts = new LinkedHashMap<>();
        for (ReportRow r : rows) counts.merge(headline(r), 1, Integer::sum);
        Headline best = counts.entrySet().stream().max(Comparator.comparingInt(Map.Entry::getValue)).map(Map.Entry::getKey)
                .orElse(new Headline(null, null, null));
        block = best.block();
        batch = best.batch();
        prealloc = best.prealloc();
        manyContexts = rows.stream().map(ReportRow::context).distinct().count() > 1;
    }

    private static Headline headline(ReportRow r) {
        return new Headline(r.cell().get(SyncWriteCostFamily.BLOCK_SIZE), r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC),
                r.cell().get(SyncWriteCostFamily.PREALLOCATION));
    }

    /** Rows at the headline values except for the parameters a chart varies (vary = true). */
    List<ReportRow> at(boolean varyBlock, boolean varyBatch, boolean varyPrealloc) {
        List<ReportRow> out = new ArrayList<>();
        for (ReportRow r : rows) {
            Headline h = headline(r);
            if (!varyBlock && !Objects.equals(h.block(), block)) continue;
            if (!varyBatch && !Objects.equals(h.batch(), batch)) continue;
            if (!varyPrealloc && !Objects.equals(h.prealloc(), prealloc)) continue;
            out.add(r);
        }
        return out;
    }

    /** A series or category name: the method, with the place when several contexts are charted. */
    String label(ReportRow r) {
        return manyContexts ? r.method() + " @ " + r.context().shortPlace() : r.method();
    }

    String fixed(boolean withBlock, boolean withBatch, boolean withPrealloc) {
        List<String> parts = new ArrayList<>();
        if (withBlock) parts.add(block + " B blocks");
        if (withBatch) parts.add(batch + (Objects.equals(batch, 1) ? " write" : " writes") + " per sync");
        if (withPrealloc) parts.add("prealloc " + (prealloc == null ? "" : prealloc.name()));
        return String.join(", ", parts);
    }
}
