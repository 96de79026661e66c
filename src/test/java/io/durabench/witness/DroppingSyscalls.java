package io.durabench.witness;

import io.durabench.nativeio.CountingSyscalls.Call;
import io.durabench.nativeio.ForwardingSyscalls;

/**
 * A lying syscall layer, as fio's was: the k-th fsync or fdatasync is silently not made and
 * "succeeds" (returns 0), so the workload counts a sync the kernel never saw; or an open flag the
 * workload asked for (O_DSYNC) is quietly left out. Everything else is the real call. Test code only.
 */
final class DroppingSyscalls extends ForwardingSyscalls {
    private final Call dropped;
    private final int occurrence;
    private final int strippedOpenFlags;
    private int seen;

    private DroppingSyscalls(Call dropped, int occurrence, int strippedOpenFlags) {
        this.dropped = dropped;
        this.occurrence = occurrence;
        this.strippedOpenFlags = strippedOpenFlags;
    }

    /** Drops the {@code occurrence}-th (1-based, setup included) call of {@code call}: FSYNC or FDATASYNC. */
    static DroppingSyscalls dropping(Call call, int occurrence) {
        if (call != Call.FSYNC && call != Call.FDATASYNC) throw new IllegalArgumentException("drops syncs only, not " + call);
        return new DroppingSyscalls(call, occurrence, 0);
    }

    /** Opens every file without {@code flags}, whatever the caller asked for. */
    static DroppingSyscalls strippingOpenFlags(int flags) {
        return new DroppingSyscalls(null, 0, flags);
    }

    private boolean dropNow(Call call) {
        return call == dropped && ++seen == occurrence;
    }

    @Override
    public int open(String path, int flags, int mode) {
        return real.open(path, flags & ~strippedOpenFlags, mode);
    }

    @Override
    public int fsync(int fd) {
        return dropNow(Call.FSYNC) ? 0 : real.fsync(fd);
    }

    @Override
    public int fdatasync(int fd) {
        return dropNow(Call.FDATASYNC) ? 0 : real.fdatasync(fd);
    }
}
