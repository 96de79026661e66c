package io.durabench.expectation;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the kernel's io_uring tracepoints show of a cell's ring over its measured operations, or what the counters
 * say they must show: submissions ({@code io_uring:io_uring_submit_req}) by opcode and SQE flag, completions
 * ({@code io_uring:io_uring_complete}) by opcode and result. strace sees only io_uring_enter; these are the ops.
 * In an expectation, a count the counters do not fix is null (not compared).
 *
 * @param writes          IORING_OP_WRITE entries submitted
 * @param linkedWrites    of them, with IOSQE_IO_LINK (the next entry starts only once this one succeeded)
 * @param fsyncs          IORING_OP_FSYNC entries submitted
 * @param drainedFsyncs   of them, with IOSQE_IO_DRAIN (started only once every earlier entry completed)
 * @param misflagged      a write with IOSQE_IO_DRAIN or an fsync with IOSQE_IO_LINK: no method makes one
 * @param otherOps        entries of any other opcode
 * @param writesDone      write completions with a result of 0 or more (the bytes written: a short one shows in writeBytes)
 * @param writeBytes      the bytes those completions report
 * @param fsyncsDone      fsync completions with result 0
 * @param failed          completions with a negative result (-errno)
 * @param unmatched       completions of the ring whose submission the trace does not hold
 */
public record RingOps(Long writes, Long linkedWrites, Long fsyncs, Long drainedFsyncs, Long misflagged, Long otherOps,
                      Long writesDone, Long writeBytes, Long fsyncsDone, Long failed, Long unmatched) {

    /** The counts by name, in the record's order (null: not fixed). */
    public Map<String, Long> byName() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("writeEntries", writes);
        m.put("linkedWrites", linkedWrites);
        m.put("fsyncs", fsyncs);
        m.put("drainedFsyncs", drainedFsyncs);
        m.put("misflagged", misflagged);
        m.put("otherOps", otherOps);
        m.put("writesDone", writesDone);
        m.put("writeBytes", writeBytes);
        m.put("fsyncsDone", fsyncsDone);
        m.put("failed", failed);
        m.put("unmatched", unmatched);
        return m;
    }

    /** The counts read back from {@link #byName}'s names; a missing name is null. */
    public static RingOps of(Map<String, Long> m) {
        return new RingOps(m.get("writeEntries"), m.get("linkedWrites"), m.get("fsyncs"), m.get("drainedFsyncs"), m.get("misflagged"),
                m.get("otherOps"), m.get("writesDone"), m.get("writeBytes"), m.get("fsyncsDone"), m.get("failed"), m.get("unmatched"));
    }
}
