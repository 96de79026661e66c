package io.durabench.witness;

import io.durabench.expectation.CallHow;
import io.durabench.expectation.CallKey;
import io.durabench.expectation.CallKey.Role;
import io.durabench.workload.ownership.OwnedNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the kernel saw of one cell: every successful call on the target directory and the files in
 * it whose entry lies strictly between the cell's BEGIN and END markers, tallied by {@link CallKey};
 * calls elsewhere (the JVM's class loading, stdout) do not count.
 *
 * <p>The log is the one file in the directory that the cell's setup (from the previous marker to
 * BEGIN) opened with O_CREAT, an owner lock aside; the witness finds it in the trace rather than
 * asking the workload. A ring's io_uring_enter calls count under {@link Role#RING}: strace names the
 * ring, not the file its entries write.
 *
 * @param logPath       the cell's log, or null when its workload has none or the setup was not as expected
 * @param setupProblem  why the log could not be told, or null
 * @param totals        successful calls between the markers, per key (NEW_FILE ones summed over the files)
 * @param newFiles      per new file, its own tallies
 * @param syncedWrites  successful writes through an O_DSYNC or O_SYNC fd, or with RWF_DSYNC or RWF_SYNC, on any file of the directory
 * @param failed        calls on the directory's files between the markers that the kernel failed
 * @param unexplained   sync calls between the markers that no traced fd or file mapping explains
 * @param firstSeen     the first call of each key, for messages that point into the trace
 */
record TracedCell(String logPath, String setupProblem, Map<CallKey, Tally> totals, Map<String, Map<CallKey, Tally>> newFiles,
                  long syncedWrites, List<FileCall> failed, List<FileCall> unexplained, Map<CallKey, FileCall> firstSeen) {

    private static final Set<String> SYNCS = Set.of("fsync", "fdatasync", "msync", "sync_file_range");

    /**
     * @param calls      every FileCall of the trace, in entry order
     * @param setupFrom  index of the marker before this cell's BEGIN, or -1
     * @param begin      index of this cell's BEGIN marker
     * @param end        index of this cell's END marker
     * @param dir        the target directory's real path
     * @param hasLog     whether the workload's setup creates exactly one file, its log
     */
    static TracedCell of(List<FileCall> calls, int setupFrom, int begin, int end, String dir, boolean hasLog) {
        Set<String> setupCreated = new LinkedHashSet<>();
        for (int i = setupFrom + 1; i < begin; i++) {
            FileCall c = calls.get(i);
            if (c.creates() && inDir(c.path(), dir) && !c.path().equals(dir) && !ownerLock(c.path())) setupCreated.add(c.path());
        }
        String log = null;
        String problem = null;
        if (hasLog) {
            if (setupCreated.size() == 1) {
                log = setupCreated.iterator().next();
            } else {
                problem = "the workload's setup should create exactly one file in " + dir + " (its log), the kernel saw "
                        + setupCreated.size() + (setupCreated.isEmpty() ? "" : ": " + setupCreated);
            }
        }
        Set<String> createdInWindow = new LinkedHashSet<>();
        for (int i = begin + 1; i < end; i++) {
            FileCall c = calls.get(i);
            if (c.creates() && inDir(c.path(), dir) && !c.path().equals(dir) && !c.path().equals(log)) createdInWindow.add(c.path());
        }
        Map<CallKey, Tally> totals = new TreeMap<>();
        Map<String, Map<CallKey, Tally>> newFiles = new LinkedHashMap<>();
        createdInWindow.forEach(p -> newFiles.put(p, new TreeMap<>()));
        Map<CallKey, FileCall> firstSeen = new TreeMap<>();
        List<FileCall> failed = new ArrayList<>();
        List<FileCall> unexplained = new ArrayList<>();
        long syncedWrites = 0;
        for (int i = begin + 1; i < end; i++) {
            FileCall c = calls.get(i);
            if (c.path() == null) {
                if (SYNCS.contains(c.call())) unexplained.add(c);
                continue;
            }
            boolean ring = c.path().equals(CallHow.IO_URING_FILE);
            if (!ring && !inDir(c.path(), dir)) continue;
            if (!c.succeeded()) {
                failed.add(c);
                continue;
            }
            Role role = ring ? Role.RING : c.path().equals(dir) ? Role.DIRECTORY : c.path().equals(log) ? Role.LOG
                    : createdInWindow.contains(c.path()) ? Role.NEW_FILE : Role.OTHER;
            CallKey key = new CallKey(role, c.call(), c.how());
            totals.merge(key, Tally.ZERO.plus(c), (a, b) -> a.plus(c));
            firstSeen.putIfAbsent(key, c);
            if (role == Role.NEW_FILE) newFiles.get(c.path()).merge(key, Tally.ZERO.plus(c), (a, b) -> a.plus(c));
            if (CallKey.WRITES.contains(c.call()) && synchronous(c.how())) syncedWrites++;
        }
        return new TracedCell(log, problem, totals, newFiles, syncedWrites, failed, unexplained, firstSeen);
    }

    /** A write through an O_DSYNC or O_SYNC fd, or one that asked for it alone (pwritev2's RWF_DSYNC, RWF_SYNC). */
    private static boolean synchronous(String how) {
        return how.contains("O_DSYNC") || how.contains("O_SYNC") || how.contains("RWF_DSYNC") || how.contains("RWF_SYNC");
    }

    /** A process's owner lock (a lock-step side takes one before its first cell): durabench's, never a workload's file. */
    private static boolean ownerLock(String path) {
        return OwnedNames.tokenOfLock(path.substring(path.lastIndexOf('/') + 1)).isPresent();
    }

    static boolean inDir(String path, String dir) {
        return path != null && (path.equals(dir) || path.startsWith(dir.endsWith("/") ? dir : dir + "/"));
    }
}
