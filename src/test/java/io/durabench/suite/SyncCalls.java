package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.durabench.witness.StraceTrace;
import io.durabench.witness.SyscallEvent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sync calls the kernel saw a traced run make on the files of one directory, per file in the
 * order they were made: the kernel's word, not durabench's, on whether a failed sync was made
 * again. The run is traced with {@link #STRACE} in front of its command (every process it forks
 * included: JMH's forked JVMs too).
 */
final class SyncCalls {
    static final List<String> SYNCS = List.of("fsync", "fdatasync", "msync", "sync_file_range");
    private static final Pattern FD_PATH = Pattern.compile("^\\d+<(.*)>(?:\\(deleted\\))?$");

    private final Map<String, List<SyscallEvent>> byPath;

    private SyncCalls(Map<String, List<SyscallEvent>> byPath) {
        this.byPath = byPath;
    }

    /** strace in front of a command: follows forks, names each fd's file (-y), only the sync calls; its output in {@code trace}. */
    static List<String> strace(Path trace) {
        return List.of("strace", "-f", "--seccomp-bpf", "-qq", "-y", "-e", "signal=none",
                "-e", "trace=" + String.join(",", SYNCS), "-o", trace.toString());
    }

    static SyncCalls read(Path trace, Path dir) {
        Map<String, List<SyscallEvent>> byPath = new LinkedHashMap<>();
        String prefix = dir.toString() + "/";
        for (SyscallEvent e : StraceTrace.read(trace).events()) {
            if (!SYNCS.contains(e.name())) continue;
            Matcher m = FD_PATH.matcher(e.arg(0));
            if (!m.matches() || !m.group(1).startsWith(prefix)) continue;
            byPath.computeIfAbsent(m.group(1), p -> new ArrayList<>()).add(e);
        }
        return new SyncCalls(byPath);
    }

    /** No sync was made on a file after one on it failed (fsyncgate: a retry "succeeds" without making anything durable). */
    void assertNoSyncAfterAFailure() {
        for (Map.Entry<String, List<SyscallEvent>> e : byPath.entrySet()) {
            List<SyscallEvent> calls = e.getValue();
            for (int i = 0; i < calls.size(); i++) {
                if (calls.get(i).succeeded()) continue;
                assertEquals(calls.size() - 1, i, "a sync was made on " + e.getKey() + " after " + calls.get(i) + ": " + calls.subList(i, calls.size()));
            }
        }
    }

    /** The first failed sync on {@code path}, as "fdatasync failed: EIO"; fails the test when every sync on it succeeded. */
    String firstFailure(String path) {
        for (SyscallEvent e : byPath.getOrDefault(path, List.of())) {
            if (!e.succeeded()) {
                assertTrue(e.returned(), "the sync on " + path + " never returned: " + e);
                return e.name() + " failed: " + e.errno();
            }
        }
        return fail("the kernel saw no failed sync on " + path + "; it saw " + byPath.getOrDefault(path, List.of()));
    }

    /** How many syncs on files in the directory succeeded before the first failure on each, summed (for the report). */
    int succeededBeforeFailures() {
        int n = 0;
        for (List<SyscallEvent> calls : byPath.values()) for (SyscallEvent e : calls) if (e.succeeded()) n++;
        return n;
    }

    int files() {
        return byPath.size();
    }
}
