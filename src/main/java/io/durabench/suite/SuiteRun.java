package io.durabench.suite;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.Parameter;
import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.nativeio.Syscalls;
import io.durabench.results.NotMeasured;
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
import java.util.regex.Pattern;
import io.durabench.witness.SyscallWitness;

/**
 * One `durabench run`: per target directory, each JVM's environment, the planned cells (narrowed by
 * the user's benchmark patterns), the feasibility probe (in the JVM that will run the cell), the
 * optional syscall witness, then JMH one cell at a time, interleaved across JVMs cell by cell
 * (A B A B ...) so slow drift of the disk hits every JVM alike. Every finished cell is on disk at
 * once; the console shows one line per cell; JMH's own output goes to jmh-log.txt. An interrupted
 * run keeps what it measured and says how to resume it ({@link RunState}).
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
    private final SuitePlanner planner;
    private final Syscalls probeSyscalls;
    private final PrintWriter out;
    private final PrintWriter err;
    private Function<Path, SyscallWitness> witnesses = SyscallWitness::in;
    private long seed = new java.util.Random().nextLong() & 0xffffffffL;
    private PrecisionTarget precisionTarget = PrecisionTarget.NONE;
    private SyncMethod reference = ReferencePairs.DEFAULT_REFERENCE;
    private long startNanos;
    private int targetCount = 1;

    /** @param probeSyscalls what the in-process feasibility probe calls the kernel through (the native layer; tests inject failures) */
    public SuiteRun(Profile profile, JmhSettings settings, List<String> jmhArgs, List<JvmSlot> slots, Options options,
                    Syscalls probeSyscalls, PrintWriter out, PrintWriter err) {
        this.profile = profile;
        this.settings = settings;
        this.jmhArgs = List.copyOf(jmhArgs);
        this.slots = List.copyOf(slots);
        this.options = options;
        this.planner = new SuitePlanner(settings::userParam);
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
        this.reference = method;
        return this;
    }

    /** The cells of a blocked map that will not be measured (n/a or failed). */
    private static Map<Cell, String> failedOrNa(Map<Cell, Optional<String>> blocked) {
        Map<Cell, String> out = new LinkedHashMap<>();
        blocked.forEach((c, why) -> why.ifPresent(w -> out.put(c, w)));
        return out;
    }

    /** --precision / --budget: rounds beyond the profile's for the cells still too imprecise. */
    public SuiteRun precision(PrecisionTarget target) {
        this.precisionTarget = target;
        return this;
    }

    /** The cells this run would measure on {@code dir}: the profile's, narrowed by the user's patterns. */
    public List<Cell> plan(Path dir) {
        checkUserParams();
        List<String> includes = settings.includes();
        return planner.plan(profile, dir).stream().filter(c -> matches(includes, c)).toList();
    }

    /** Runs every target into {@code outDir} (which must exist empty, or not exist); true when some cell FAILED. */
    public boolean run(List<RunTarget> targets, Path outDir, List<String> labVariants) {
        ResultsFolder folder = ResultsFolder.create(outDir);
        List<RunManifest.Target> manifestTargets = targets.stream().map(t -> new RunManifest.Target(t.dir().toString(), t.label())).toList();
        RunManifest manifest = RunManifest.starting(profile.label(), Instant.now().toString(), jmhArgs, settings.rounds(), seed, manifestTargets,
                slots.stream().filter(s -> s.label() != null)
                        .map(s -> new RunManifest.Jvm(s.label(), s.facts().java().toString(), s.facts().version())).toList(),
                labVariants, new RunManifest.Options(options.verifySyscalls(), options.trimHistograms(),
                        slots.size() == 1 && ReferencePairs.forkPairs(profile) > 0 ? reference.name() : null));
        return execute(targets, new RunState(folder, manifest, err), false);
    }

    /** Continues a cut-short run in its own folder: only the cells it has no outcome for (checked first: same machine). */
    public boolean resume(List<RunTarget> targets, Resume resume) {
        for (RunTarget t : targets) for (JvmSlot s : slots) resume.checkUnchanged(t, s);
        return execute(targets, resume.state(err), true);
    }

    private boolean execute(List<RunTarget> targets, RunState state, boolean continuing) {
        state.start();
        startNanos = System.nanoTime();
        targetCount = targets.size();
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
            for (RunTarget target : targets) {
                if (state.stopping()) break;
                failed |= runTarget(target, state, continuing, summaries, progress);
            }
            // Rounds now leave their loop as soon as the hook says stop (the run's thread used to be held in JMH until the JVM halted).
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

    private boolean runTarget(RunTarget target, RunState state, boolean continuing, List<Runnable> summaries, Progress progress) {
        Path dir = target.dir();
        // Files a killed run left (its owner lock is free again) go first; nothing else is touched.
        StaleFiles.Removal stale = StaleFiles.removeDeadOwners(dir);
        if (!stale.removed().isEmpty() || !stale.kept().isEmpty()) out.println("# " + stale.summary());
        Set<Path> before = Leftovers.before(dir);
        // The probe's files are this JVM's: claimed, so a SIGKILL of the CLI leaves nothing the next run cannot remove.
        OwnedFiles.claim(dir).ifPresent(why -> out.println("WARNING: " + why));
        try {
            return measureTarget(target, state, continuing, summaries, progress);
        } finally {
            // A filesystem turned read-only keeps what the forks and this JVM made: name every file, and go on to the end.
            String why = OwnedFiles.release(dir).orElse("its forked JVM could not delete them at exit: see jmh-log.txt");
            Leftovers.since(dir, before).describe(why).forEach(out::println);
        }
    }

    private boolean measureTarget(RunTarget target, RunState state, boolean continuing, List<Runnable> summaries, Progress progress) {
        Path dir = target.dir();
        ResultsFolder.Target base = state.folder().target(target.label());
        Map<JvmSlot, Environment> envs = new LinkedHashMap<>();
        Map<JvmSlot, SlotResults> results = new LinkedHashMap<>();
        for (JvmSlot slot : slots) {
            ResultsFolder.Target f = slot.label() == null ? base : state.folder().target(target.label() + "/" + slot.label());
            Environment env = EnvironmentProbe.capture(dir, slot.facts(), slot.layer().word());
            if (target.lab() != null) env = env.withLab(target.lab().labImage());
            if (!continuing || f.readEnvironment() == null) f.writeEnvironment(env);
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
            Map<JvmSlot, Map<Cell, Optional<String>>> blocked = new LinkedHashMap<>();
            for (JvmSlot slot : slots) blocked.put(slot, blockedCells(target, slot, envs.get(slot), cells, results.get(slot), rounds, output));
            CellRunner runner = new CellRunner(settings, output, out);
            int done = 0;
            double doneEstimate = 0;
            for (int round = 0; round < rounds.count(); round++) for (Cell c : cells) for (JvmSlot slot : slots) {
                if (results.get(slot).has(c, round)) {
                    done++;
                    doneEstimate += settings.secondsPerRound(c);
                }
            }
            progress.alreadyDone(done, doneEstimate);
            for (int round = 0; round < rounds.count() && !state.stopping(); round++) {
                runRound(target, cells, round, rounds, results, blocked, envs, runner, progress, state);
            }
            if (precisionTarget.active()) extraRounds(target, cells, rounds, results, blocked, envs, runner, progress, state);
            pairsFailed = slots.size() == 1 && ReferencePairs.measure(target, envs.get(slots.get(0)), cells, failedOrNa(blocked.get(slots.get(0))),
                    slots.get(0), reference, profile, state.folder(), base, out, state::stopping);
        }
        if (target.lab() != null) state.labAudit().forEach(w -> out.println("WARNING (lab): " + w));
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

    private void runRound(RunTarget target, List<Cell> cells, int round, Rounds rounds, Map<JvmSlot, SlotResults> results,
                          Map<JvmSlot, Map<Cell, Optional<String>>> blocked, Map<JvmSlot, Environment> envs, CellRunner runner,
                          Progress progress, RunState state) {
        for (Cell cell : rounds.order(cells, round)) {
            for (JvmSlot slot : rounds.slotOrder(slots, round)) {
                SlotResults r = results.get(slot);
                if (r.has(cell, round) || state.stopping()) continue;
                runCell(target, slot, cell, round, blocked.get(slot).get(cell), r, envs.get(slot), runner, progress, state);
            }
        }
    }

    /**
     * Rounds after the profile's, over the cells still wider than --precision (in any JVM), while
     * the next round fits this target's share of --budget (the round's JMH estimate scaled by the
     * pace so far). The console says where it stopped and why.
     */
    private void extraRounds(RunTarget target, List<Cell> cells, Rounds rounds, Map<JvmSlot, SlotResults> results,
                             Map<JvmSlot, Map<Cell, Optional<String>>> blocked, Map<JvmSlot, Environment> envs, CellRunner runner,
                             Progress progress, RunState state) {
        double budget = precisionTarget.budget() == null ? Double.NaN : precisionTarget.budget().toSeconds();
        int targetIndex = targetsDone++;
        double targetEnd = Double.isNaN(budget) ? Double.NaN : budget * (targetIndex + 1) / targetCount;
        int round = rounds.count();
        String why = null;
        while (!state.stopping()) {
            if (Double.isNaN(budget) && round >= PrecisionTarget.MAX_ROUNDS_WITHOUT_BUDGET) {
                why = "reached " + round + " rounds (the most without --budget)";
                break;
            }
            // Each JVM's widths once per round (they read every fork of the target), then each cell against them.
            Map<SlotResults, Map<Cell, Double>> widths = new LinkedHashMap<>();
            for (SlotResults r : results.values()) widths.put(r, PrecisionTarget.halfWidths(r.results()));
            List<Cell> wide = new ArrayList<>();
            for (Cell c : cells) {
                boolean wants = false;
                for (SlotResults r : results.values()) {
                    if (r.settled(c)) continue;
                    Double w = widths.get(r).get(c);
                    if (w != null && precisionTarget.wants(w)) wants = true;
                }
                if (wants) wide.add(c);
            }
            if (wide.isEmpty()) {
                why = "every cell within " + precisionTarget.describe();
                break;
            }
            double estimate = wide.stream().mapToDouble(settings::secondsPerRound).sum() * slots.size();
            double elapsed = (System.nanoTime() - startNanos) / 1e9;
            if (!Double.isNaN(targetEnd) && elapsed + estimate * progress.pace() > targetEnd) {
                why = "the next round (" + wide.size() + " cells, ~" + Progress.clock(estimate * progress.pace()) + ") would pass the budget";
                break;
            }
            progress.more(wide.size() * slots.size(), estimate);
            runRound(target, wide, round, rounds, results, blocked, envs, runner, progress, state);
            round++;
        }
        if (why != null) out.println("# durabench: " + precisionTarget.describe() + ": " + (round - rounds.count()) + " rounds beyond the profile's "
                + rounds.count() + " on " + target.dir() + "; stopped: " + why);
        for (Map.Entry<JvmSlot, SlotResults> e : results.entrySet()) {
            Map<Cell, Double> widths = PrecisionTarget.halfWidths(e.getValue().results());
            long within = widths.values().stream().filter(w -> !precisionTarget.wants(w)).count();
            widths.entrySet().stream().filter(x -> !Double.isNaN(x.getValue())).max(Map.Entry.comparingByValue()).ifPresent(worst ->
                    out.printf(java.util.Locale.ROOT, "# precision reached%s: %d of %d cells within %s; widest ±%.1f%% after %d forks: %s%n",
                            e.getKey().label() == null ? "" : " on " + e.getKey().label(), within, widths.size(),
                            Double.isNaN(precisionTarget.precision()) ? "(no --precision)" : String.format(java.util.Locale.ROOT, "±%.3g%%", precisionTarget.precision() * 100),
                            worst.getValue() * 100, e.getValue().rounds(worst.getKey()), worst.getKey()));
        }
        out.flush();
    }

    private int targetsDone;

    /** "3 forks per cell, one per round, cells shuffled per round (seed 42)". */
    private String describe(Rounds rounds) {
        int forks = settings.forks();
        if (forks == 0) return "no fork (-f 0: iterations in the launcher's JVM)";
        if (rounds.count() == 1) return "1 fork per cell (its intervals are within one fork)";
        return forks + " forks per cell, one per round, cells shuffled per round (seed " + rounds.seed() + ")";
    }

    /**
     * Before any measurement: per cell, why it will not be measured on this JVM (empty = it will):
     * "n/a: ..." or "failed: ...", from the lab's rules, the feasibility probe and the syscall witness.
     */
    private Map<Cell, Optional<String>> blockedCells(RunTarget target, JvmSlot slot, Environment env, List<Cell> cells,
                                                    SlotResults done, Rounds rounds, JmhOutput output) {
        List<Cell> todo = cells.stream().filter(c -> !done.has(c, rounds.count() - 1)).toList();
        Map<Cell, Optional<String>> blocked = new LinkedHashMap<>();
        List<Cell> probed = new ArrayList<>();
        for (Cell c : todo) {
            Optional<String> lab = target.labNotApplicable(c);
            blocked.put(c, lab.map(why -> "n/a: " + why));
            if (lab.isEmpty()) probed.add(c);
        }
        if (probed.isEmpty()) return blocked;
        Feasibility.of(probed, slot, env, probeSyscalls).forEach((c, o) ->
                blocked.put(c, o.map(x -> (x.unsupported() ? "n/a: " : "failed: ") + x.reason())));
        if (options.verifySyscalls()) {
            List<Cell> feasible = probed.stream().filter(c -> blocked.get(c).isEmpty()).toList();
            SyscallVerification.verify(witnesses, target.dir(), slot, feasible, output, out).forEach((c, why) -> blocked.put(c, Optional.of("failed: " + why)));
        }
        return blocked;
    }

    private void runCell(RunTarget target, JvmSlot slot, Cell cell, int round, Optional<String> blocked, SlotResults results,
                         Environment env, CellRunner runner, Progress progress, RunState state) {
        double estimate = settings.secondsPerRound(cell);
        if (blocked.isPresent()) {
            String b = blocked.get();
            boolean failed = b.startsWith("failed: ");
            String reason = b.substring(failed ? "failed: ".length() : "n/a: ".length());
            results.notMeasured(cell, failed ? NotMeasured.Kind.FAILED : NotMeasured.Kind.NOT_APPLICABLE, reason);
            // Settled for every round: the progress counts the rounds it will not run.
            progress.notMeasured(cell, slot.label(), estimate * (state.rounds().count() - round), failed, reason,
                    state.rounds().count() - round);
            state.ran(target, slot, cell, round, failed ? "failed" : "n/a");
            return;
        }
        CellRunner.Outcome o;
        try {
            o = runner.run(cell, slot, results.forkProperties(round, Boolean.TRUE.equals(env.durableStorage())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for JMH's lock", e);
        }
        if (state.stopping()) return; // interrupted under this cell: it is neither measured nor failed
        if (o.failure() != null) {
            results.notMeasured(cell, NotMeasured.Kind.FAILED, o.failure());
            progress.notMeasured(cell, slot.label(), estimate * (state.rounds().count() - round), true, o.failure(),
                    state.rounds().count() - round);
            state.ran(target, slot, cell, round, "failed");
            // A forked JVM killed outright (SIGKILL, the OOM killer) ran no hook: its files would sit
            // in the directory, up to a 64 MiB region each, until the next run. Its lock is free now.
            StaleFiles.Removal stale = StaleFiles.removeDeadOwners(target.dir());
            if (!stale.removed().isEmpty()) out.println("# " + stale.summary());
            return;
        }
        var entries = results.measured(cell, o.results());
        String whyNot = cell.family().notDurableBecause(cell.methodValue()).map(w -> "NOT durable").orElse(null);
        if (whyNot == null && !Boolean.TRUE.equals(env.durableStorage())) whyNot = "NOT durable (no stable storage)";
        progress.measured(cell, slot.label(), round, estimate, entries, whyNot == null ? "durable" : whyNot);
        state.ran(target, slot, cell, round, "measured");
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

    /**
     * Every -p names a parameter some durabench benchmark has, with values it can take: a value that
     * can never be valid is a usage error before anything runs (not a results folder of n/a cells).
     */
    private void checkUserParams() {
        for (String name : settings.userParamNames()) {
            List<Parameter<?>> params = Catalogue.parametersNamed(name);
            if (params.isEmpty()) {
                throw new InvalidValueException("-p " + name + ": no durabench benchmark has that parameter; they have "
                        + String.join(", ", Catalogue.benchmarks().stream().flatMap(b -> b.parameters().stream()).map(Parameter::name)
                        .distinct().toList()));
            }
            for (String value : settings.userParam(name).orElse(List.of())) {
                InvalidValueException first = null;
                boolean accepted = false;
                for (Parameter<?> p : params) {
                    try {
                        p.parse(value);
                        accepted = true;
                    } catch (InvalidValueException e) {
                        if (first == null) first = e;
                    }
                }
                if (!accepted) throw first;
            }
        }
    }

    private static boolean matches(List<String> includes, Cell c) {
        return includes.isEmpty() || includes.stream().anyMatch(i -> Pattern.compile(i).matcher(c.benchmark().jmhName()).find());
    }
}
