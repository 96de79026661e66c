package io.durabench.cli;

import io.durabench.suite.JmhSettings;
import io.durabench.suite.Profile;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * run's (and gate's first run's) {@code --forks N}, the one way every command gives a number of forks:
 * it reaches JMH (or the lock-step planner, as fork pairs) as {@code -f N} among the pass-through
 * options, which is also what run.json records, so resume and gate rerun it unchanged. {@code -f N} after '--' still works
 * for one release, saying so in one line.
 */
final class RunForks {
    /** About how many forks a run of few cells spends on a target and JVM (forksFor). */
    static final int SMALL_RUN_FORKS = 30;
    static final int MOST_FORKS_PER_CELL = 10;

    private RunForks() {
    }

    /** The pass-through options with --forks among them; both at once is bad input. */
    static List<String> intoJmhArgs(Integer forks, List<String> jmhArgs, CommandSpec spec) {
        boolean passedThrough = setsForks(jmhArgs);
        if (forks == null) {
            if (passedThrough) OldSpelling.RUN_PASSED_FORKS.used(spec);
            return jmhArgs;
        }
        if (passedThrough) throw new UsageException("--forks " + forks + " and -f after '--' together: give --forks only");
        if (forks < 0) throw new UsageException("--forks " + forks + ": give 1 or more (0: JMH in this JVM, no fork)");
        List<String> args = new ArrayList<>(jmhArgs);
        args.add("-f");
        args.add(String.valueOf(forks));
        return args;
    }

    /**
     * A run of few cells given no forks: as many per cell as make about {@value #SMALL_RUN_FORKS} forks in the run (well
     * under a minute of quick forks), up to {@value #MOST_FORKS_PER_CELL}, never fewer than the profile's; as -f N, so
     * run.json records it and --resume reruns it. Forks are cheap there, and a run of one or two cells has no other
     * rows to borrow a variance from: a figure's 95% t quantile is 4.30 on three forks and 2.26 on ten. The args
     * unchanged when the user gave forks or --precision / --budget, which decide the rounds themselves.
     */
    static List<String> forFewCells(List<String> jmhArgs, JmhSettings settings, int cells, boolean precisionRounds) {
        int n = cells <= 0 ? 0 : Math.min(MOST_FORKS_PER_CELL, SMALL_RUN_FORKS / cells);
        if (settings.userSetsForks() || precisionRounds || n <= settings.forks()) return jmhArgs;
        List<String> args = new ArrayList<>(jmhArgs);
        args.add("-f");
        args.add(String.valueOf(n));
        return args;
    }

    /** JMH's own reading of the options: -f 3, -f3 and -f=3 alike. A malformed option is left to the run's check. */
    private static boolean setsForks(List<String> jmhArgs) {
        try {
            return JmhSettings.of(Profile.QUICK, jmhArgs).userSetsForks();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
