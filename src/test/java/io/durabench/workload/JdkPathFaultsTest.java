package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Cells;
import io.durabench.catalogue.OperationLoop;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.jdkio.InjectingJdkCalls;
import io.durabench.jdkio.JdkCall;
import io.durabench.jdkio.JdkCallException;
import io.durabench.jdkio.JdkCallsOnSyscalls;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.groupcommit.CommitMode;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Injected faults at every JDK call of every JDK-path workload, exhaustively: a short run of each
 * workload (through the benchmark catalogue, as its benchmark runs it; six operations over a region
 * of four blocks, so the log starts over once) is recorded, then run again once for every call k
 * and every errno with the k-th call failing as the JDK fails it. Each time: the failure is named
 * (the call that failed, the log's path, and the errno unless the JDK gives none), the run produces
 * no number (the failure escapes the workload), nothing is made after the failure but closing (a
 * failed force, sync or msync is never retried, nor anything else), and the log file is gone.
 * Short channel writes at every write: continued (one more write call) on a buffered channel,
 * failing the operation with the counts on a DIRECT one.
 */
class JdkPathFaultsTest {
    private static final List<String> ERRNOS = List.of("EIO", "ENOSPC", "EDQUOT", "EINTR");
    private static final int BLOCK = 8192;
    private static final int OPS = 6;
    /** A region of four blocks in chunks of one: the log starts over once in six operations. */
    private static final WorkloadSize SIZE = new WorkloadSize(4 * BLOCK, BLOCK);

    /** A JDK-path workload of the catalogue, on the medium it can run on. */
    record Workload(String name, Medium medium, Cell cell) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** What one short run did: the JDK calls, what escaped (null when it completed), the files left. */
    record Run(List<JdkCall> calls, RuntimeException thrown, List<String> left) {
    }

    static Stream<Workload> jdkPathWorkloads() {
        List<Workload> all = new ArrayList<>();
        SyncMethod.availableOn(Runtime.version()).filter(m -> m.api() != SyncMethod.Api.NATIVE).forEach(m -> all.add(new Workload(
                "SyncWriteCost " + m, m.usesDirectIo() ? Medium.DISK : Medium.SHM,
                Cells.syncWrite(m, BLOCK, m.hasExplicitSync() ? 2 : 1, Preallocation.NONE))));
        for (SyncMethod m : GroupCommitConfig.GROUPABLE) {
            if (m.api() == SyncMethod.Api.NATIVE) continue;
            for (CommitMode mode : CommitMode.values()) {
                all.add(new Workload("GroupCommit " + mode + " " + m, Medium.SHM,
                        Cells.groupCommit(m, Preallocation.NONE, BLOCK, mode)));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdkPathWorkloads")
    void everyCallFailingWithEveryErrnoIsNamedStopsTheRunAndLeavesNothing(Workload w) {
        try (ScratchDir dir = ScratchDir.on(w.medium())) {
            List<JdkCall> recorded = honestRun(w, dir.path());
            for (int k = 1; k <= recorded.size(); k++) {
                JdkCall call = recorded.get(k - 1);
                for (String errno : ERRNOS) {
                    String at = w + ", call " + k + " of " + recorded.size() + " (" + call + ") failing with " + errno;
                    Run r = run(w, dir.path(), InjectingJdkCalls.failing(k, errno));
                    JdkCallException e = injected(r, at);
                    assertEquals(call, e.call(), at);
                    assertEquals(call == JdkCall.FD_SYNC ? null : errno, e.errnoName(), at + ": " + e.getMessage());
                    assertLog(e.path(), dir.path(), at);
                    assertTrue(r.thrown().getMessage().contains(e.getMessage()), at + ": the message that escapes names it: " + r.thrown().getMessage());
                    assertOnlyClosingAfter(k, recorded, r, at);
                    assertEquals(List.of(), r.left(), at + ": files left");
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdkPathWorkloads")
    void aShortChannelWriteIsContinuedOrFailsTheOperationWhenDirect(Workload w) {
        try (ScratchDir dir = ScratchDir.on(w.medium())) {
            List<JdkCall> recorded = honestRun(w, dir.path());
            boolean direct = w.medium() == Medium.DISK;
            for (int k = 1; k <= recorded.size(); k++) {
                if (recorded.get(k - 1) != JdkCall.CHANNEL_WRITE) continue;
                String at = w + ", write call " + k + " short";
                Run r = run(w, dir.path(), InjectingJdkCalls.shortening(k));
                if (direct) {
                    JdkCallException e = injected(r, at);
                    assertEquals(JdkCall.CHANNEL_WRITE, e.call(), at);
                    assertTrue(e.getMessage().startsWith("FileChannel.write failed: short direct write: " + BLOCK / 2 + " of " + BLOCK
                            + " bytes at offset "), at + ": " + e.getMessage());
                    assertLog(e.path(), dir.path(), at);
                    assertOnlyClosingAfter(k, recorded, r, at);
                } else {
                    assertNull(r.thrown(), at + ": a short buffered write is continued");
                    List<JdkCall> expected = new ArrayList<>(recorded);
                    expected.add(k, JdkCall.CHANNEL_WRITE);
                    assertEquals(expected, r.calls(), at + ": the rest of the block is one more write, nothing else changes");
                }
                assertEquals(List.of(), r.left(), at + ": files left");
            }
        }
    }

    /** The calls of a run without faults; it must complete. */
    private static List<JdkCall> honestRun(Workload w, Path dir) {
        Run honest = run(w, dir, InjectingJdkCalls.recording());
        if (honest.thrown() != null) throw new AssertionError(w + " fails without a fault", honest.thrown());
        assertEquals(List.of(), honest.left());
        assertTrue(honest.calls().size() > 3, w + " made " + honest.calls());
        return honest.calls();
    }

    /**
     * Opens, runs and finishes the workload as its benchmark does (catalogue open, operations, the
     * end-of-trial sync), closing it whatever happened, as a teardown in a finally would.
     */
    private static Run run(Workload w, Path dir, InjectingJdkCalls jdk) {
        Cell cell = w.cell().with(Catalogue.TARGET_DIR, dir.toString());
        RuntimeException thrown = null;
        OperationLoop loop = null;
        try {
            loop = cell.family().open(new JdkCallsOnSyscalls(jdk), cell, SIZE);
            for (int i = 0; i < OPS; i++) loop.operate();
            loop.finish();
        } catch (RuntimeException e) {
            thrown = e;
        } finally {
            if (loop != null) {
                try {
                    loop.close();
                } catch (RuntimeException e) {
                    if (thrown == null) thrown = e; else thrown.addSuppressed(e);
                }
            }
        }
        return new Run(jdk.calls(), thrown, listing(dir));
    }

    /** The injected failure: what escaped, or its cause (group commit wraps it in CommitFailedException). */
    private static JdkCallException injected(Run r, String at) {
        assertNotNull(r.thrown(), at + ": the run must fail, so that no number is produced");
        for (Throwable t = r.thrown(); t != null; t = t.getCause()) {
            if (t instanceof JdkCallException e) return e;
        }
        throw new AssertionError(at + ": no named JDK failure in what escaped", r.thrown());
    }

    private static void assertLog(Path failedOn, Path dir, String at) {
        assertEquals(dir, failedOn.getParent(), at + ": the failure names the log");
        assertTrue(failedOn.getFileName().toString().startsWith("durabench-"), at + ": " + failedOn);
    }

    /** The same calls as the honest run up to the k-th, then nothing but closing. */
    private static void assertOnlyClosingAfter(int k, List<JdkCall> recorded, Run r, String at) {
        assertEquals(recorded.subList(0, k), r.calls().subList(0, Math.min(k, r.calls().size())), at + ": the calls up to the fault");
        List<JdkCall> after = r.calls().subList(k, r.calls().size());
        if (after.stream().anyMatch(c -> c.kind() != JdkCall.Kind.CLOSE)) fail(at + ": after the failure it went on with " + after);
    }

    private static List<String> listing(Path dir) {
        try (Stream<Path> s = java.nio.file.Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
