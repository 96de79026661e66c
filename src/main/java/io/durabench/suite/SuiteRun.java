package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.child.TempFolders;
import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.nativeio.Syscalls;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.ownership.Leftovers;
import io.durabench.workload.ownership.OwnedFiles;
import io.durabench.workload.ownership.StaleFiles;
import io.durabench.results.ResultsFolder;
import io.durabench.results.RunManifest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import io.durabench.witness.SyscallWitness;

/**
 * One `durabench run`: per target directory, each JVM's environment, the planned cells
 * ({@link SuitePlanner#cellsOfRun}), why some will not be measured ({@link BlockedCells}), the
 * rounds ({@link TargetRounds}: JMH one cell at a time, interleaved across JVMs cell by cell, A B A
 * B ..., so slow drift of the disk hits every JVM alike), --precision's extra rounds
 * ({@link PrecisionRounds}) and the lock-step pairs after them ({@link PairsAfterRounds}). Every
 * finished cell is on disk at once; the console shows one line per cell; JMH's own output goes to
 * jmh-log.txt. An interrupted run keeps what it measured and says how to resume it ({@link RunState}).
 */
public final class SuiteRun {
    /** What else the user asked for. */
    public record Options(boolean verbose, boolean verifySyscalls, boolean trimHistograms) {
        public static final Options DEFAULT = new Options(false, false, false);
    }

    private final Profile profile;
    private final JmhSettings settings;
    private final List<String> jmhArgs;
    private final List<JvmSlot> slots;
    private final Options options;
    private final Syscalls probeSyscalls;
    private final PrintWriter out;
    private final PrintWriter err;
    private Function<Path, SyscallWitness> witnesses = SyscallWitness::in;
    private long seed = new java.util.Random().nextLong() & 0xffffffffL;
    private PrecisionTarget precisionTarget = PrecisionTarget.NONE;
    private final PairsAfterRounds pairs = new PairsAfterRounds();
    private PrecisionRounds precisionRounds;

    /** @param probeSyscalls what the in-process feasibility probe calls the kernel through (the native layer; tests inject failures) */
    public SuiteRun(Profile profile, JmhSettings settings, List<String> jmhArgs, List<JvmSlot> slots, Options options,
                    Syscalls probeSyscalls, PrintWriter out, PrintWriter err) {
        this.profile = profile;
        this.settings = settings;
        this.jmhArgs = List.copyOf(jmhArgs);
        this.slots = List.copyOf(slots);
        this.options = options;
        this.probeSyscalls = probeSyscalls;
        this.out = out;
        this.err = err;
    }

    /** The run on the launcher's JVM only, with default options. */
    public SuiteRun(Profile profile, JmhSettings settings, List<String> jmhArgs, Syscalls probeSyscalls, PrintWriter out, PrintWriter err) {
        this(profile, settings, jmhArgs, List.of(JvmSlot.launcher()), Options.DEFAULT, probeSyscalls, out, err);
    }

    /** Tests: the witness --verify-syscalls uses (one whose workloads lie, to prove the run catches it). */
    SuiteRun withWitnesses(Function<Path, SyscallWitness> factory) {
        this.witnesses = factory;
        return this;
    }

    /** The seed of the rounds' shuffled cell order (a new run picks one at random; run.json keeps it). */
    public SuiteRun seed(long seed) {
        this.seed = seed;
        return this;
    }

    /** The method a single-JVM quick or standard run pairs every durable cell with in lock-step (FDATASYNC unless --reference). */
    public SuiteRun reference(SyncMethod method) {
        pairs.reference(method);
        return this;
    }

    /** The gate's control design: each cell the run measured also beside its C twin in lock-step, after the target's rounds. */
    public SuiteRun control(boolean on) {
        pairs.control(on);
        return this;
    }

    /** --precision / --budget: rounds beyond the profile's for the cells still too imprecise. */
    public SuiteRun precision(PrecisionTarget target) {
        this.precisionTarget = target;
        pairs.precision(target);
        return this;
    }

    /** The cells this run would measure on {@code dir}: the profile's, narrowed by the user's patterns. */
    public List<Cell> plan(Path dir) {
        return SuitePlanner.cellsOfRun(profile, dir, settings);
    }

    /** Runs every target into {@code outDir} (which must exist empty, or not exist); true when some cell FAILED. */
    public boolean run(List<RunTarget> targets, Path outDir, List<String> labVariants) {
        ResultsFolder folder = ResultsFolder.create(outDir);
        List<RunManifest.Target> manifestTargets = targets.stream().map(t -> new RunManifest.Target(t.dir().toString(), t.label())).toList();
        RunManifest manifest = RunManifest.starting(profile.label(), Instant.now().toString(), jmhArgs, settings.rounds(), seed, manifestTargets,
                slots.stream().filter(s -> s.label() != null)
                        .map(s -> new RunManifest.Jvm(s.label(), s.facts().java().toString(), s.facts().version())).toList(),
                labVariants, pairs.manifestOptions(options.verifySyscalls(), options.trimHistograms(), profile, slots.size()));
        return execute(targets, new RunState(folder, manifest, err), false);
    }

