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

    /** JMH's own reading of the options: -f 3, -f3 and -f=3 alike. A malformed option is left to the run's check. */
    private static boolean setsForks(List<String> jmhArgs) {
        try {
            return JmhSettings.of(Profile.QUICK, jmhArgs).userSetsForks();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
