package io.durabench.suite;

import io.durabench.catalogue.Cell;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Optional;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The JMH settings of a run: the profile's, overridden by whatever standard JMH options the user
 * passed through ("-f 3 -i 10 -bm sample -prof gc -p blockSizeBytes=4096 ...").
 * Options are copied one by one rather than chained as a parent, because JMH merges a parent's
 * include patterns into the child's and a cell must run exactly one benchmark.
 */
public final class JmhSettings {
    private final Profile profile;
    private final CommandLineOptions user;
    private final Set<String> userParamNames;

    private JmhSettings(Profile profile, CommandLineOptions user, Set<String> userParamNames) {
        this.profile = profile;
        this.user = user;
        this.userParamNames = userParamNames;
    }

    /** Parses pass-through JMH arguments; a bad one is a usage error naming it. */
    public static JmhSettings of(Profile profile, List<String> jmhArgs) {
        try {
            return new JmhSettings(profile, new CommandLineOptions(jmhArgs.toArray(String[]::new)), paramNames(jmhArgs));
        } catch (CommandLineOptionException e) {
            throw new IllegalArgumentException("bad JMH option in '" + String.join(" ", jmhArgs) + "': " + e.getMessage()
                    + " (see java -jar target/benchmarks.jar -h)");
        }
    }

