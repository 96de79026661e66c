package io.durabench.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.JnrSyscalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The quiet check's machinery on a real, tiny image: NOT a measurement (64 writes per pass, well
 * under a second); the real check is `durabench lab check` on an idle machine. Needs root.
 */
class QuietCheckTest {
    @RegisterExtension
    final LabSandbox sandbox = new LabSandbox();

    private final List<String> progress = new ArrayList<>();

    @Test
    void smokeTwoPassesOnAFreshImageAndNothingLeft() {
        QuietReport r = QuietCheck.check(sandbox.config(64), false, 8192, 64, progress::add, LabHost.system());
        assertEquals(64, r.first().n());
        assertEquals(64, r.second().n());
        assertTrue(r.first().median() > 0 && r.second().median() > 0);
        assertTrue(progress.stream().anyMatch(l -> l.startsWith("lab check: zero-filled 64 MiB image")), progress.toString());
        assertEquals(3, r.lines().size());
        assertEquals(List.of(), sandbox.loopsInside());
        assertFalse(Files.exists(sandbox.labDir()));
    }

    /**
     * The mechanism the check measures, shown without timing anything: on the sparse control the
     * first pass makes the host allocate the region's blocks and the second pass allocates nothing;
     * on the lab's zero-filled image neither pass allocates anything.
     */
    @Test
    void onlyTheSparseControlsFirstPassAllocatesOnTheHost() {
        for (ImageFile.Allocation a : ImageFile.Allocation.values()) {
            try (Lab lab = Lab.create(sandbox.config(64), progress::add, LabHost.system(), a)) {
                Path device = Path.of(lab.upImageOnly("check"));
                Path image = sandbox.labDir().resolve("check.img");
                long before = ImageFile.allocatedBytes(image);
                QuietCheck check = new QuietCheck(JnrSyscalls.get());
                check.pass(device, 8192, 16);
                long afterFirst = ImageFile.allocatedBytes(image);
                check.pass(device, 8192, 16);
                long afterSecond = ImageFile.allocatedBytes(image);
                if (a == ImageFile.Allocation.SPARSE) {
                    assertEquals(0, before, "a fresh sparse image holds nothing");
                    assertTrue(afterFirst - before >= 16 * 8192, "first pass allocated only " + (afterFirst - before));
                    assertEquals(afterFirst, afterSecond, "the second pass must find the blocks allocated");
                    assertFalse(lab.audit().isEmpty(), "audit must flag a sparse image");
                } else {
                    assertTrue(before >= 64L << 20);
                    assertEquals(before, afterSecond, "a zero-filled image has nothing left to allocate");
                    assertEquals(List.of(), lab.audit());
                }
                LabStatus status = Lab.status(sandbox.labDir(), LabHost.system()).orElseThrow();
                assertTrue(status.lines().get(1).startsWith("(bare image)") && status.lines().get(1).contains("no filesystem"),
                        status.lines().get(1));
                assertEquals(List.of(), lab.targets(), "a bare image is nothing to benchmark on");
            }
            assertEquals(List.of(), sandbox.loopsInside());
        }
    }

    @Test
    void misfitPassesAreRefusedBeforeAnythingIsMade() {
        LabRefusal big = assertThrows(LabRefusal.class, () -> QuietCheck.check(sandbox.config(64), false, 8192, 8192, progress::add,
                LabHost.system()));
        assertTrue(big.getMessage().contains("do not fit in a 64 MiB image"), big.getMessage());
        LabRefusal odd = assertThrows(LabRefusal.class, () -> QuietCheck.check(sandbox.config(64), false, 512, 64, progress::add, LabHost.system()));
        assertTrue(odd.getMessage().startsWith("--block-size must be a positive multiple of 4096"), odd.getMessage());
        assertFalse(Files.exists(sandbox.labDir()));
    }
}
