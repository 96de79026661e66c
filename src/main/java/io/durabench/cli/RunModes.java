package io.durabench.cli;

import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * run's two ways of measuring as picocli argument groups, so that picocli checks what goes with what:
 * the lock-step settings only with --lock-step, the rounds' settings (--seed, --verify-syscalls,
 * --trim-histograms) never with it. --precision and --budget go with either ({@link PrecisionOptions}). What picocli cannot express (how many JVMs,
 * slots and targets make two sides) stays in {@link LockStepCommandLine}.
 */
final class RunModes {
    /** One of the two, or neither (a run in rounds with the profile's settings). */
    @ArgGroup(exclusive = false, multiplicity = "1")
    LockStep lockStep;

    @ArgGroup(exclusive = false, multiplicity = "1")
    RoundsOptions rounds;

    /** --lock-step and what only it takes, the busy-wait test hook among it (hidden, declared in {@link TestHooks}). */
    static final class LockStep extends TestHooks.BusyWait {
        @Option(names = "--lock-step", required = true, description = "Measure each cell as fork pairs of two sides that alternate one"
                + " durable unit at a time (--jvm A --jvm B, or one JVM with --repeat 2 for an A/A, or two --dir): a relative difference"
                + " to about 1%%, the disk's drift cancelled; --forks gives the fork pairs, and after '--' only benchmark patterns and -p."
                + " See docs/lockstep.md.")
        boolean on;

        @Option(names = "--twin", description = "Lock-step: side A is the C twin (twin/) making each cell's durable system calls from C,"
                + " side B the JVM: what Java costs over C, per cell.")
        boolean twin;

        @Option(names = "--pin", paramLabel = "CPUS|none", description = "Lock-step: the CPUs both sides are pinned to (taskset's list), or"
                + " none (default: the last CPU).")
        String pin;

        @Option(names = "--grain", paramLabel = "N", description = "Lock-step: units a side runs before it hands over (default: 1).")
        Integer grain;

        @Option(names = "--order", paramLabel = "alternate|a-first|b-first", description = "Lock-step: which side opens each block"
                + " (default: alternate, ABBA by block).")
        String order;
    }

    /** The settings of a run in rounds. */
    static final class RoundsOptions {
        @Option(names = "--seed", paramLabel = "N", description = "Seed of the cells' shuffled order in each round (default: a random one;"
                + " run.json keeps it).")
        Long seed;

        @Option(names = "--verify-syscalls", description = "Before measuring, run each cell's workload under strace and FAIL cells whose"
                + " counters disagree with the kernel.")
        boolean verifySyscalls;

        @Option(names = "--trim-histograms", description = "Keep SampleTime histograms to 4 significant digits per iteration (means and"
                + " counts exact; files ~100x smaller).")
        boolean trimHistograms;
    }

    /**
     * picocli's words for a broken group, in durabench's: one line naming the fix. Empty for any other
     * parse error. picocli says "Missing required argument(s): --lock-step" for --pin alone and lists
     * both groups' synopses when they meet.
     */
    static Optional<String> explain(CommandLine.ParameterException e) {
        if (!e.getCommandLine().getCommandName().equals("run")) return Optional.empty();
        if (e instanceof CommandLine.MissingParameterException m && m.getMissing().stream()
                .anyMatch(a -> a.isOption() && ((CommandLine.Model.OptionSpec) a).longestName().equals("--lock-step"))) {
            return Optional.of("--pin, --grain, --order and --twin are lock-step settings: add --lock-step");
        }
        if (e instanceof CommandLine.MutuallyExclusiveArgsException && e.getMessage().contains("--lock-step")) {
            return Optional.of("--seed, --verify-syscalls and --trim-histograms are for runs in rounds, not --lock-step");
        }
        return Optional.empty();
    }
}
