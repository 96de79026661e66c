package io.durabench.workload;

import io.durabench.nativeio.NativeFile;

/**
 * The pwrites a workload's native files had to continue (short) or make again (EINTR), under
 * NativeFile's retry policy, passed on as counters: each NativeFile keeps running totals, and this
 * adds what is new since the last look, so a counter reset in between does not lose or double them.
 * Two volatile reads per file per look: nothing next to the pwrite they follow.
 */
public final class WriteRetries {
    private final NativeFile[] files;
    private long seenShort;
    private long seenInterrupted;

    /** The files to watch; nulls (a data path that is not native) are skipped. */
    public WriteRetries(NativeFile... files) {
        this.files = files;
    }

    /** A log's control descriptor and, when its sync method's data path is native, its data descriptor. */
    public static WriteRetries forLog(NativeFile control, LogFile data) {
        return new WriteRetries(control, data instanceof NativeLogFile n ? n.file() : null);
    }

    /** Adds the retries since the last call to {@code c}. */
    public void addTo(WriteCounters c) {
        long shorts = 0;
        long interrupts = 0;
        for (NativeFile f : files) {
            if (f == null) continue;
            shorts += f.shortWrites();
            interrupts += f.interruptedWrites();
        }
        c.shortWrites += shorts - seenShort;
        c.interruptedWrites += interrupts - seenInterrupted;
        seenShort = shorts;
        seenInterrupted = interrupts;
    }

    /** Continued pwrites of the watched files since they were opened. */
    public long shortWrites() {
        long n = 0;
        for (NativeFile f : files) n += f == null ? 0 : f.shortWrites();
        return n;
    }

    /** Interrupted pwrites of the watched files since they were opened. */
    public long interruptedWrites() {
        long n = 0;
        for (NativeFile f : files) n += f == null ? 0 : f.interruptedWrites();
        return n;
    }
}
