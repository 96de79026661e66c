package io.durabench.witness;

import io.durabench.expectation.CallKey;
import io.durabench.expectation.CallKey.Role;
import io.durabench.expectation.SyscallExpectation;
import io.durabench.expectation.SyscallExpectation.Expected;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares one {@link SyscallExpectation} with one {@link TracedCell} and says each difference in
 * plain words, e.g. "counters say 100 fdatasync on the log /x/durabench-fdatasync-1.log (plain fd;
 * syncCalls 100), the kernel saw 99". The families' rules ({@link io.durabench.catalogue.SyscallRules})
 * make the expectation; the witness decides what is compared, and where:
 *
 * <p><b>The window.</b> A call counts when its entry lies strictly between the cell's BEGIN and END
 * markers ({@link io.durabench.nativeio.TraceMarkers}) and it touched the target directory or a file in it. Setup and
 * warmup happen before BEGIN and are not counted, but what they decide is still checked: every
 * counted call is classified by the flags of the open that made its fd.
 *
 * <p><b>The comparison.</b> Calls are tallied by (file role, call, how) ({@link CallKey},
 * {@link io.durabench.expectation.CallHow}); for every key either side names, expected calls must
 * equal seen calls and, where the counters determine them, expected bytes the bytes written. A key
 * the counters do not account for is expected 0 times, so an extra fsync fails as surely as a
 * missing one. Also: the operation counter equals the operations run, {@code syncedWrites} the
 * writes through an O_DSYNC or O_SYNC fd; every call between the markers succeeded and every sync
 * is explained by the fd table or file mappings; a workload with a log created exactly one file in
 * its setup; new files number, and each see, what the rules say.
 */
final class ExpectationCheck {
    private static final Expected NOTHING = new Expected(0, 0L, "nothing counted");
    /** Enough examples to act on, without a thousand lines when everything is off. */
    private static final int MAX_EXAMPLES = 5;

    private final SyscallExpectation expected;
    private final TracedCell seen;
    private final String dir;
    private final List<String> out = new ArrayList<>();

    ExpectationCheck(SyscallExpectation expected, TracedCell seen, String dir) {
        this.expected = expected;
        this.seen = seen;
        this.dir = dir;
    }

    List<String> mismatches() {
        out.addAll(expected.counterProblems());
        if (seen.setupProblem() != null) out.add(seen.setupProblem());
        compareKeys();
        compareNewFiles();
        if (expected.syncedWrites() != seenSyncedWrites()) {
            out.add("counters say " + expected.syncedWrites() + " synchronous writes (syncedWrites), the kernel saw "
                    + seenSyncedWrites() + " writes through an O_DSYNC or O_SYNC fd or with RWF_DSYNC or RWF_SYNC");
        }
        examples(seen.failed(), c -> "the kernel failed " + c.call() + " on " + c.path() + " with " + c.event().errno()
                + " (trace line " + c.event().entryLine() + "): a failed call is not a durable one");
        examples(seen.unexplained(), c -> "the kernel saw " + c.call() + "(" + String.join(", ", c.event().args())
                + ") at trace line " + c.event().entryLine() + " on no file the trace explains (no traced open or file mapping)");
        return out;
    }

    private long seenSyncedWrites() {
        return seen.syncedWrites();
    }

    private void compareKeys() {
        Set<CallKey> keys = new TreeSet<>(expected.calls().keySet());
        for (CallKey k : seen.totals().keySet()) {
            if (k.role() != Role.NEW_FILE) keys.add(k);
        }
        for (CallKey key : keys) {
            Expected e = expected.calls().getOrDefault(key, NOTHING);
            Tally t = seen.totals().getOrDefault(key, Tally.ZERO);
            String what = key.call() + " on " + where(key) + " (" + key.how() + "; " + e.because() + ")";
            if (e.calls() != t.calls()) {
                out.add("counters say " + e.calls() + " " + what + ", the kernel saw " + t.calls() + firstAt(key, e.calls(), t.calls()));
            } else if (e.bytes() != null && e.bytes() != t.bytes()) {
                out.add("counters say " + e.bytes() + " bytes in the " + what + ", the kernel saw " + t.bytes() + " bytes");
            }
        }
    }

    private void compareNewFiles() {
        Map<String, Map<CallKey, Tally>> files = seen.newFiles();
        if (files.size() != expected.newFiles()) {
            out.add("counters say " + expected.newFiles() + " new files in " + dir + " (writes " + expected.newFiles()
                    + "), the kernel saw " + files.size() + " files created between the markers");
        }
        long bytes = files.values().stream().flatMap(m -> m.entrySet().stream())
                .filter(e -> e.getKey().writes()).mapToLong(e -> e.getValue().bytes()).sum();
        if (bytes != expected.newFileBytes()) {
            out.add("counters say " + expected.newFileBytes() + " bytes written to new files (bytes), the kernel saw " + bytes);
        }
        List<String> deviating = new ArrayList<>();
        for (Map.Entry<String, Map<CallKey, Tally>> f : files.entrySet()) {
            Set<CallKey> keys = new TreeSet<>(expected.perNewFile().keySet());
            keys.addAll(f.getValue().keySet());
            for (CallKey key : keys) {
                Expected e = expected.perNewFile().getOrDefault(key, NOTHING);
                Tally t = f.getValue().getOrDefault(key, Tally.ZERO);
                if (e.calls() != t.calls() || (e.bytes() != null && e.bytes() != t.bytes())) {
                    deviating.add("new file " + f.getKey() + ": the kernel saw " + t.calls() + " " + key.call() + " (" + key.how()
                            + ", " + t.bytes() + " bytes), each new file must have " + e.calls()
                            + (e.bytes() != null ? " of " + e.bytes() + " bytes" : ""));
                }
            }
        }
        examples(deviating, s -> s);
    }

    private <T> void examples(List<T> items, java.util.function.Function<T, String> say) {
        for (int i = 0; i < Math.min(items.size(), MAX_EXAMPLES); i++) out.add(say.apply(items.get(i)));
        if (items.size() > MAX_EXAMPLES) out.add("... and " + (items.size() - MAX_EXAMPLES) + " more like these");
    }

    private String where(CallKey key) {
        return switch (key.role()) {
            case LOG -> seen.logPath() == null ? "the log" : seen.logPath();
            case DIRECTORY -> "the directory " + dir;
            case NEW_FILE -> "the new files in " + dir;
            case OTHER -> "other files in " + dir + " (" + seen.firstSeen().get(key).path() + " first)";
            case RING -> "the io_uring";
        };
    }

    /** Where to look when the kernel saw a call the counters do not account for. */
    private String firstAt(CallKey key, long expectedCalls, long seenCalls) {
        FileCall first = seen.firstSeen().get(key);
        if (seenCalls <= expectedCalls || first == null) return "";
        return " (the first at trace line " + first.event().entryLine() + ")";
    }
}
