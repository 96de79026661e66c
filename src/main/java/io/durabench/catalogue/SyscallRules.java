package io.durabench.catalogue;

import io.durabench.expectation.SyscallExpectation;
import java.util.Optional;

/**
 * What the kernel must see of a family's workload: the rules the syscall witness holds a cell's
 * counters to (the witness runs the workload under strace and compares; the rules say what to
 * compare with). A family returns its rules from {@link BenchmarkFamily#syscallRules()}; the witness
 * knows no family.
 */
public interface SyscallRules {

    /**
     * The cell the witness runs to check {@code cell}'s counters: the cell itself, unless the family
     * needs it simpler for the witnessed JVM, which runs one thread (GroupCommit: one committer, no
     * commit delay). The witness runs exactly the cells this returns.
     */
    default Cell witnessed(Cell cell) {
        return cell;
    }

    /**
     * Why the rules cannot judge {@code cell} with its workload at {@code size}, in one line naming
     * the value to change; empty when they can. Asked before anything runs.
     */
    default Optional<String> refuses(Cell cell, WorkloadSize size) {
        return Optional.empty();
    }

    /**
     * Whether the witness traces the cell's io_uring ops (io_uring:io_uring_submit_req and io_uring_complete, as root)
     * over its measured operations, for {@link #expect}'s {@link SyscallExpectation#ringOps}: a cell whose writes go
     * through a ring, which strace sees only as io_uring_enter.
     */
    default boolean tracesRing(Cell cell) {
        return false;
    }

    /**
     * Adds to {@code x} every call the kernel must see over the measured operations of
     * {@code cell} (its workload at {@code size}), from the counters' difference that {@code x}
     * holds ({@link SyscallExpectation#counter}): calls per file role and fd kind, bytes written,
     * writes through a synchronous fd, counters that must be 0. What is not added must not be seen.
     */
    void expect(Cell cell, WorkloadSize size, SyscallExpectation x);

    /**
     * Adds what the counters must say of the {@code ops} operations the witness ran: by default,
     * that the family's operation counter equals them. A benchmark whose one operation is several
     * counted writes (pg_test_fsync's two 8 kB writes per sync) says how many instead.
     */
    default void expectOperations(Cell cell, long ops, SyscallExpectation x) {
        x.mustEqual(cell.family().counters().operations(), ops, "the witness ran " + ops + " operations");
    }
}
