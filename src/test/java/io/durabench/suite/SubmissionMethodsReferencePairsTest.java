package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.PlanRequest;
import io.durabench.catalogue.Sweep;
import io.durabench.workload.SyncMethod;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The quick profile's lock-step column: each of pwritev2 and the io_uring methods beside FDATASYNC at the centre, as the hand-off rule allows. */
class SubmissionMethodsReferencePairsTest {
    @Test
    void eachNewMethodIsPairedWithFdatasyncAtTheCentre() {
        List<Cell> quick = Catalogue.SYNC_WRITE_COST.plan(new PlanRequest(Sweep.QUICK, "/unused", n -> Optional.empty()));
        List<String> paired = ReferencePairs.plan(quick, SyncMethod.FDATASYNC).stream()
                .filter(p -> p.b().methodValue() instanceof SyncMethod m && (m == SyncMethod.PWRITEV2_DSYNC || m.throughRing()))
                .map(p -> p.b().method() + " beside " + p.a().method() + " " + p.a().spec().equals(p.b().withMethod("FDATASYNC").spec())).toList();
        assertEquals(List.of("PWRITEV2_DSYNC beside FDATASYNC true", "URING_FDATASYNC beside FDATASYNC true", "URING_DSYNC beside FDATASYNC true",
                "URING_DIRECT_DSYNC beside FDATASYNC true"), paired);
    }
}
