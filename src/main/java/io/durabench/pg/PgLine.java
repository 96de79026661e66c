package io.durabench.pg;

import io.durabench.workload.PgFdSyncLoop;
import io.durabench.workload.PgOpenSyncLoop;
import io.durabench.workload.PgTestFile;
import io.durabench.workload.PgTestFsyncLoop;
import java.util.Optional;

/**
 * One line of pg_test_fsync's output: its label, and the durabench workload that measures it (the
 * same classes as the JMH benchmarks PgTestFsyncEquivalent, PgOpenSyncSizes and PgFsyncDescriptor),
 * or why Linux has none (fsync_writethrough).
 *
 * @param id       stable name on the child's command line and in results ("one/FDATASYNC")
 * @param label    pg_test_fsync's words for the line
 * @param direct   true when pg_test_fsync opens it with O_DIRECT (an EINVAL then means "n/a*")
 * @param durable  false for the non-sync'ed write
 */
public record PgLine(String id, String label, Optional<String> naByDesign, boolean direct, boolean durable) {

    /** One operation of the line's test, on the shared test file, and how its workload closes. */
    public record PgOperation(Runnable operation, Runnable closing) implements AutoCloseable {
        public void run() {
            operation.run();
        }

        @Override
        public void close() {
            closing.run();
        }
    }

    /** Opens the line's workload on {@code file} (the caller made the file and deletes it). */
    public PgOperation open(PgTestFile file) {
        String[] parts = id.split("/");
        return switch (parts[0]) {
            case "one", "two" -> {
                PgTestFsyncLoop loop = new PgTestFsyncLoop(file, PgTestFsyncLoop.Method.valueOf(parts[1]));
                yield new PgOperation(parts[0].equals("one") ? loop::writeOne : loop::writeTwo, loop::close);
            }
            case "write" -> {
                PgTestFsyncLoop loop = new PgTestFsyncLoop(file, PgTestFsyncLoop.Method.WRITE);
                yield new PgOperation(loop::writeOne, loop::close);
            }
            case "size" -> {
                PgOpenSyncLoop loop = new PgOpenSyncLoop(file, PgOpenSyncLoop.Size.valueOf(parts[1]));
                yield new PgOperation(loop::writeSixteenKiB, loop::close);
            }
            case "fd" -> {
                PgFdSyncLoop loop = new PgFdSyncLoop(file, PgFdSyncLoop.Descriptor.valueOf(parts[1]));
                yield new PgOperation(loop::writeAndSync, loop::close);
            }
            default -> throw new IllegalArgumentException("no pg_test_fsync line " + id);
        };
    }
}
