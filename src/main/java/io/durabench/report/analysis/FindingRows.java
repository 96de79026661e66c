package io.durabench.report.analysis;

import io.durabench.report.ReportRow;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Row lookups the finding rules share: groups, the reference durable method, rows by value. */
final class FindingRows {
    /**
     * The method every other durable method is compared with where the run recorded none (runs from
     * before reference pairs): write + fdatasync, what databases use to make a log write durable.
     */
    static final SyncMethod DEFAULT_REFERENCE = SyncMethod.FDATASYNC;

    private FindingRows() {
    }

    static Map<String, List<ReportRow>> groups(List<ReportRow> rows) {
        Map<String, List<ReportRow>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(r.groupKey(), k -> new ArrayList<>()).add(r));
        return groups;
    }

    /** Measured durable rows that are not the baseline: the ones with a durability cost to quote. */
    static List<ReportRow> durable(List<ReportRow> group) {
        return group.stream().filter(r -> r.measured() && r.durable() && !r.baseline()).toList();
    }

    /** The reference method's row of the group; when it was not measured, the group's first durable row. */
    static Optional<ReportRow> reference(List<ReportRow> group, SyncMethod reference) {
        List<ReportRow> durable = durable(group);
        return durable.stream().filter(r -> r.cell().methodValue() == reference).findFirst().or(() -> durable.stream().findFirst());
    }

    /** "FSYNC, O_DSYNC and O_SYNC". */
    static String methods(List<ReportRow> rows) {
        return io.durabench.report.ContextNames.join(rows.stream().map(ReportRow::methodLabel).distinct().toList());
    }
}
