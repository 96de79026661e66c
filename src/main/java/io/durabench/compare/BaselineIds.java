package io.durabench.compare;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.Parameter;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a row's baseline is: the same cell with the family's baseline method (NONE for sync
 * methods, pg_test_fsync's plain write, file creation without the directory fsync), as the report
 * finds it. A baseline without a sync call runs only at one write per sync, and batching changes
 * nothing it does, so a batched row's baseline is also looked for at writesPerSync = 1.
 */
final class BaselineIds {

    private BaselineIds() {
    }

    /** The ids the row's baseline may have, most specific first; empty when the family has no baseline. */
    static List<String> idsFor(RowKey key) {
        Cell cell = key.cell();
        if (cell == null) return List.of();
        Optional<Object> baseline = cell.family().baseline(SyncMethod.NONE);
        if (baseline.isEmpty()) return List.of();
        Parameter<?> axis = cell.family().methodAxis();
        Map<String, String> params = new LinkedHashMap<>(cell.jmhParams());
        params.put(axis.name(), axis.format(baseline.get()));
        List<String> ids = new ArrayList<>();
        idOf(key, params).ifPresent(ids::add);
        if (cell.fixes(SyncWriteCostFamily.WRITES_PER_SYNC)) {
            params.put(SyncWriteCostFamily.WRITES_PER_SYNC.name(), SyncWriteCostFamily.WRITES_PER_SYNC.format(1));
            idOf(key, params).ifPresent(ids::add);
        }
        return ids;
    }

    /** True when the row is its group's baseline. */
    static boolean isBaseline(RowKey key) {
        return key.cell() != null && key.cell().family().baseline(SyncMethod.NONE).map(b -> b.equals(key.cell().methodValue())).orElse(false);
    }

    private static Optional<String> idOf(RowKey key, Map<String, String> params) {
        try {
            return Catalogue.cell(key.benchmark(), params).map(c -> RowKey.idOf(c, key.mode(), key.threads()));
        } catch (InvalidValueException e) {
            return Optional.empty();
        }
    }
}
