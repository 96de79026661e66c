package io.durabench.soak;

import io.durabench.workload.WorkloadConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * What one soak runs: the cell (a durable-write workload), for how long, closed-loop or at a fixed
 * rate ({@code ratePerSecond} > 0), and where its files go.
 */
public record SoakSettings(WorkloadConfig cell, Duration duration, double ratePerSecond, Path out) {
    /**
     * The log region a soak cycles through: 256 MiB, four times the benchmarks' 64 MiB, because the
     * restart of the log (a truncate, then appends again) is an event of the soak's own, and at
     * ~2,500 writes/s of 8 KiB a 64 MiB region restarts every 3 s: a period the periodicity check
     * would find in our workload instead of the storage. The summary states how often it restarted.
     */
    public static final long REGION_BYTES = 256L << 20;

    public SoakSettings {
        if (duration.isNegative() || duration.isZero()) throw new IllegalArgumentException("a soak needs a positive duration");
        if (ratePerSecond < 0 || Double.isNaN(ratePerSecond)) throw new IllegalArgumentException("rate must be positive, or 0 for a closed loop");
    }

    public boolean fixedRate() {
        return ratePerSecond > 0;
    }

    /** The mode in words, as every output names it. */
    public String mode() {
        return fixedRate() ? "fixed-rate" : "closed-loop";
    }

    /** The mode with what it means for latency. */
    public String modeDescription() {
        return fixedRate()
                ? String.format(Locale.ROOT, "fixed-rate %s writes/s: latency from each write's intended start (coordinated omission corrected)",
                        Rates.format(ratePerSecond))
                : "closed-loop: the next write starts when the last ends; latency from each write's actual start";
    }

    /** The cell in words: method, block, batch, preallocation, target directory. */
    public String cellDescription() {
        return cell.method() + ", " + cell.blockSizeBytes() + " B blocks, " + cell.writesPerSync()
                + (cell.writesPerSync() == 1 ? " write" : " writes") + " per sync, preallocation " + cell.preallocation()
                + ", in " + cell.dir();
    }
}
