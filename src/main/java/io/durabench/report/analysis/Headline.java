package io.durabench.report.analysis;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.format.Fmt;
import io.durabench.report.ReportRow;
import io.durabench.workload.Preallocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The centre of a SyncWriteCost sweep: the block size, batch and preallocation every view is
 * built around (the standard profile's 8 KiB, one write per sync, append). A profile sweeps one
 * axis at a time through the centre, so on each axis the centre's value is the one with the most
 * rows (ties: the first seen); when that combination was not measured, the combination with the
 * most rows. Findings, cost model and charts all use this one choice so they agree.
 */
public record Headline(Integer block, Integer batch, Preallocation prealloc) {
    private static final Headline NONE = new Headline(null, null, null);

    public static Headline of(List<ReportRow> rows) {
        List<ReportRow> sweep = syncWrites(rows);
        if (sweep.isEmpty()) return NONE;
        Headline centre = new Headline(mode(sweep, r -> r.cell().get(SyncWriteCostFamily.BLOCK_SIZE)),
                mode(sweep, r -> r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC)),
                mode(sweep, r -> r.cell().get(SyncWriteCostFamily.PREALLOCATION)));
        if (sweep.stream().anyMatch(r -> centre.matches(r, false, false, false))) return centre;
        return mode(sweep, Headline::of);
    }

    /** SyncWriteCost rows: the only family with the three axes. */
    public static List<ReportRow> syncWrites(List<ReportRow> rows) {
        return rows.stream().filter(r -> r.cell().benchmark().equals(Catalogue.SYNC_WRITE_COST.writeBlock())).toList();
    }

    private static Headline of(ReportRow r) {
        return new Headline(r.cell().get(SyncWriteCostFamily.BLOCK_SIZE), r.cell().get(SyncWriteCostFamily.WRITES_PER_SYNC),
                r.cell().get(SyncWriteCostFamily.PREALLOCATION));
    }

    /** The value of {@code axis} most rows have, the first seen of equals; null for no rows. */
    static <T> T mode(List<ReportRow> rows, Function<ReportRow, T> axis) {
        Map<T, Integer> counts = new LinkedHashMap<>();
        for (ReportRow r : rows) counts.merge(axis.apply(r), 1, Integer::sum);
        // max() keeps the first of equal counts only if we compare strictly: walk in insertion order.
        T best = null;
        int most = -1;
        for (Map.Entry<T, Integer> e : counts.entrySet()) {
            if (e.getValue() > most) {
                best = e.getKey();
                most = e.getValue();
            }
        }
        return best;
    }

    /** A SyncWriteCost cell at the centre on every axis. */
    public boolean matches(io.durabench.catalogue.Cell c) {
        if (!c.benchmark().equals(Catalogue.SYNC_WRITE_COST.writeBlock())) return false;
        return Objects.equals(c.get(SyncWriteCostFamily.BLOCK_SIZE), block) && Objects.equals(c.get(SyncWriteCostFamily.WRITES_PER_SYNC), batch)
                && Objects.equals(c.get(SyncWriteCostFamily.PREALLOCATION), prealloc);
    }

    /** A SyncWriteCost row at the centre on every axis it does not vary. */
    public boolean matches(ReportRow r, boolean varyBlock, boolean varyBatch, boolean varyPrealloc) {
        if (!r.cell().benchmark().equals(Catalogue.SYNC_WRITE_COST.writeBlock())) return false;
        Headline h = of(r);
        return (varyBlock || Objects.equals(h.block, block)) && (varyBatch || Objects.equals(h.batch, batch))
                && (varyPrealloc || Objects.equals(h.prealloc, prealloc));
    }

    /** Rows at the centre except on the axes a view varies. */
    public List<ReportRow> select(List<ReportRow> rows, boolean varyBlock, boolean varyBatch, boolean varyPrealloc) {
        List<ReportRow> out = new ArrayList<>();
        for (ReportRow r : rows) if (matches(r, varyBlock, varyBatch, varyPrealloc)) out.add(r);
        return out;
    }

    /** The fixed values a view names: "8 KiB, 1 write per sync, prealloc NONE" (with only the axes asked for). */
    public String describe(boolean withBlock, boolean withBatch, boolean withPrealloc) {
        List<String> parts = new ArrayList<>();
        if (withBlock && block != null) parts.add(Fmt.bytes(block));
        if (withBatch && batch != null) parts.add(SyncWriteCostFamily.WRITES_PER_SYNC.label(batch));
        if (withPrealloc && prealloc != null) parts.add(SyncWriteCostFamily.PREALLOCATION.label(prealloc));
        return String.join(", ", parts);
    }
}