    /** Continues a cut-short run in its own folder: only the cells it has no outcome for (checked first: same machine). */
    public boolean resume(List<RunTarget> targets, Resume resume) {
        for (RunTarget t : targets) for (JvmSlot s : slots) resume.checkUnchanged(t, s);
        return execute(targets, resume.state(err), true);
    }

    private boolean execute(List<RunTarget> targets, RunState state, boolean continuing) {
        removeKilledRunsFolders(out);
        state.start();
        precisionRounds = new PrecisionRounds(precisionTarget, settings, out, System.nanoTime(), targets.size());
        try {
            List<Runnable> summaries = new ArrayList<>();
            boolean failed = false;
            // One count and one ETA for the whole run, every target and JVM (a resumed run takes off what it had done).
            int total = 0;
            double estimate = 0;
            for (RunTarget target : targets) {
                List<Cell> cells = plan(target.dir());
                total += cells.size() * slots.size() * state.rounds().count();
                estimate += cells.stream().mapToDouble(settings::secondsFor).sum() * slots.size();
            }
            Progress progress = new Progress(out, total, estimate);
            for (int t = 0; t < targets.size() && !state.stopping(); t++) {
                failed |= runTarget(targets.get(t), state, continuing, summaries, progress, precisionRounds.deadlineNanos(t));
            }
            // Rounds leave their loop as soon as the hook says stop; the run's thread then waits here for the JVM to halt.
            if (state.stopping()) state.awaitHalt();
            state.finish();
            summaries.forEach(Runnable::run);
            out.println();
            out.println("Results in " + state.folder().root() + "  (durabench report " + state.folder().root() + " for the full analysis)");
            out.flush();
            if (failed) {
                err.println("durabench: some cells FAILED (listed above); their numbers were not recorded");
                err.flush();
            }
            return failed;
        } finally {
            state.stop();
        }
    }

    /**
     * The temporary folders of a run whose CLI was SIGKILLed (its children's output, a fork pair's hand-off) outlive it:
     * nothing ran to delete them. Each one whose lock is free goes at the start of the next run, which says so.
     */
    static void removeKilledRunsFolders(PrintWriter out) {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> removed = TempFolders.removeDead(tmp);
        if (removed.isEmpty()) return;
        out.println("# removed " + removed.size() + (removed.size() == 1 ? " temporary folder" : " temporary folders") + " of killed durabench runs from "
                + tmp + ": " + String.join(", ", removed.stream().map(p -> p.getFileName().toString()).toList()));
    }

    /** @param deadlineNanos when the target's share of --budget ends */
    private boolean runTarget(RunTarget target, RunState state, boolean continuing, List<Runnable> summaries, Progress progress,
                              long deadlineNanos) {
        Path dir = target.dir();
        // Files a killed run left (its owner lock is free again) go first; nothing else is touched.
        StaleFiles.Removal stale = StaleFiles.removeDeadOwners(dir);
        if (!stale.removed().isEmpty() || !stale.kept().isEmpty()) out.println("# " + stale.summary());
        Set<Path> before = Leftovers.before(dir);
        // The probe's files are this JVM's: claimed, so a SIGKILL of the CLI leaves nothing the next run cannot remove.
        OwnedFiles.claim(dir).ifPresent(why -> out.println("WARNING: " + why));
        try {
            return measureTarget(target, state, continuing, summaries, progress, deadlineNanos);
        } finally {
            // A filesystem turned read-only keeps what the forks and this JVM made: name every file, and go on to the end.
            String why = OwnedFiles.release(dir).orElse("its forked JVM could not delete them at exit: see jmh-log.txt");
            Leftovers.since(dir, before).describe(why).forEach(out::println);
        }
    }

