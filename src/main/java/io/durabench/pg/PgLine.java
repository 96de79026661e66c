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

    /** One operation of the line's test, on the shared test file. */
    public interface PgOperation extends AutoCloseable {
        void run();

        @Override
        void close();
    }

    /** Opens the line's workload on {@code file} (the caller made the file and deletes it). */
    public PgOperation open(PgTestFile file) {
        String[] parts = id.split("/");
        return switch (parts[0]) {
            case "one", "two" -> {
                PgTestFsyncLoop loop = new PgTestFsyncLoop(file, PgTestFsyncLoop.Method.valueOf(parts[1]));
                Runnable op = parts[0].equals("one") ? loop::writeOne : loop::writeTwo;
                yield of(op, loop);
            }
            case "write" -> {
                PgTestFsyncLoop loop = new PgTestFsyncLoop(file, PgTestFsyncLoop.Method.WRITE);
                yield of(loop::writeOne, loop);
            }
            case "size" -> {
                PgOpenSyncLoop loop = new PgOpenSyncLoop(file, PgOpenSyncLoop.Size.valueOf(parts[1]));
                yield of(loop::writeSixteenKiB, loop);
            }
            case "fd" -> {
                PgFdSyncLoop loop = new PgFdSyncLoop(file, PgFdSyncLoop.Descriptor.valueOf(parts[1]));
                yield of(loop::writeAndSync, loop);
            }
            default -> throw new IllegalArgumentException("no pg_test_fsync line " + id);
        };
    }

    private static PgOperation of(Runnable op, AutoCloseable loop) {
        return new PgOperation() {
            @Override
            public void run() {
                op.run();
            }

            @Override
            public void close() {
                try {
                    loop.close();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }
}
