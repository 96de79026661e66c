package io.durabench.trace.block;

import io.durabench.results.DeviceLog;
import io.durabench.trace.TraceRecord;

/** What one device of the chain received: requests issued to its driver (block_rq_issue), counted by kind. */
final class BlockCounts {
    private static final long SECTOR = 512;
    private final ChainDevice device;
    private long flushes;
    private long fuaWrites;
    private long writes;
    private long bytesWritten;

    BlockCounts(ChainDevice device) {
        this.device = device;
    }

    /** One issued request of this device. */
    void add(TraceRecord issue) {
        Rwbs rwbs = Rwbs.parse(issue.text("rwbs"));
        if (rwbs.flush()) flushes++;
        if (rwbs.fuaWrite()) fuaWrites++;
        if (rwbs.write()) {
            writes++;
            bytesWritten += issue.number("nr_sector") * SECTOR; // the block layer counts in 512-byte sectors, whatever the device's
        }
    }

    DeviceLog.Level level() {
        return new DeviceLog.Level(device.level(), device.name(), device.majorMinor(), device.writeCache(), flushes, fuaWrites, writes, bytesWritten);
    }
}