    private boolean measureTarget(RunTarget target, RunState state, boolean continuing, List<Runnable> summaries, Progress progress,
                                  long deadlineNanos) {
        Path dir = target.dir();
        ResultsFolder.Target base = state.folder().target(target.label());
        Map<JvmSlot, Environment> envs = new LinkedHashMap<>();
        Map<JvmSlot, SlotResults> results = new LinkedHashMap<>();
        Map<JvmSlot, ResultsFolder.Target> folders = new LinkedHashMap<>();
        for (JvmSlot slot : slots) {
            ResultsFolder.Target f = slot.label() == null ? base : state.folder().target(target.label() + "/" + slot.label());
            folders.put(slot, f);
            Environment env = EnvironmentProbe.capture(dir, slot.facts(), slot.layer().word());
            if (target.lab() != null) env = env.withLab(target.lab().labImage());
            envs.put(slot, env);
            SlotResults r = continuing ? SlotResults.continuing(f, options.trimHistograms()) : SlotResults.fresh(f, options.trimHistograms());
            state.track(r);
            results.put(slot, r);
        }
        Environment env = envs.values().iterator().next();
        storageWarning(dir, env).ifPresent(out::println);
        List<Cell> cells = plan(dir);
        Rounds rounds = state.rounds();
        double estimate = cells.stream().mapToDouble(settings::secondsFor).sum() * slots.size();
        out.printf("# durabench: %d cells on %s (%s)%s, profile %s, %s, about %s of JMH time; JMH's output: %s%n", cells.size(), dir,
                env.filesystem(), slots.size() > 1 ? " x " + slots.size() + " JVMs" : "", profile.label(), describe(rounds),
                Progress.clock(estimate), base.dir().resolve("jmh-log.txt"));
        out.flush();
        boolean pairsFailed;
        try (JmhOutput output = new JmhOutput(out, options.verbose(), base.dir().resolve("jmh-log.txt"))) {
            CellRunner runner = new CellRunner(settings, output, out);
            for (JvmSlot slot : slots) {
                // Which archive the forks start from is the environment's (it changes their start, not what they measure).
                Environment withArchive = envs.get(slot).withClassDataArchive(runner.prepareClassData(slot).recorded());
                envs.put(slot, withArchive);
                ResultsFolder.Target f = folders.get(slot);
                if (!continuing || f.readEnvironment() == null) f.writeEnvironment(withArchive);
            }
            BlockedCells blocking = new BlockedCells(probeSyscalls, options.verifySyscalls() ? witnesses : null, out);
            Map<JvmSlot, Map<Cell, Optional<String>>> blocked = new LinkedHashMap<>();
            for (JvmSlot slot : slots) blocked.put(slot, blocking.of(target, slot, envs.get(slot), cells, results.get(slot), rounds, output));
            TargetRounds loop = new TargetRounds(settings, slots, target, results, blocked, envs, runner, progress,
                    state, out);
            loop.countDone(cells);
            for (int round = 0; round < rounds.count() && !state.stopping(); round++) loop.round(cells, round);
            if (precisionRounds.active()) precisionRounds.run(target, loop, cells, rounds.count(), slots.size(), progress, state);
            for (JvmSlot slot : slots) progress.closing(slot.label(), results.get(slot).results());
            pairsFailed = pairs.measure(target, slots, envs, cells, BlockedCells.failedOrNa(blocked.get(slots.get(0))), profile, deadlineNanos, state.folder(), out,
                    state::stopping);
        }
        boolean failed = pairsFailed;
        for (JvmSlot slot : slots) {
            SlotResults r = results.get(slot);
            failed |= r.anyFailed();
            Environment e = envs.get(slot);
            summaries.add(() -> RunSummary.print(out, dir.toString(), slot.label(), e.filesystem(),
                    Boolean.TRUE.equals(e.durableStorage()), r.results(), r.notMeasuredCells()));
        }
        return failed;
    }

    /** "3 forks per cell, one per round, cells shuffled per round (seed 42)". */
    private String describe(Rounds rounds) {
        int forks = settings.forks();
        if (forks == 0) return "no fork (-f 0: iterations in the launcher's JVM)";
        if (rounds.count() == 1) return "1 fork per cell (its intervals are within one fork)";
        return forks + " forks per cell, one per round, cells shuffled per round (seed " + rounds.seed() + ")";
    }

    /**
     * The banner for a target whose data may not be durable. A loop device's backing file and its
     * filesystem are named: "on ext4" alone would not say why ext4 is not durable.
     */
    static Optional<String> storageWarning(Path dir, Environment env) {
        // null = the probe cannot tell (nfs, fuse, hidden overlay): warn, but do not call it durable.
        Boolean durableStorage = env.durableStorage();
        if (Boolean.FALSE.equals(durableStorage)) {
            return Optional.of("WARNING: " + dir + " is on " + env.filesystemAndBacking() + ": NOTHING WRITTEN THERE IS DURABLE. Every sync is"
                    + " nearly free; these numbers measure memory, not storage.");
        } else if (!Boolean.TRUE.equals(durableStorage)) {
            return Optional.of("WARNING: cannot tell whether " + dir + " (" + env.filesystem() + ") reaches stable storage: "
                    + env.durableStorageReason() + ". Treat its numbers with suspicion.");
        }
        return Optional.empty();
    }
}
