package io.durabench.cli;

import io.durabench.env.JvmFacts;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.Order;
import io.durabench.lockstep.Placement;
import io.durabench.suite.JmhSettings;
import io.durabench.suite.LockStepSuite;
import io.durabench.suite.Profile;
import io.durabench.suite.RunTarget;
import io.durabench.suite.TargetCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * `durabench run --lock-step`'s command line, checked before anything runs, where picocli's groups
 * ({@link RunModes}) cannot: which two sides (two JVMs on one target; one JVM with --repeat 2, an A/A;
 * one JVM on two targets), what may follow '--' (benchmark patterns, -p, and the fork pairs as -f N,
 * which --forks becomes: nothing of JMH's own, since no JMH runs), and the pair's placement, grain and
 * order. Anything else is one line naming the fix (exit 2).
 */
final class LockStepCommandLine {
    private final RunCommand c;

    LockStepCommandLine(RunCommand command) {
        this.c = command;
    }

    LockStepSuite.Request request() {
        RunModes.LockStep ls = c.lockStep();
        if (c.resume != null) throw new UsageException("--resume does not continue a lock-step run: run it again");
        ForkPair.socketPathProblem().ifPresent(problem -> {
            throw new UsageException(problem);
        });
        checkPassThrough(c.jmhArgs);
        Profile profile = RunCommand.parseProfile(c.profile);
        JmhSettings settings = UsageException.onBadInput(() -> JmhSettings.of(profile, c.jmhArgs));
        int forkPairs = settings.userSetsForks() ? settings.forks() : LockStepSuite.DEFAULT_FORK_PAIRS;
        if (forkPairs < 1) throw new UsageException("--forks " + forkPairs + ": a lock-step run needs 1 or more fork pairs (2 or more for an interval)");
        int repeat = c.repeat == null ? 1 : c.repeat;
        List<JvmFacts> jvms = new ArrayList<>(RunCommand.jvmFacts(c.jvms));
        if (jvms.isEmpty()) jvms.add(JvmFacts.current());
        int targets = c.lab.isEmpty() ? Math.max(1, c.dirs.size()) : c.lab.size();
        JvmFacts a, b;
        if (ls.twin && (c.reference != null || jvms.size() != 1 || repeat != 1 || targets != 1)) {
            throw new UsageException("--twin pairs each cell with its C twin on one JVM and one target: give one --jvm (or none) and one --dir"
                    + " or --lab variant, without --repeat or --reference");
        }
        if (c.reference != null && (jvms.size() != 1 || repeat != 1 || targets != 1)) {
            throw new UsageException("--reference pairs each cell with the reference method on one JVM and one target: give one --jvm (or none)"
                    + " and one --dir or --lab variant, without --repeat");
        }
        if (jvms.size() == 2 && repeat == 1 && targets == 1) {
            a = jvms.get(0);
            b = jvms.get(1);
        } else if (jvms.size() == 1 && repeat == 2 && targets == 1) {
            a = b = jvms.get(0);
        } else if (jvms.size() == 1 && repeat == 1 && (targets == 2 || c.reference != null || ls.twin)) {
            a = b = jvms.get(0);
        } else {
            throw new UsageException("--lock-step measures two sides: --jvm A --jvm B on one target, one JVM with --repeat 2 (an A/A), one JVM"
                    + " on two targets (--dir X --dir Y, or --lab with two variants), or --reference METHOD beside each cell; got " + jvms.size() + " JVM(s), --repeat " + repeat
                    + " and " + targets + " target(s)");
        }
        if (!c.dirs.isEmpty() && !c.lab.isEmpty()) throw new UsageException("--dir and --lab together: measure either your directories or the lab's");
        Placement placement;
        LockStepSettings lockStep = LockStepSettings.defaults();
        try {
            placement = ls.pin == null ? Placement.lastCpu() : Placement.parse(ls.pin);
            placement.requireTaskset(); // a missing taskset is bad input, said now
            if (ls.grain != null) lockStep = lockStep.withGrain(ls.grain);
            if (ls.order != null) lockStep = lockStep.withOrder(Order.parse(ls.order));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        RunTarget ta = null, tb = null;
        if (c.lab.isEmpty()) {
            List<Path> dirs = checkedDirs();
            ta = RunTarget.directory(dirs.get(0));
            tb = RunTarget.directory(dirs.get(dirs.size() - 1));
        }
        return new LockStepSuite.Request(profile, settings, c.jmhArgs, a, ta, b, tb, lockStep, placement, forkPairs, ls.nanosA(),
                ls.nanosOfB(), c.lab, c.reference, ls.twin, c.precisionTarget());
    }

    /** The request with the lab's targets, once the lab is up (one variant: both sides on it; two: A on the first, B on the second). */
    LockStepSuite.Request onLab(LockStepSuite.Request r, List<RunTarget> lab) {
        return r.on(lab.get(0), lab.get(lab.size() - 1));
    }

    /** Only benchmark patterns, -p NAME=V and -f N: the rest of JMH's options mean nothing to a lock-step run, which runs no JMH. */
    static void checkPassThrough(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("-")) continue;
            if (a.equals("-p") || a.equals("-f")) {
                i++;
                continue;
            }
            if (a.startsWith("-p") || a.startsWith("-f")) continue; // -pname=v, -f3
            throw new UsageException("after --, a lock-step run takes only benchmark patterns and -p NAME=VALUES (fork pairs: --forks N): '" + a
                    + "' is JMH's, and no JMH runs in lock-step (its blocks and warmup are its own: docs/lockstep.md)");
        }
    }

    private List<Path> checkedDirs() {
        List<Path> out = new ArrayList<>();
        for (Path d : c.dirs.isEmpty() ? List.of(DefaultTarget.dir()) : c.dirs) out.add(TargetCheck.check(DefaultTarget.prepared(d), new ArrayList<>()));
        return out;
    }
}
