package io.durabench.expectation;

import io.durabench.expectation.CallKey.Role;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Exactly what the kernel must have seen over a cell's measured operations, derived from the
 * counters' difference over those operations ({@link #counter}) by the rules of the cell's family.
 * Every rule is an equality, nothing a tolerance: each {@link CallKey} named here must be seen
 * exactly that many times (and, where the counters fix them, with exactly those bytes written), and
 * every key not named must not be seen at all, so an extra fsync fails as surely as a missing one.
 *
 * <p>A rule reads like the sentence it checks: "syncCalls fdatasyncs on a plain fd of the log"
 * is {@code x.add(Role.LOG, "fdatasync", CallHow.PLAIN_FD, Counters.SYNC_CALLS)}; "one open of
 * each new file with O_CREAT|O_TRUNC" is {@code x.eachNewFile("openat", "O_CREAT|O_TRUNC", 1, null, "one per new file")};
 * a counter the workload cannot have moved is {@link #mustBeZero}. Expectations of the same key add
 * up, and say which counters they came from ("syncCalls 100 + preallocSyncs 25").
 */
public final class SyscallExpectation {
    /** Expected calls (and bytes, null where the counters do not fix them) with the counters they come from. */
    public record Expected(long calls, Long bytes, String because) {
        Expected plus(Expected o) {
            Long b = bytes == null || o.bytes == null ? null : bytes + o.bytes;
            return new Expected(calls + o.calls, b, because + " + " + o.because);
        }
    }

    private final Map<String, Long> counters;
    private final Map<CallKey, Expected> calls = new TreeMap<>();
    private final List<String> counterProblems = new ArrayList<>();
    private final Map<CallKey, Expected> perNewFile = new TreeMap<>();
    private boolean hasLog = true;
    private long syncedWrites;
    private long newFiles;
    private long newFileBytes;
    private RingOps ringOps;
    private String ringOpsBecause;

    /** @param counters what the workload counted over the measured operations, by the catalogue's counter names */
    public SyscallExpectation(Map<String, Long> counters) {
        this.counters = new LinkedHashMap<>(counters); // in the workload's order, for the message of a missing one
    }

    /** A counter's difference over the measured operations; a counter the workload did not report is an error, not a zero. */
    public long counter(String name) {
        Long v = counters.get(name);
        if (v == null) throw new IllegalArgumentException("the workload reported no counter '" + name + "' (it reported " + counters.keySet() + ")");
        return v;
    }

    /**
     * A counter that only some runs of a workload report, 0 when this one did not: a lock-step
     * side's settle syncs, which a workload alone never makes (and which recordings made before
     * lock-step do not list). Every other counter is required ({@link #counter}).
     */
    public long counterIfReported(String name) {
        Long v = counters.get(name);
        return v == null ? 0 : v;
    }

    /**
     * {@code n} successful {@code call}s on the {@code role} file, made {@code how}; for a write,
     * {@code bytes} in all (null: not fixed). {@code counters} names where n comes from, for the message.
     */
    public void add(Role role, String call, String how, long n, Long bytes, String counters) {
        add(new CallKey(role, call, how), n, bytes, counters);
    }

    /** The same, by key. */
    public void add(CallKey key, long n, Long bytes, String counters) {
        calls.merge(key, new Expected(n, key.writes() ? bytes : null, counters + " " + n), Expected::plus);
    }

    /** As many calls as {@code counter} says. */
    public void add(Role role, String call, String how, String counter) {
        add(role, call, how, counter(counter), null, counter);
    }

    /** As many writes as {@code callCounter} says, writing {@code bytesCounter} bytes in all. */
    public void addWrites(Role role, String call, String how, String callCounter, String bytesCounter) {
        add(role, call, how, counter(callCounter), counter(bytesCounter), callCounter);
    }

    /** A counter the cell cannot have moved: not 0 is a problem, said with {@code why}. */
    public void mustBeZero(String counter, String why) {
        mustEqual(counter, 0, why);
    }

    /** A counter that must equal {@code value}; otherwise "counters say N name, but why". */
    public void mustEqual(String counter, long value, String why) {
        long n = counter(counter);
        if (n != value) counterProblems.add("counters say " + n + " " + counter + ", but " + why);
    }

    /** The writes strace must see through an O_DSYNC or O_SYNC fd, or with RWF_DSYNC or RWF_SYNC, on any file of the directory. */
    public void syncedWrites(long n) {
        syncedWrites = n;
    }

    /** The workload's setup creates no file of its own (file creation): by default it creates exactly one, its log. */
    public void noLog() {
        hasLog = false;
    }

    /** Files the kernel must see created between the markers, and the bytes written to them in all. */
    public void newFiles(long files, long bytes) {
        newFiles = files;
        newFileBytes = bytes;
    }

    /** What each new file must see, exactly: {@code n} {@code call}s made {@code how} (and {@code bytes} in all, for a write). */
    public void eachNewFile(String call, String how, long n, Long bytes, String because) {
        perNewFile.put(new CallKey(Role.NEW_FILE, call, how), new Expected(n, bytes, because));
    }

    /** The expected calls per key, in key order. */
    public Map<CallKey, Expected> calls() {
        return Collections.unmodifiableMap(calls);
    }

    /** Counters that cannot be true whatever the kernel saw, in the order found. */
    public List<String> counterProblems() {
        return Collections.unmodifiableList(counterProblems);
    }

    /** Whether the workload's setup creates exactly one file, its log (all but file creation). */
    /**
     * What the io_uring tracepoints must show over the measured operations ({@link RingOps}; a null count is not fixed
     * by the counters), and from which counters. Only a method that writes through a ring says this.
     */
    public void ringOps(RingOps expected, String because) {
        this.ringOps = expected;
        this.ringOpsBecause = because;
    }

    /** The ring's expected ops, or null when the cell has no ring. */
    public RingOps ringOps() {
        return ringOps;
    }

    /** Which counters the ring's expected ops come from. */
    public String ringOpsBecause() {
        return ringOpsBecause;
    }

    public boolean hasLog() {
        return hasLog;
    }

    public long syncedWrites() {
        return syncedWrites;
    }

    public long newFiles() {
        return newFiles;
    }

    public long newFileBytes() {
        return newFileBytes;
    }

    public Map<CallKey, Expected> perNewFile() {
        return Collections.unmodifiableMap(perNewFile);
    }
}
