package io.durabench.trace.block;

import io.durabench.results.DeviceLog;
import io.durabench.trace.TraceCapture;
import io.durabench.trace.TraceFailedException;
import io.durabench.trace.TracePoint;
import io.durabench.trace.TraceRecord;
import io.durabench.trace.TraceRequest;
import io.durabench.trace.TraceSession;
import io.durabench.trace.TraceUnavailableException;
import io.durabench.trace.Tracefs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The device witness: the block requests issued to every device under a target ({@link DeviceChain}), counted
 * per device over windows of recording ({@link #start} .. {@link #stop}): flushes, FUA writes, writes and the
 * bytes written. The kernel filters by device; it cannot tell whose requests they are (a journal's flush is
 * issued by jbd2 or a kworker, writeback by a flusher thread), so a window counts everything that reached the
 * devices meanwhile: it is to be opened only while nothing else of ours writes there, and a shared disk's
 * count includes what other processes sent to it. A completion with an error fails the witness.
 * <pre>
 *   try (BlockWitness w = BlockWitness.open(dir)) {
 *       w.start(); ... the operations ...; w.stop();
 *       List&lt;DeviceLog.Level&gt; perDevice = w.levels();
 *   }
 * </pre>
 */
public final class BlockWitness implements AutoCloseable {
    public static final TracePoint ISSUE = TracePoint.parse("block:block_rq_issue");
    public static final TracePoint COMPLETE = TracePoint.parse("block:block_rq_complete");
    /** Room for about 150,000 issued requests per CPU and window. */
    private static final int BUFFER_KB = 16 << 10;

    private final List<ChainDevice> chain;
    private final Map<Long, BlockCounts> byDev = new LinkedHashMap<>();
    private final TraceSession session;

    private BlockWitness(List<ChainDevice> chain, TraceSession session) {
        this.chain = chain;
        this.session = session;
        for (ChainDevice d : chain) byDev.putIfAbsent(d.kernelDev(), new BlockCounts(d));
    }

    /** Ready to record the devices under {@code dir}; n/a without root or tracefs, or where no block device is under it. */
    public static BlockWitness open(Path dir) throws TraceUnavailableException {
        List<ChainDevice> chain = DeviceChain.of(dir);
        String devices = chain.stream().map(d -> "dev == " + d.kernelDev()).distinct().collect(Collectors.joining(" || "));
        TraceRequest request = TraceRequest.of(ISSUE, COMPLETE).bufferKbPerCpu(BUFFER_KB)
                .filter(ISSUE, devices)
                .filter(COMPLETE, "(" + devices + ") && error != 0");
        return new BlockWitness(chain, TraceSession.open(Tracefs.find(), request));
    }

    /** The devices counted, the filesystem's first. */
    public List<ChainDevice> chain() {
        return chain;
    }

    /** Opens a window. */
    public void start() {
        session.start();
    }

    /** Closes the window and counts what it recorded; a lost event or a failed request fails. */
    public void stop() {
        session.stop();
        TraceCapture capture = session.read();
        session.clear();
        for (TraceRecord failed : capture.of(COMPLETE.event())) {
            throw new TraceFailedException("a block request failed on " + deviceName(failed.number("dev")) + ": error "
                    + failed.number("error") + " (rwbs " + failed.text("rwbs") + ", sector " + failed.number("sector") + ")");
        }
        for (TraceRecord issue : capture.of(ISSUE.event())) {
            BlockCounts counts = byDev.get(issue.number("dev"));
            if (counts == null) throw new TraceFailedException("the device filter let through another device's request: " + issue);
            counts.add(issue);
        }
    }

    /** Every device's counts over all windows so far, the filesystem's first. */
    public List<DeviceLog.Level> levels() {
        List<DeviceLog.Level> out = new ArrayList<>();
        for (ChainDevice d : chain) out.add(byDev.get(d.kernelDev()).level());
        return out;
    }

    @Override
    public void close() {
        session.close();
    }

    private String deviceName(long dev) {
        return chain.stream().filter(d -> d.kernelDev() == dev).map(ChainDevice::name).findFirst().orElse("device " + dev);
    }
}
