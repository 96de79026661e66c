package io.durabench.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.expectation.RingOps;
import io.durabench.trace.TraceRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * RingTally on trace records as tracefs prints them (the fields option): one thread's submissions by opcode and SQE
 * flag, every completion on its rings (an io-wq worker's too) matched by (ring, request), a negative result read as
 * -errno from its 32-bit hex, another thread's ring left out.
 */
class RingTallyTest {
    private static final long US = 4242, WORKER = 4250, OTHER = 777;
    private static final String RING = "0xffff88810b041800 (-131387159734272)", OTHER_RING = "0xffff888100000000 (-131391717949440)";

    private static TraceRecord submit(long pid, String ctx, String req, int opcode, long flags) {
        return new TraceRecord("java", (int) pid, 0, 1, RingTally.SUBMIT, Map.of("ctx", ctx, "req", req, "user_data", "0x0 (0)",
                "opcode", "(" + opcode + ")", "flags", "0x" + Long.toHexString(flags) + " (" + flags + ")", "sq_thread", "(0)"));
    }

    private static TraceRecord complete(long pid, String ctx, String req, String res) {
        return new TraceRecord("iou-wrk", (int) pid, 0, 2, RingTally.COMPLETE, Map.of("ctx", ctx, "req", req, "user_data", "0x0 (0)",
                "res", res, "cflags", "0x0 (0)"));
    }

    @Test
    void countsTheThreadsOpsByOpcodeFlagAndResult() {
        List<TraceRecord> trace = List.of(
                submit(US, RING, "0x1 (1)", 23, 0x400004), complete(US, RING, "0x1 (1)", "0x2000 (8192)"),   // a linked write
                submit(US, RING, "0x2 (2)", 3, 0x10), complete(WORKER, RING, "0x2 (2)", "0x0 (0)"),        // its fsync, done by a worker
                submit(US, RING, "0x1 (1)", 23, 0x400000), submit(US, RING, "0x3 (3)", 23, 0x400000),      // a batch of two
                submit(US, RING, "0x2 (2)", 3, 0x12),                                                     // drained behind it
                complete(US, RING, "0x3 (3)", "0x1000 (4096)"), complete(WORKER, RING, "0x1 (1)", "0xfffffffb (-5)"),
                complete(WORKER, RING, "0x2 (2)", "0xffffff83 (-125)"),                                   // ECANCELED
                complete(WORKER, RING, "0x9 (9)", "0x0 (0)"),                                              // submitted before the window
                submit(OTHER, OTHER_RING, "0x1 (1)", 23, 0x4), complete(OTHER, OTHER_RING, "0x1 (1)", "0x2000 (8192)"),
                submit(US, RING, "0x4 (4)", 22, 0), complete(US, RING, "0x4 (4)", "0x0 (0)"));             // another opcode
        RingOps ops = RingTally.of(trace, US);
        assertEquals(new RingOps(3L, 1L, 2L, 1L, 0L, 1L, 2L, 8192L + 4096L, 1L, 2L, 1L), ops);
    }

    @Test
    void aDrainedWriteOrALinkedFsyncIsMisflagged() {
        RingOps ops = RingTally.of(List.of(submit(US, RING, "0x1 (1)", 23, 0x2), submit(US, RING, "0x2 (2)", 3, 0x4)), US);
        assertEquals(2L, ops.misflagged());
        assertEquals(0L, ops.linkedWrites());
        assertEquals(0L, ops.drainedFsyncs());
    }
}
