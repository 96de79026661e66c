package io.durabench.report;

import io.durabench.format.Fmt;
import io.durabench.results.DeviceLog;
import io.durabench.trace.block.DeviceVerdict;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What reached the block devices under a row's target in its forks' measurement iterations (the device witness,
 * {@link DeviceLog}), summed over forks: per device of the chain, the filesystem's first, its flushes, FUA writes
 * and bytes written; the per-operation figures are the filesystem's own device's (level 0), the one nothing but
 * the measured process writes to when it is a loop device of its own. {@code verdict} judges a durable method's
 * counts ({@link DeviceVerdict}), null for a method not meant to be durable. Not OK: the reason, and no counts.
 */
public record DeviceRequests(DeviceLog.Status status, String reason, int forks, long ops, List<DeviceLog.Level> levels,
                             DeviceVerdict verdict) {
    public DeviceRequests {
        levels = List.copyOf(levels);
    }

    public boolean ok() {
        return status == DeviceLog.Status.OK && ops > 0 && !levels.isEmpty();
    }

    /** The device the per-operation figures are of: the filesystem's own ("loop3", "vda"); null without counts. */
    public String device() {
        return ok() ? levels.get(0).device() : null;
    }

    public double flushesPerOp() {
        return ok() ? (double) levels.get(0).flushes() / ops : Double.NaN;
    }

    public double fuaWritesPerOp() {
        return ok() ? (double) levels.get(0).fuaWrites() / ops : Double.NaN;
    }

    public double bytesPerOp() {
        return ok() ? (double) levels.get(0).bytesWritten() / ops : Double.NaN;
    }

    /** "n/a (reason)" or "FAILED: reason" where there are no counts; null where there are. */
    public String notCounted() {
        if (ok()) return null;
        return switch (status) {
            case NA -> "n/a (" + reason + ")";
            case FAILED -> "FAILED: " + reason;
            case OK -> "n/a (no operation was measured)";
        };
    }

    /** Every device's figures: "loop3 (write back): 1.00 flushes, 0.00 FUA writes, 12.0 KiB per op; vda (write back): ...". */
    public String chain() {
        if (!ok()) return notCounted();
        return levels.stream().map(l -> String.format("%s (%s): %s flushes, %s FUA writes, %s per op", l.device(),
                l.writeCache() == null ? "cache unknown" : l.writeCache(), Fmt.fixed2((double) l.flushes() / ops),
                Fmt.fixed2((double) l.fuaWrites() / ops), kib((double) l.bytesWritten() / ops)))
                .collect(Collectors.joining("; "));
    }

    /** "12.4 KiB": per-operation bytes are averages, rarely whole sectors. */
    public static String kib(double bytes) {
        return Double.isFinite(bytes) ? Fmt.ratio(bytes / 1024) + " KiB" : "";
    }
}
