package io.durabench.child;

import java.util.Optional;

/**
 * Ends a child JVM of ours when the durabench process that started it is gone, however it ended
 * (a SIGKILL runs none of its hooks). {@link ChildJvm} names the parent in {@code -Ddurabench.parent};
 * a prefix (strace, taskset) between them does not hide it. The child exits through its shutdown
 * hooks, so its workload files are deleted as on Ctrl-C. A JVM started otherwise (a test, by hand)
 * has no parent named and is not watched.
 */
public final class ParentWatch {
    public static final String PROPERTY = "durabench.parent";
    /** The exit code of a child whose parent went away: no one reads it, but ps and logs show it. */
    static final int ORPHANED = 129;

    private ParentWatch() {
    }

    /** Watches the parent {@code -Ddurabench.parent} names, on a daemon thread; returns at once. */
    public static void start() {
        String pid = System.getProperty(PROPERTY);
        if (pid == null || pid.isBlank()) return;
        Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(pid.strip()));
        if (parent.isEmpty() || !parent.get().isAlive()) orphaned(pid);
        Thread t = new Thread(() -> {
            parent.get().onExit().join();
            orphaned(pid);
        }, "durabench-parent-watch");
        t.setDaemon(true);
        t.start();
    }

    private static void orphaned(String pid) {
        System.err.println("durabench child: its parent, process " + pid + ", is gone: ending (its files are deleted on the way out)");
        System.exit(ORPHANED);
    }

    /** The option that names this process as the parent of a child JVM. */
    static String option() {
        return "-D" + PROPERTY + "=" + ProcessHandle.current().pid();
    }
}
