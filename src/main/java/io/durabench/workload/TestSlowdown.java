package io.durabench.workload;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * A test-only slowdown of the Java side, built into the jar: with {@code mvn package
 * -Ddurabench.testSlowdownNanos=N} every write of {@link DurableWriteLoop} spins N ns more, in JMH's
 * forks and in lock-step's JVM sides alike, while the C twin is untouched. It stands for a real
 * regression of the Java path (a JDK, jnr or durabench costing more per durable write) so that the
 * gate's ratio rule can be shown to catch one (docs/gate.md). 0 in every normal build, where the
 * JIT folds the test away; a jar built with it says so on every command's stderr.
 */
public final class TestSlowdown {
    /** The resource Maven filters at build time. */
    static final String RESOURCE = "/durabench-test-slowdown.properties";
    public static final long NANOS_PER_WRITE = read();

    private TestSlowdown() {
    }

    static void afterWrite() {
        if (NANOS_PER_WRITE <= 0) return;
        long end = System.nanoTime() + NANOS_PER_WRITE;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    /** The warning a jar built with the slowdown prints, or null. */
    public static String warning() {
        return NANOS_PER_WRITE <= 0 ? null : "durabench: WARNING: this jar was built with -Ddurabench.testSlowdownNanos=" + NANOS_PER_WRITE
                + ": every write of the Java side spins " + NANOS_PER_WRITE + " ns more (a test of the gate, not a measurement)";
    }

    private static long read() {
        try (InputStream in = TestSlowdown.class.getResourceAsStream(RESOURCE)) {
            if (in == null) return 0;
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("nanosPerWrite", "0").strip();
            return v.isEmpty() || v.startsWith("$") ? 0 : Long.parseLong(v);
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }
}
