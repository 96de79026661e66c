package io.durabench.report.analysis;

import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Finding;
import io.durabench.report.Finding.Kind;
import io.durabench.report.ReferenceComparison;
import io.durabench.report.ReportRow;
import io.durabench.stats.Numbers;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.List;

/**
 * What a design review asks of io_uring and pwritev2 on this disk: per target, each of those methods
 * measured in lock-step against FDATASYNC, what it saves or costs per write, with the interval between
 * fork pairs ("on ext4 /mnt/x, io_uring's linked fdatasync (URING_FDATASYNC, QD 1): 2.1% [0.6, 3.6]
 * cheaper than FDATASYNC here, 3 µs [1, 5] per write"). Only lock-step figures: the difference between
 * two ways to submit the same writes is small beside the noise of separate forks.
 */
final class SubmissionFindings {
    private SubmissionFindings() {
    }

    static List<Finding> all(List<ReferenceComparison> references, List<ReportRow> rows) {
        List<Finding> out = new ArrayList<>();
        for (ReferenceComparison rc : references) {
            if (!rc.reference().equals(SyncMethod.FDATASYNC.name())) continue;
            for (ReferenceComparison.Entry e : rc.entries()) {
                if (!e.measured() || !(e.cell().methodValue() instanceof SyncMethod m) || !submitsDifferently(m)) continue;
                int depth = e.cell().find(SyncWriteCostFamily.WRITES_PER_SYNC).orElse(1);
                String label = rc.context().label();
                String message = "on " + label + ", " + what(m, depth) + " (" + m + (m.throughRing() ? ", QD " + depth : "") + "): "
                        + LockStepRecommendation.difference(e.estimate(), rc.reference())
                        + " (" + Numbers.count(rc.forkPairsText(), "fork pair", "fork pairs") + " in lock-step)";
                List<Integer> ids = rows.stream().filter(r -> r.context().equals(rc.context()) && r.cell().keyWithoutTarget()
                        .equals(e.cell().keyWithoutTarget())).map(ReportRow::id).toList();
                out.add(new Finding(label, Kind.DURABILITY_COST, message, ids));
            }
        }
        return out;
    }

    /** pwritev2 and the io_uring methods: the same durable writes as the classic calls, submitted another way. */
    private static boolean submitsDifferently(SyncMethod m) {
        return m == SyncMethod.PWRITEV2_DSYNC || m.throughRing();
    }

    private static String what(SyncMethod m, int depth) {
        return switch (m) {
            case URING_FDATASYNC -> depth == 1 ? "io_uring's linked fdatasync" : "io_uring's fdatasync drained behind " + depth + " writes";
            case URING_DSYNC -> "io_uring's RWF_DSYNC write";
            case URING_DIRECT_DSYNC -> "io_uring's O_DIRECT write with RWF_DSYNC";
            case PWRITEV2_DSYNC -> "pwritev2 with RWF_DSYNC";
            default -> throw new IllegalArgumentException(m + " submits as the classic calls do");
        };
    }
}
