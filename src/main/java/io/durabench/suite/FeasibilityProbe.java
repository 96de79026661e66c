package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.catalogue.OperationLoop;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.env.Environment;
import io.durabench.jdkio.JdkCallException;
import io.durabench.nativeio.KernelRefusal;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.Syscalls;
import java.util.Optional;
import java.util.Set;

/**
 * Tries a cell for real before JMH does: the same workload code, a few operations on the target
 * directory. What the catalogue rules out by definition, and what the platform refuses (O_DIRECT
 * on tmpfs: EINVAL; io_uring disabled or filtered, a kernel without its opcodes: {@link KernelRefusal};
 * RWF_DSYNC unknown to the kernel: EOPNOTSUPP), becomes an "n/a" with its reason instead of vanishing
 * from the JMH JSON; any other failure is a failure.
 */
public final class FeasibilityProbe {
    /** errnos that mean "this filesystem or device does not support that", not "something broke". */
    private static final Set<String> UNSUPPORTED = Set.of("EINVAL", "EOPNOTSUPP", "ENOTSUP", "ENOSYS");
    private static final int PROBE_OPERATIONS = 3;

    private final Syscalls sys;
    private final String filesystem;
    private final boolean hasBlockDevice;
    private final Integer logicalBlockSize;
    private final Runtime.Version jvm;

    /**
     * @param filesystem       the target's filesystem type, for reasons
     * @param hasBlockDevice   whether a block device backs the target (tmpfs: no)
     * @param logicalBlockSize the target device's logical block size (O_DIRECT's alignment), null if unknown
     */
    public FeasibilityProbe(Syscalls sys, String filesystem, boolean hasBlockDevice, Integer logicalBlockSize) {
        this(sys, filesystem, hasBlockDevice, logicalBlockSize, Runtime.version());
    }

    /**
     * @param jvm the version of the JVM that will run the cells (a method it cannot run is n/a with
     *            the reason). Note that the trial run itself happens in this JVM: a cell this JVM
     *            cannot run but {@code jvm} can must be tried in {@code jvm}, not here.
     */
    public FeasibilityProbe(Syscalls sys, String filesystem, boolean hasBlockDevice, Integer logicalBlockSize, Runtime.Version jvm) {
        this.jvm = jvm;
        this.sys = sys;
        this.filesystem = filesystem;
        this.hasBlockDevice = hasBlockDevice;
        this.logicalBlockSize = logicalBlockSize;
    }

    /** For the target an environment record describes. */
    public static FeasibilityProbe forTarget(Syscalls sys, Environment env) {
        return new FeasibilityProbe(sys, env.filesystem(), env.flushDevice() != null,
                env.device() == null ? null : env.device().logicalBlockSize());
    }

    /** Empty when the cell can run; otherwise why not. */
    public Optional<Outcome> check(Cell cell) {
        Optional<String> jvmCannot = cell.family().unavailableOn(cell, jvm);
        if (jvmCannot.isPresent()) return Optional.of(new Outcome(true, jvmCannot.get()));
        Optional<Integer> directWrite = cell.family().directWriteBytes(cell);
        if (!hasBlockDevice && directWrite.isPresent()) {
            // Linux 6.6+ accepts O_DIRECT on tmpfs (older kernels refuse it with EINVAL), but with no
            // device behind it there is nothing to go direct to: the "direct" write is a memory copy.
            return Optional.of(new Outcome(true, "no block device behind " + filesystem
                    + ": O_DIRECT cannot bypass anything (tmpfs refuses it with EINVAL before Linux 6.6 and"
                    + " turns it into a page-cache copy since); a number here would not measure direct I/O"));
        }
        Optional<String> meaningless = cell.family().invalidCombination(cell);
        if (meaningless.isPresent()) return Optional.of(new Outcome(true, meaningless.get()));
        Optional<String> misaligned = directWrite.flatMap(this::misaligned);
        if (misaligned.isPresent()) return Optional.of(new Outcome(true, "EINVAL: " + misaligned.get()));
        // The JVM that runs the cell can, this one cannot (virtual threads, probing on JDK 17 for a JDK 25 fork):
        // no trial here; the cell's own run reports any failure.
        if (cell.family().unavailableOn(cell, Runtime.version()).isPresent()) return Optional.empty();
        try {
            tryOnce(cell);
            return Optional.empty();
        } catch (KernelRefusal e) {
            return Optional.of(new Outcome(true, e.getMessage()));
        } catch (NativeCallException e) {
            boolean unsupported = UNSUPPORTED.contains(e.errnoName());
            return Optional.of(new Outcome(unsupported, reason(unsupported, e.errnoName(), hint(cell, e) + e.getMessage())));
        } catch (JdkCallException e) {
            boolean unsupported = e.errnoName() != null && UNSUPPORTED.contains(e.errnoName());
            return Optional.of(new Outcome(unsupported, reason(unsupported, e.errnoName(), e.getMessage())));
        } catch (IllegalArgumentException e) {
            return Optional.of(new Outcome(true, e.getMessage()));
        } catch (RuntimeException e) {
            return Optional.of(new Outcome(false, e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }

    /**
     * O_DIRECT needs the buffer, offset and length aligned to the device's logical block size: a
     * write that is not a multiple of it is refused by the kernel (EINVAL). Empty when aligned or
     * when the logical block size is unknown.
     */
    private Optional<String> misaligned(int writeBytes) {
        if (logicalBlockSize == null || logicalBlockSize <= 0 || writeBytes % logicalBlockSize == 0) return Optional.empty();
        return Optional.of("O_DIRECT needs the block size aligned to the device's logical block size: " + writeBytes
                + " B is not a multiple of " + logicalBlockSize + " B on this device");
    }

    /**
     * An n/a reason leads with its errno (the platform's refusal, then why); a failure's message
     * already names call, errno and path ("fdatasync failed: ENOSPC (...) on /x/f"), so it is not
     * said twice.
     */
    private static String reason(boolean unsupported, String errno, String message) {
        if (errno == null || (!unsupported && message.contains(errno))) return message;
        return errno + ": " + message;
    }

    private void tryOnce(Cell cell) {
        try (OperationLoop loop = cell.family().open(sys, cell, WorkloadSize.PROBE)) {
            for (int i = 0; i < PROBE_OPERATIONS; i++) loop.operate();
            loop.finish();
        }
    }

    private static String hint(Cell cell, NativeCallException e) {
        boolean direct = cell.family().usesDirectIo(cell);
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
