package io.durabench.cli;

import io.durabench.workload.TestSlowdown;
import picocli.CommandLine.Option;

/**
 * Every test hook of the command line, read here and nowhere else, hidden from --help and listed in
 * docs/cli.md ("Test hooks"): what tests and scripts use to make a known effect or a known failure.
 * None belongs in a measurement. The slowdown is built into the jar (workload's {@link TestSlowdown},
 * on the write path); the CLI only warns about it.
 */
final class TestHooks {
    /** The environment variable that makes every command fail as an internal error (exit 3) once its arguments are parsed. */
    static final String FORCE_INTERNAL_ERROR_ENV = "DURABENCH_FORCE_INTERNAL_ERROR";
    /** The system property of the same hook, for tests in this JVM (which cannot set environment variables). */
    static final String FORCE_INTERNAL_ERROR_PROPERTY = "durabench.forceInternalError";
    /** The start of every hook option's description, which is how docs/cli.md's table finds them. */
    static final String DESCRIPTION = "Test hook: ";

    private TestHooks() {
    }

    /** DURABENCH_FORCE_INTERNAL_ERROR set (non-empty), or -Ddurabench.forceInternalError=true. */
    static boolean internalErrorForced() {
        String env = System.getenv(FORCE_INTERNAL_ERROR_ENV);
        return (env != null && !env.isEmpty()) || Boolean.getBoolean(FORCE_INTERNAL_ERROR_PROPERTY);
    }

    /** The line a jar built with -Ddurabench.testSlowdownNanos prints on every command's stderr, or null. */
    static String slowdownWarning() {
        return TestSlowdown.warning();
    }

    /**
     * run --lock-step's known effect: spin inside the timed unit, so a test knows the difference it must
     * find. Run's lock-step group extends it, since picocli takes no mixin inside an argument group.
     */
    static class BusyWait {
        @Option(names = "--test-busy-wait-b-ns", hidden = true, paramLabel = "NS", description = DESCRIPTION + "lock-step's side B spins"
                + " this long per operation inside its timed unit, a known effect.")
        long nanosB;

        @Option(names = "--test-busy-wait-base-ns", hidden = true, paramLabel = "NS", description = DESCRIPTION + "both lock-step sides"
                + " spin this long per operation (side B the --test-busy-wait-b-ns more), so both do the same kind of work and only the"
                + " difference is the effect.")
        long baseNanos;

        /** Side A's spin per operation. */
        long nanosA() {
            check();
            return baseNanos;
        }

        /** Side B's spin per operation. */
        long nanosOfB() {
            check();
            return baseNanos + nanosB;
        }

        private void check() {
            if (nanosB < 0 || baseNanos < 0) throw new UsageException("--test-busy-wait-*-ns must be 0 or more");
        }
    }
}
