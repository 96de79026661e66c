package io.durabench.workload.groupcommit;

import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every group-commit test stands on: a recording Syscalls, a thread pool for committers, and
 * a fresh directory under target/ (the project's disk, so a sync takes as long as a flush) that
 * must be empty again at the end: a file a log leaves behind fails the test instead of being
 * quietly deleted.
 */
abstract class LogFixture {
    final RecordingSyscalls sys = new RecordingSyscalls();
    ExecutorService pool;
    private ScratchDir scratch;

    @BeforeEach
    void openFixture() {
        scratch = ScratchDir.on(Medium.DISK);
        pool = Executors.newCachedThreadPool();
    }

    @AfterEach
    void closeFixture() {
        pool.shutdownNow();
        scratch.close();
    }

    Path dir() {
        return scratch.path();
    }
}
