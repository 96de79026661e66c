package io.durabench.workload.ownership;

import io.durabench.nativeio.JnrSyscalls;
import io.durabench.workload.DurableWriteLoop;
import io.durabench.workload.FileCreation;
import io.durabench.workload.PgTestFsyncLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import io.durabench.workload.groupcommit.GroupCommitLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A durabench run in a JVM of its own, for the ownership tests: claims DIR as the benchmark's setup
 * does, opens one workload of each kind there (their files stay open), prints
 * {@code READY <token> <file>...} (the lock last) and waits to be killed; with {@code busy}, it
 * keeps creating (and now and then deleting) files meanwhile, as the file-creation benchmark does,
 * so a signal lands while files are being created.
 *
 * <pre>java -cp CLASSPATH io.durabench.workload.ownership.OwnerChild DIR [busy]</pre>
 */
public final class OwnerChild {
    private OwnerChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        OwnedFiles.claim(dir).ifPresent(problem -> {
            throw new IllegalStateException(problem);
        });
        JnrSyscalls sys = JnrSyscalls.get();
        DurableWriteLoop loop = DurableWriteLoop.open(sys, WorkloadConfig.of(dir, SyncMethod.FDATASYNC, 4096, 1, Preallocation.NONE)
                .withRegionBytes(1 << 20));
        for (int i = 0; i < 5; i++) loop.writeOne();
        FileCreation creation = new FileCreation(sys, dir, 4096, true);
        for (int i = 0; i < 3; i++) creation.createOne();
        PgTestFsyncLoop pg = new PgTestFsyncLoop(sys, dir, PgTestFsyncLoop.Method.FDATASYNC);
        pg.writeOne();
        GroupCommitLog log = GroupCommitLog.open(sys, GroupCommitConfig.of(dir, SyncMethod.FDATASYNC, Preallocation.ZERO_FILL,
                CommitMode.GROUP, 0, 1).withRegionBytes(1 << 20, 256 << 10));
        log.newCommitter().commit(128);

        List<String> line = new ArrayList<>(List.of("READY", OwnedFiles.token()));
        OwnedFiles.filesIn(dir).forEach(p -> line.add(p.toString()));
        line.add(dir.toRealPath().resolve(OwnedNames.lockName(OwnedFiles.token())).toString());
        System.out.println(String.join(" ", line));
        System.out.flush();
        if (args.length > 1 && args[1].equals("busy")) {
            // Until the shutdown hook refuses new files (IllegalStateException) or the JVM halts.
            while (true) {
                creation.createOne();
                if (creation.outstanding() > 50) creation.deleteCreated();
            }
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
