package io.durabench.report.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.catalogue.Cells;
import io.durabench.report.Context;
import io.durabench.report.Finding;
import io.durabench.report.ReferenceComparison;
import io.durabench.stats.LockStepEstimate;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The io_uring and pwritev2 findings say, per target, what each saves or costs per write against FDATASYNC in lock-step. */
class SubmissionFindingsTest {
    private static final Context LAB = new Context("ext4 /mnt/lab", "/mnt/lab", "ext4", "JDK 17", null, null);

    @Test
    void eachRingMethodAndPwritev2SaysWhatItSavesOrCostsAgainstFdatasync() {
        // Per fork pair: FDATASYNC (A) 100 µs; the linked ring 96-98 µs, the drained batch 110-114 µs.
        double[] a = {100, 100, 100, 100};
        LockStepEstimate cheaper = LockStepEstimate.of(a, new double[] {96, 97, 98, 97}, ReferenceComparison.CONFIDENCE);
        LockStepEstimate dearer = LockStepEstimate.of(a, new double[] {110, 112, 114, 112}, ReferenceComparison.CONFIDENCE);
        ReferenceComparison rc = new ReferenceComparison(LAB, "FDATASYNC", 4, List.of(
                entry(SyncMethod.URING_FDATASYNC, 1, cheaper), entry(SyncMethod.URING_FDATASYNC, 10, dearer),
                entry(SyncMethod.PWRITEV2_DSYNC, 1, cheaper), entry(SyncMethod.O_DSYNC, 1, cheaper),
                entry(SyncMethod.URING_DSYNC, 1, null)));
        List<String> said = SubmissionFindings.all(List.of(rc), List.of()).stream().map(Finding::message).toList();
        assertEquals(List.of(
                "on ext4 /mnt/lab, io_uring's linked fdatasync (URING_FDATASYNC, QD 1): " + LockStepRecommendation.difference(cheaper, "FDATASYNC")
                        + " (4 fork pairs in lock-step)",
                "on ext4 /mnt/lab, io_uring's fdatasync drained behind 10 writes (URING_FDATASYNC, QD 10): "
                        + LockStepRecommendation.difference(dearer, "FDATASYNC") + " (4 fork pairs in lock-step)",
                "on ext4 /mnt/lab, pwritev2 with RWF_DSYNC (PWRITEV2_DSYNC): " + LockStepRecommendation.difference(cheaper, "FDATASYNC")
                        + " (4 fork pairs in lock-step)"), said, "O_DSYNC submits as before; an unmeasured entry says nothing");
        assertEquals(true, said.get(0).contains("3.0% [1.7, 4.3] cheaper than FDATASYNC here, 3.00 µs [1.70, 4.30] per write"), said.get(0));
        assertEquals(true, said.get(1).contains("12% [9.4, 15] dearer than FDATASYNC here, 12 µs [9.40, 15] per write"), said.get(1));
        assertEquals(List.of(), SubmissionFindings.all(List.of(new ReferenceComparison(LAB, "FSYNC", 4, rc.entries())), List.of()),
                "only against FDATASYNC");
    }

    private static ReferenceComparison.Entry entry(SyncMethod m, int batch, LockStepEstimate e) {
        return new ReferenceComparison.Entry(Cells.syncWrite(m, 8192, batch, Preallocation.NONE), e, 0.01, 0, 0, e == null ? "failed" : null);
    }
}
