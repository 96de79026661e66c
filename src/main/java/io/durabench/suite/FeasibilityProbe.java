package io.durabench.suite;

import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.Syscalls;
import io.durabench.workload.DurableWriteLoop;
import io.durabench.workload.FileCreation;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Tries a cell for real before JMH does: the same workload code, a few writes and a sync on the
 * target directory. A combination the platform refuses (O_DIRECT on tmpfs: EINVAL) becomes an
 * "n/a" with its reason instead of vanishing from the JMH JSON; any other failure is a failure.
 */
public final class FeasibilityProbe {
    /** errnos that mean "this filesystem or device does not support that", not "something broke". */
    private static final Set<String> UNSUPPORTED = Set.of("EINVAL", "EOPNOTSUPP", "ENOTSUP", "ENOSYS");
    private static final long PROBE_REGION_BYTES = 1 << 20;

    private final Syscalls sys;
    private final String filesystem;
    private final boolean hasBlockDevice;

    /**
     * @param filesystem     the target's filesystem type, for reasons
     * @param hasBlockDevice whether a block device backs the target (tmpfs: no)
     */
    public FeasibilityProbe(Syscalls sys, String filesystem, boolean hasBlockDevice) {
        this.sys = sys;
        this.filesystem = filesystem;
        this.hasBlockDevice = hasBlockDevice;
    }

    /** Empty when the cell can run; otherwise why not. */
    public Optional<Outcome> check(BenchmarkCell cell) {
        if (!hasBlockDevice && isDirectIoMethod(cell.param("syncMethod"))) {
            // Linux 6.6+ accepts O_DIRECT on tmpfs (older kernels refuse it with EINVAL), but with no
            // device behind it there is nothing to go direct to: the "direct" write is a memory copy.
            return Optional.of(new Outcome(true, "no block device behind " + filesystem
                    + ": O_DIRECT cannot bypass anything (tmpfs refuses it with EINVAL before Linux 6.6 and"
                    + " turns it into a page-cache copy since); a number here would not measure direct I/O"));
        }
        try {
            tryOnce(cell);
            return Optional.empty();
        } catch (NativeCallException e) {
            boolean unsupported = UNSUPPORTED.contains(e.errnoName());
            return Optional.of(new Outcome(unsupported, e.errnoName() + ": " + hint(cell, e) + e.getMessage()));
        } catch (IllegalArgumentException e) {
            return Optional.of(new Outcome(true, e.getMessage()));
        } catch (RuntimeException e) {
            return Optional.of(new Outcome(false, e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }

    private void tryOnce(BenchmarkCell cell) {
        Path dir = Path.of(cell.param(SuitePlanner.TARGET_DIR));
        switch (cell.benchmark()) {
            case SuitePlanner.SYNC_WRITE -> {
                WorkloadConfig cfg = WorkloadConfig.of(dir, SyncMethod.valueOf(cell.param("syncMethod")),
                        Integer.parseInt(cell.param("blockSizeBytes")), Integer.parseInt(cell.param("writesPerSync")),
                        Preallocation.valueOf(cell.param("preallocation"))).withRegionBytes(PROBE_REGION_BYTES);
                try (DurableWriteLoop loop = DurableWriteLoop.open(sys, cfg)) {
                    for (int i = 0; i < 3; i++) loop.writeOne();
                    loop.syncPending();
                }
            }
            case SuitePlanner.PG_EQUIVALENT -> {
                try (PgTestFsyncLoop loop = new PgTestFsyncLoop(sys, dir, PgTestFsyncLoop.Method.valueOf(cell.param("pgMethod")))) {
                    loop.writeOne();
                }
            }
            case SuitePlanner.FILE_CREATE -> {
                try (FileCreation c = new FileCreation(sys, dir, Integer.parseInt(cell.param("blockSizeBytes")),
                        Boolean.parseBoolean(cell.param("syncDirectory")))) {
                    c.createOne();
                }
            }
            default -> { } // benchmarks without a workload probe are left to JMH, whose failures are still reported
        }
    }

    private static boolean isDirectIoMethod(String syncMethod) {
        return syncMethod != null && SyncMethod.valueOf(syncMethod).usesDirectIo();
    }

    private static String hint(BenchmarkCell cell, NativeCallException e) {
        boolean direct = "O_DIRECT".equals(cell.param("syncMethod")) || "O_DIRECT_DSYNC".equals(cell.param("syncMethod"))
                || "OPEN_DATASYNC".equals(cell.param("pgMethod")) || "OPEN_SYNC".equals(cell.param("pgMethod"));
        if (direct && e.errnoName().equals("EINVAL") && e.call().startsWith("open")) {
            return "the filesystem refuses O_DIRECT (tmpfs does); ";
        }
        if (direct && e.errnoName().equals("EINVAL") && e.call().equals("pwrite")) {
            return "O_DIRECT needs the block size aligned to the device's logical block size; ";
        }
        if (e.call().equals("fallocate")) return "the filesystem does not support fallocate; ";
        return "";
    }

    /** Why a cell cannot run: {@code unsupported} for a refused combination, else a real failure. */
    public record Outcome(boolean unsupported, String reason) {
    }
}
