package io.durabench.report.analysis;

import io.durabench.env.BlockDevice;
import io.durabench.env.Environment;
import io.durabench.report.Context;
import io.durabench.env.EnvironmentFacts;
import io.durabench.report.ReportRow;
import java.util.List;
import java.util.Optional;

/**
 * The least a flush can cost on the device behind a context, from what the device says it is: a
 * rotational disk needs about a millisecond to put a flush on the platter, a write-back cache about
 * 20 µs to empty itself to stable media. A durable row is implausibly cheap only when the WHOLE
 * interval of its cost per sync is below the floor; a cost whose interval reaches zero is not
 * resolved, which says nothing about the device.
 */
record FlushFloor(double floorUs, String why, BlockDevice device, String deviceKey) {
    /** Below these, a flush cannot have reached stable media (µs per sync). */
    static final double ROTATIONAL_FLUSH_US = 1000;
    static final double WRITE_BACK_FLUSH_US = 20;

    static Optional<FlushFloor> of(Context context) {
        Environment env = context.environment();
        BlockDevice flush = env == null ? null : env.flushDevice();
        if (flush == null) return Optional.empty();
        // A fleet's hosts are told apart by their inventory names: clones of one image share a hostname.
        String host = context.host() != null ? "fleet host " + context.host() : EnvironmentFacts.orUnknown(env.hostname());
        String key = host + "|" + EnvironmentFacts.orUnknown(flush.name())
                + "|" + EnvironmentFacts.orUnknown(flush.model());
        if (Integer.valueOf(1).equals(flush.rotational())) {
            return Optional.of(new FlushFloor(ROTATIONAL_FLUSH_US,
                    "a rotational disk needs about a millisecond to put a flush on the platter", flush, key));
        }
        if (flush.writeCache() != null && flush.writeCache().contains("write back")) {
            return Optional.of(new FlushFloor(WRITE_BACK_FLUSH_US,
                    "a device with a write-back cache needs about 20 µs to flush it to stable media", flush, key));
        }
        return Optional.empty();
    }

    /**
     * The cost of one flush in a durable row, [low, mean, high] in µs: the durability cost (or the
     * time, without a baseline) divided by syncs per write, since a batched row pays one flush per
     * batch. Empty when the row is not one whose cost is a flush price: not measured, not durable,
     * or measured against a baseline that already syncs (one more sync may legitimately find
     * nothing left to flush).
     */
    static Optional<double[]> perSync(ReportRow r, List<ReportRow> group) {
        if (r.baseline() || !r.measured() || !r.durable()) return Optional.empty();
        if (group.stream().anyMatch(b -> b.baseline() && b.syncsPerWrite() > 0)) return Optional.empty();
        var e = r.cost() != null ? r.cost() : r.time();
        double spw = r.syncsPerWrite();
        double per = Double.isFinite(spw) && spw > 0 ? 1 / spw : 1;
        double low = e.hasInterval() ? e.low() * per : e.mean() * per;
        double high = e.hasInterval() ? e.high() * per : e.mean() * per;
        return Optional.of(new double[] {low, e.mean() * per, high});
    }

    /** True when the whole interval of the flush cost is above zero (resolved) and below the floor. */
    boolean implausiblyCheap(double[] perSync) {
        return perSync[0] > 0 && perSync[2] < floorUs;
    }

    /** "vda (rotational 1)" or "nvme0n1 (write back cache)": the device and the claim that sets its floor. */
    String briefDevice() {
        String claim = floorUs == ROTATIONAL_FLUSH_US ? "rotational 1" : "write back cache";
        return EnvironmentFacts.orUnknown(device.name()) + " (" + claim + ")";
    }

    /** "vda (write_cache write back, fua 0, rotational 1)". */
    String describeDevice() {
        return EnvironmentFacts.orUnknown(device.name()) + " (write_cache " + EnvironmentFacts.orUnknown(device.writeCache())
                + ", fua " + EnvironmentFacts.orUnknown(device.fua()) + ", rotational "
                + (device.rotational() == null ? "unknown" : device.rotational().toString()) + ")";
    }
}
