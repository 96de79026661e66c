package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cells;
import io.durabench.nativeio.NativeLayers;
import io.durabench.testing.Requires;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * With io_uring disabled for every process ({@code kernel.io_uring_disabled = 2}) the io_uring cells are
 * n/a with the reason, as the run's feasibility probe reports them, and the other native methods still
 * run. The sysctl is the machine's, so the old value is put back whatever happens; and this test is not
 * {@code @TimingFree}: run beside another test, it would take io_uring from that one too.
 */
class IoUringDisabledIT {
    private static final Path SYSCTL = Path.of("/proc/sys/kernel/io_uring_disabled");

    @Test
    void theIoUringCellsAreNotApplicableWithTheReason() throws IOException {
        Requires.root("sets kernel.io_uring_disabled, a sysctl only root may write");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(SYSCTL), SYSCTL + " is missing or read-only here (a kernel before 6.6, or a container)");
        String old = Files.readString(SYSCTL).trim();
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            Files.writeString(SYSCTL, "2");
            FeasibilityProbe probe = new FeasibilityProbe(NativeLayers.current(), "ext4", true, 512);
            for (SyncMethod m : new SyncMethod[] {SyncMethod.URING_FDATASYNC, SyncMethod.URING_DSYNC, SyncMethod.URING_DIRECT_DSYNC}) {
                assertEquals(Optional.of(new FeasibilityProbe.Outcome(true,
                                "io_uring_setup refused with EPERM: kernel.io_uring_disabled = 2: io_uring is disabled for every process")),
                        probe.check(cell(m, dir)), m.name());
            }
            assertEquals(Optional.empty(), probe.check(cell(SyncMethod.PWRITEV2_DSYNC, dir)), "pwritev2 needs no io_uring");
            assertEquals(java.util.List.of(), dir.listing(), "the refused cells left no file behind");
        } finally {
            Files.writeString(SYSCTL, old);
        }
        assertEquals(old, Files.readString(SYSCTL).trim());
    }

    private static io.durabench.catalogue.Cell cell(SyncMethod m, ScratchDir dir) {
        return Cells.syncWrite(m, 4096, 1, Preallocation.NONE).with(Catalogue.TARGET_DIR, dir.path().toString());
    }
}