    /** Names given with "-p NAME=..." (JMH's options cannot list them, only look one up). */
    private static Set<String> paramNames(List<String> args) {
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-p") && args.get(i + 1).contains("=")) names.add(args.get(i + 1).substring(0, args.get(i + 1).indexOf('=')));
        }
        return names;
    }

    /**
     * Every -p the user gave for a parameter the cell does not fix (e.g. commitSiblings), so it
     * reaches JMH instead of being dropped; JMH ignores it for benchmarks without that parameter.
     */
    public void applyUserParams(ChainedOptionsBuilder b, Cell cell) {
        for (String name : userParamNames) {
            boolean fixed = cell.benchmark().parameter(name).map(cell::fixes).orElse(false);
            if (!fixed) b.param(name, user.getParameter(name).get().toArray(String[]::new));
        }
    }

    /** The names the user gave with -p, in order. */
    public Set<String> userParamNames() {
        return userParamNames;
    }

    /** Whether the user's JMH options set the fork count (-f), which then wins over the profile's. */
    public boolean userSetsForks() {
        return user.getForkCount().hasValue();
    }

    /** The profile's forks per cell, or the user's -f. */
    public int forks() {
        return user.getForkCount().orElse(profile.forks);
    }

    /**
     * Rounds a cell is measured in: one fork per round, so a cell's forks are spread over the run
     * rather than run back to back; -f 0 (JMH in the launcher's JVM, no fork) is one round.
     */
    public int rounds() {
        return Math.max(1, forks());
    }

    /** Forks of one cell in one round: 1 (0 when the user asked for no fork at all). */
    public int forksPerRound() {
        return forks() == 0 ? 0 : 1;
    }

    /** The values the user passed with -p NAME=..., if any. */
    public Optional<List<String>> userParam(String name) {
        var v = user.getParameter(name);
        return v.hasValue() ? Optional.of(List.copyOf(v.get())) : Optional.empty();
    }

    /** The -jvm the user passed to JMH, if any (durabench's own --jvm is the way to pick JVMs). */
    public Optional<String> userJvm() {
        return user.getJvm().hasValue() ? Optional.of(user.getJvm().get()) : Optional.empty();
    }

    /** The user's JVM options a fork gets after ours, in JMH's order: -jvmArgsPrepend, -jvmArgs, -jvmArgsAppend. */
    public List<String> userJvmArgs() {
        return jvmArgsAround(user.getJvmArgs().hasValue() ? user.getJvmArgs().get() : List.of());
    }

    /**
     * The JVM options JMH gives a fork after ours: the user's, where a missing -jvmArgs is, as JMH does it, this
     * JVM's own options (so a class-data archive is checked with every option its forks really get).
     */
    public List<String> forkJvmArgs() {
        return jvmArgsAround(jvmArgs());
    }

    /** The user's -jvmArgs, or else this JVM's own options, which JMH would take from the JVM its runner is in. */
    private List<String> jvmArgs() {
        return user.getJvmArgs().hasValue() ? List.copyOf(user.getJvmArgs().get()) : inheritedJvmArgs();
    }

    /**
     * This JVM's options as a fork inherits them. Named explicitly because JMH's runner runs in another JVM
     * ({@link JmhHost}), whose own options a fork would inherit otherwise; less this JVM's sun.misc.Unsafe
     * setting, which is for this JVM: a fork's own flags, ahead of these, decide its own.
     */
    static List<String> inheritedJvmArgs() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.startsWith("--sun-misc-unsafe-memory-access")).toList();
    }

    private List<String> jvmArgsAround(java.util.Collection<String> jvmArgs) {
        List<String> all = new java.util.ArrayList<>();
        if (user.getJvmArgsPrepend().hasValue()) all.addAll(user.getJvmArgsPrepend().get());
        all.addAll(jvmArgs);
        if (user.getJvmArgsAppend().hasValue()) all.addAll(user.getJvmArgsAppend().get());
        return all;
    }

    /** The -v the user passed (EXTRA, NORMAL, SILENT); NORMAL otherwise. */
    public org.openjdk.jmh.runner.options.VerboseMode verbosity() {
        return user.verbosity().orElse(org.openjdk.jmh.runner.options.VerboseMode.NORMAL);
    }

    /** Benchmark-name patterns the user gave (JMH's positional regexps); empty = all. */
    public List<String> includes() {
        return user.getIncludes();
    }

    public List<Mode> modes() {
        return user.getBenchModes().isEmpty() ? profile.modes : List.copyOf(user.getBenchModes());
    }

    /**
     * The run's settings on a cell's options, with {@code jvmFlags} placed ahead of the user's own JVM
     * options (JMH's builder replaces a list on each call, so they are merged here; the user's options
     * come later on the command line and win).
     *
     * @param cellModes modes a benchmark needs (group commit: throughput + latency); empty = the run's
     */
    public void applyTo(ChainedOptionsBuilder b, List<Mode> cellModes, List<String> jvmFlags) {
        b.forks(forksPerRound());
        b.warmupIterations(user.getWarmupIterations().orElse(profile.warmupIterations));
        b.warmupTime(user.getWarmupTime().orElse(TimeValue.milliseconds(profile.warmupMillis)));
        b.measurementIterations(user.getMeasurementIterations().orElse(profile.measurementIterations));
        b.measurementTime(user.getMeasurementTime().orElse(TimeValue.milliseconds(profile.measurementMillis)));
        for (Mode m : modesFor(cellModes)) b.mode(m);
        // Each benchmark declares its own unit (µs per write, commits per second): only -tu overrides it.
        if (user.getTimeUnit().hasValue()) b.timeUnit(user.getTimeUnit().get());
        if (user.getTimeout().hasValue()) b.timeout(user.getTimeout().get());
        if (user.getJvm().hasValue()) b.jvm(user.getJvm().get());
        b.jvmArgs(jvmArgs().toArray(String[]::new));
        if (user.getJvmArgsAppend().hasValue()) b.jvmArgsAppend(user.getJvmArgsAppend().get().toArray(String[]::new));
        List<String> prepend = new java.util.ArrayList<>(jvmFlags);
        if (user.getJvmArgsPrepend().hasValue()) prepend.addAll(user.getJvmArgsPrepend().get());
        if (!prepend.isEmpty()) b.jvmArgsPrepend(prepend.toArray(String[]::new));
        if (user.verbosity().hasValue()) b.verbosity(user.verbosity().get());
        user.getProfilers().forEach(p -> b.addProfiler(p.getKlass(), p.getOpts()));
    }

    /** The user's -bm wins; else the benchmark's own modes; else the profile's. */
    private List<Mode> modesFor(List<Mode> cellModes) {
        return cellModes.isEmpty() || !user.getBenchModes().isEmpty() ? modes() : cellModes;
    }

    /** Estimated seconds of JMH time for one cell in one round (a fork: warmup + measurement + JVM start, per mode). */
    public double secondsPerRound(Cell cell) {
        return secondsFor(cell) / rounds();
    }

    /** Estimated seconds of JMH time for one cell over all its rounds (forks x (warmup + measurement + JVM start) x modes). */
    public double secondsFor(Cell cell) {
        int forks = user.getForkCount().orElse(profile.forks);
        double w = user.getWarmupIterations().orElse(profile.warmupIterations)
                * seconds(user.getWarmupTime().orElse(TimeValue.milliseconds(profile.warmupMillis)));
        double m = user.getMeasurementIterations().orElse(profile.measurementIterations)
                * seconds(user.getMeasurementTime().orElse(TimeValue.milliseconds(profile.measurementMillis)));
        return Math.max(1, forks) * (w + m + 0.8) * modesFor(cell.modes()).size();
    }

    private static double seconds(TimeValue t) {
        return t.getTimeUnit().toNanos(t.getTime()) / 1e9;
    }
}
