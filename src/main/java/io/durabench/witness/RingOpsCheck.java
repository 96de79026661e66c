package io.durabench.witness;

import com.google.gson.JsonObject;
import io.durabench.expectation.RingOps;
import io.durabench.expectation.SyscallExpectation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares the io_uring ops a cell's rules expect ({@link SyscallExpectation#ringOps}) with those the witnessed JVM
 * traced between the cell's markers ({@link RingTrace}), each difference in plain words: "counters say 100 fsyncs
 * (IORING_OP_FSYNC submitted; syncCalls ...), the io_uring tracepoints saw 99". Every traced entry was completed:
 * writes done equal writes submitted, fsyncs done equal fsyncs submitted. A cell the JVM could not trace (not root,
 * no tracefs) gets a note saying so, not a mismatch: strace's io_uring_enter count is still checked.
 */
final class RingOpsCheck {
    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("writeEntries", "IORING_OP_WRITE entries submitted"), Map.entry("linkedWrites", "writes with IOSQE_IO_LINK"),
            Map.entry("fsyncs", "IORING_OP_FSYNC entries submitted"), Map.entry("drainedFsyncs", "fsyncs with IOSQE_IO_DRAIN"),
            Map.entry("misflagged", "writes drained or fsyncs linked"), Map.entry("otherOps", "entries of another opcode"),
            Map.entry("writesDone", "write completions"), Map.entry("writeBytes", "bytes the write completions report"),
            Map.entry("fsyncsDone", "fsync completions with result 0"), Map.entry("failed", "completions with -errno"),
            Map.entry("unmatched", "completions without their submission"));

    private RingOpsCheck() {
    }

    /** The mismatches; {@code notes} gets why the ops were not traced, where they were not. */
    static List<String> mismatches(SyscallExpectation expected, JsonObject result, List<String> notes) {
        List<String> out = new ArrayList<>();
        RingOps want = expected.ringOps();
        if (want == null) return out;
        if (result.has(WitnessMain.RING_UNTRACED)) {
            notes.add("io_uring ops not traced (" + result.get(WitnessMain.RING_UNTRACED).getAsString()
                    + "): only strace's io_uring_enter count is checked");
            return out;
        }
        if (!result.has(WitnessMain.RING)) {
            out.add("the witnessed JVM reported no io_uring ops for a cell whose rules expect them");
            return out;
        }
        Map<String, Long> seen = new LinkedHashMap<>();
        result.getAsJsonObject(WitnessMain.RING).entrySet().forEach(e -> seen.put(e.getKey(), e.getValue().getAsLong()));
        want.byName().forEach((name, n) -> {
            Long s = seen.get(name);
            if (n != null && !n.equals(s)) {
                out.add("counters say " + n + " " + WORDS.get(name) + " (" + expected.ringOpsBecause() + "), the io_uring tracepoints saw " + s);
            }
        });
        RingOps got = RingOps.of(seen);
        if (!got.writes().equals(got.writesDone())) {
            out.add("the io_uring tracepoints saw " + got.writes() + " writes submitted and " + got.writesDone() + " completed");
        }
        if (!got.fsyncs().equals(got.fsyncsDone())) {
            out.add("the io_uring tracepoints saw " + got.fsyncs() + " fsyncs submitted and " + got.fsyncsDone() + " completed with 0");
        }
        return out;
    }
}
