package io.durabench.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The spec format on its own: every cell any family plans reads back as itself, target aside. */
class CellSpecTest {

    @Test
    void everyPlannedCellRoundTripsWithoutItsTarget() {
        PlanRequest full = new PlanRequest(Sweep.FULL, "/some where,odd=dir", n -> Optional.empty());
        for (BenchmarkFamily f : Catalogue.families()) {
            for (Cell c : f.plan(full)) {
                String spec = c.spec();
                assertFalse(spec.contains("/some"), spec);
                Cell back = CellSpec.parse(spec);
                assertEquals(c.fixes(Catalogue.TARGET_DIR) ? back.with(Catalogue.TARGET_DIR, c.targetDir()) : back, c, spec);
            }
        }
    }

    @Test
    void aSpecWithoutParametersIsTheBenchmarkAlone() {
        assertEquals("NativeCallCost.getppid:", Cell.of(Catalogue.NATIVE_CALL_COST.getppid()).spec());
        assertEquals(Cell.of(Catalogue.NATIVE_CALL_COST.getppid()), CellSpec.parse("NativeCallCost.getppid"));
    }
}
