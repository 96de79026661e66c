package io.durabench.suite;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.env.JvmFacts;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.HandOffRule;
import io.durabench.lockstep.LockStepRun;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.Placement;
import io.durabench.nativeio.Syscalls;
import io.durabench.results.JmhParams;
import io.durabench.results.NotMeasured;
import io.durabench.results.ResultsFolder;
import io.durabench.results.RunManifest;
import io.durabench.stats.Numbers;
import io.durabench.workload.ownership.StaleFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code durabench run --lock-step}: the profile's cells (narrowed by the user's patterns and -p),
 * each measured as fork pairs of two sides alternating one durable unit at a time
 * ({@link LockStepRun}). The two sides are two JVMs on one target, or one JVM on two targets (or
 * the same JVM and target twice: an A/A). Before anything runs, each cell is checked against the
 * hand-off rule and probed on each side's JVM and target, exactly as a run in rounds probes it: a
 * cell that cannot take part, or that the platform refuses, is listed as n/a with why on both sides
 * and not measured. The folder is a run folder like any other: run.json, each side's slot folder
 * (environment.json, jmh-result.json, not-applicable.json), and lockstep.json beside them.
 */
public final class LockStepSuite {
    /** Fork pairs per cell unless -f says otherwise. */
    public static final int DEFAULT_FORK_PAIRS = 10;

    /**
     * With --precision or --budget, the most fork pairs a cell gets, as a multiple of the planned: three times the pairs
     * narrow an interval by √3 and more, enough for a cell a little too wide; one much wider wants a longer run (more
     * --forks), not a run that ends only at the budget.
     */
    public static final int MOST_PAIRS_PER_PLANNED = 3;

    /**
     * @param a,b          the two sides: a JVM and a target each
     * @param forkPairs    fork pairs per cell (-f)
     * @param busyWaitNanosA the test hook's spin per operation on side A (0 in a real run)
     * @param busyWaitNanosB the same on side B: a known effect of B − A per operation
     * @param reference    the method side A runs beside each cell on side B (--reference), null: the same cell on both sides
     * @param twin         side A is the C twin running each cell's C twin (--twin: Java against C), side B the JVM
     * @param precision    --precision and --budget: fork pairs beyond {@code forkPairs} for the cells still wider, at most
     *                     {@link #MOST_PAIRS_PER_PLANNED} times as many; {@link PrecisionTarget#NONE}: the fork pairs are fixed
     */
    public record Request(Profile profile, JmhSettings settings, List<String> jmhArgs, JvmFacts jvmA, RunTarget targetA, JvmFacts jvmB,
                          RunTarget targetB, LockStepSettings lockStep, Placement placement, int forkPairs, long busyWaitNanosA, long busyWaitNanosB,
                          List<String> labVariants, String reference, boolean twin, PrecisionTarget precision) {
        /** The same request on other targets (the lab's, once it is up). */
        public Request on(RunTarget a, RunTarget b) {
            return new Request(profile, settings, jmhArgs, jvmA, a, jvmB, b, lockStep, placement, forkPairs, busyWaitNanosA, busyWaitNanosB,
                    labVariants, reference, twin, precision);
        }

        /** The most fork pairs a cell gets: the planned, or with --precision or --budget {@link #MOST_PAIRS_PER_PLANNED} times as many. */
        public int mostForkPairs() {
            return precision.active() ? MOST_PAIRS_PER_PLANNED * forkPairs : forkPairs;
        }
    }

    private final Request r;
    private final Syscalls probeSyscalls;
    private final PrintWriter out;

    public LockStepSuite(Request request, Syscalls probeSyscalls, PrintWriter out) {
        this.r = request;
        this.probeSyscalls = probeSyscalls;
        this.out = out;
    }

    /** The cells the profile and the user's patterns and -p give, on side A's target (empty when none matches; "/" before the lab is up). */
    public List<Cell> plan() {
        return new SuiteRun(r.profile(), r.settings(), r.jmhArgs(), probeSyscalls, out, out)
                .plan(r.targetA() == null ? Path.of("/") : r.targetA().dir());
    }

    /**
     * What a lock-step run measures: each cell that can pair with what side A runs beside it (the same
     * cell, with --reference the reference method, with --twin its C twin), and every other planned cell
     * with why it is left out ("n/a: ..."). A whole profile plans cells that cannot take turns or that
     * the hand-off rule refuses beside the reference; they are named, and the rest measured.
     */
    public record PairedCells(List<ForkPair.CellPair> pairs, Map<Cell, String> leftOut) {
        /** The hand-off rule's first refusal, when it refused every cell: nothing would be measured. */
        public Optional<String> refusedAll() {
            if (!pairs.isEmpty()) return Optional.empty();
            return leftOut.values().stream().filter(w -> w.startsWith(REFUSED)).findFirst().map(w -> "refused: " + w.substring(REFUSED.length()));
        }
    }

    private static final String REFUSED = "n/a: lock-step refused: ";

    /** The planned cells ({@link #plan}) paired or left out with the reason, before anything is written; nothing here throws for a cell. */
    public PairedCells pairing(List<Cell> planned) {
        List<ForkPair.CellPair> pairs = new ArrayList<>();
        Map<Cell, String> leftOut = new LinkedHashMap<>();
        for (Cell c : planned) {
            Optional<String> alone = HandOffRule.cannotTakePart(c);
            if (alone.isPresent()) {
                leftOut.put(c, "n/a: lock-step: " + alone.get());
                continue;
            }
            Optional<String> grain = HandOffRule.grainRefusal(c, r.lockStep().grain());
            if (grain.isPresent()) {
                leftOut.put(c, refused(grain.get()));
                continue;
            }
            HandOffRule.Pairing p = r.twin() ? HandOffRule.besideTwin(c) : HandOffRule.beside(c, r.reference());
            if (p.pair() != null) pairs.add(p.pair());
            else leftOut.put(c, r.twin() ? "n/a: " + p.refusal() : refused(p.refusal()));
        }
        return new PairedCells(pairs, leftOut);
    }

    private static String refused(String why) {
        return REFUSED + why.replaceFirst("^refused: ", "");
    }

    /** Measures every cell into {@code outDir}; true when some cell FAILED. */
    public boolean run(Path outDir) {
        long start = System.nanoTime();
        List<JvmSlot> slots = JvmSlot.of(List.of(r.jvmA(), r.jvmB()), 1);
        JvmSlot slotA = slots.get(0), slotB = slots.get(1);
        Environment envA = environment(r.targetA(), slotA), envB = environment(r.targetB(), slotB);
        checkTargets(envA, envB);
        LockStepMeasurement m = new LockStepMeasurement(r.twin() ? LockStepMeasurement.twin(r.targetA(), r.busyWaitNanosA())
                : LockStepMeasurement.jvm(slotA.label(), r.targetA(), slotA, r.busyWaitNanosA()),
                LockStepMeasurement.jvm(slotB.label(), r.targetB(), slotB, r.busyWaitNanosB()), r.lockStep(), r.forkPairs(), r.placement(), null,
                r.precision().active() ? r.precision().forkPairs(r.forkPairs(), r.mostForkPairs(), r.precision().deadlineNanos(start, 0, 1)) : null);
        ResultsFolder folder = ResultsFolder.create(outDir);
        List<RunManifest.Target> targets = new ArrayList<>(List.of(new RunManifest.Target(r.targetA().dir().toString(), r.targetA().label())));
        if (!r.targetB().dir().equals(r.targetA().dir())) targets.add(new RunManifest.Target(r.targetB().dir().toString(), r.targetB().label()));
        RunManifest manifest = RunManifest.starting(r.profile().label(), Instant.now().toString(), r.jmhArgs(), r.forkPairs(), 0, targets,
                List.of(new RunManifest.Jvm(m.a().slot(), r.jvmA().java().toString(), r.jvmA().version()),
                        new RunManifest.Jvm(m.b().slot(), r.jvmB().java().toString(), r.jvmB().version())),
                r.labVariants(), RunManifest.Options.DEFAULT);
        folder.writeManifest(manifest);
        folder.target(m.a().folder()).writeEnvironment(envA);
        folder.target(m.b().folder()).writeEnvironment(envB);

        List<Cell> cells = plan();
        PairedCells pairing = pairing(cells);
        List<ForkPair.CellPair> candidates = pairing.pairs();
        Map<Cell, String> blocked = new LinkedHashMap<>(pairing.leftOut());
        Map<Cell, String> onA = probe(candidates.stream().map(ForkPair.CellPair::a).distinct().toList(), slotA, r.targetA(), envA);
        Map<Cell, String> onB = probe(candidates.stream().map(ForkPair.CellPair::b).toList(), slotB, r.targetB(), envB);
        List<ForkPair.CellPair> pairs = new ArrayList<>();
        for (ForkPair.CellPair p : candidates) {
            String why = onB.containsKey(p.b()) ? onB.get(p.b()) : onA.containsKey(p.a()) ? onA.get(p.a()).replaceFirst(": ", ": side A's " + p.a().method() + ": ") : null;
            if (why != null) blocked.put(p.b(), why);
            else pairs.add(p);
        }
        SuiteRun.removeKilledRunsFolders(out);
        // Files a killed run (or a killed side of one) left, its owner lock free again, go first; nothing else is touched.
        for (Path dir : new LinkedHashSet<>(List.of(r.targetA().dir(), r.targetB().dir()))) {
            StaleFiles.Removal stale = StaleFiles.removeDeadOwners(dir);
            if (!stale.removed().isEmpty() || !stale.kept().isEmpty()) out.println("# " + stale.summary());
        }
        out.printf("# durabench lock-step: %d cells (%d not measured: see below), %s, side A %s (%s) on %s%s, side B %s (%s) on %s, %s%n",
                cells.size(), blocked.size(), m.precision() == null ? Numbers.count(r.forkPairs(), "fork pair", "fork pairs") + " each" : m.precision().rule().words()
                        + (r.precision().budget() == null ? "" : ", within --budget " + Progress.clock(r.precision().budget().toSeconds())), r.jvmA().version(), slotA.layer().word(), r.targetA().dir(),
                r.reference() == null ? "" : " with " + r.reference() + " beside each cell", r.jvmB().version(), slotB.layer().word(),
                r.targetB().dir(), r.placement().words());
        blocked.forEach((c, why) -> out.println(why.substring(0, why.indexOf(':')) + "    " + c.toString().strip() + ": " + why.substring(why.indexOf(':') + 2)));
        out.flush();
        // Ctrl-C reaches the sides too: the pair they were in is then neither measured nor failed.
        AtomicBoolean stopping = new AtomicBoolean();
        Thread hook = new Thread(() -> stopping.set(true), "durabench-lock-step-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        LockStepRun.Outcome o;
        try {
            o = pairs.isEmpty() ? null : m.run(pairs, folder, out, stopping::get);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is exiting: the hook has run
            }
        }
        // The cells never measured go beside the failed ones in each side's not-applicable.json.
        for (LockStepRun.SidePlan side : List.of(m.a(), m.b())) {
            ResultsFolder.Target t = folder.target(side.folder());
            List<NotMeasured> nm = new ArrayList<>(t.readNotMeasured());
            blocked.forEach((c, why) -> {
                Cell inDir = inDir(c, side.dir());
                boolean failed = why.startsWith("failed");
                nm.add(new NotMeasured(inDir.benchmark().jmhName(), JmhParams.of(inDir.jmhParams()),
                        failed ? NotMeasured.Kind.FAILED : NotMeasured.Kind.NOT_APPLICABLE, why.substring(why.indexOf(':') + 2)));
            });
            t.writeNotMeasured(nm);
        }
        folder.writeManifest(manifest.finishedAt(Instant.now().toString()));
        boolean failed = blocked.values().stream().anyMatch(w -> w.startsWith("failed")) || (o != null && o.anyFailed());
        if (o != null) {
            out.println();
            out.print(io.durabench.lockstep.LockStepSummary.markdown(o.file()));
            o.failed().forEach((i, why) -> out.println("FAILED " + pairs.get(i).a() + ": " + why));
        }
        return failed;
    }

    /** Why each cell will not run on this side (n/a or failed, from the lab's rules and the probe in the side's own JVM). */
    private Map<Cell, String> probe(List<Cell> cells, JvmSlot slot, RunTarget target, Environment env) {
        Map<Cell, String> blocked = new LinkedHashMap<>();
        List<Cell> probed = new ArrayList<>();
        for (Cell c : cells) {
            Cell inDir = inDir(c, target.dir());
            Optional<String> lab = target.labNotApplicable(inDir);
            if (lab.isPresent()) blocked.put(c, "n/a: " + lab.get());
            else probed.add(c);
        }
        List<Cell> inDir = probed.stream().map(c -> inDir(c, target.dir())).toList();
        Map<Cell, Optional<FeasibilityProbe.Outcome>> verdicts = Feasibility.of(inDir, slot, env, probeSyscalls);
        for (int i = 0; i < probed.size(); i++) {
            Optional<FeasibilityProbe.Outcome> o = verdicts.get(inDir.get(i));
            if (o != null && o.isPresent()) blocked.put(probed.get(i), (o.get().unsupported() ? "n/a: " : "failed: ") + o.get().reason());
        }
        return blocked;
    }

    /** The cell on the side's target; a benchmark without a target directory (NativeCallCost) is the cell itself. */
    private static Cell inDir(Cell c, Path dir) {
        return c.benchmark().has(Catalogue.TARGET_DIR) ? c.with(Catalogue.TARGET_DIR, dir.toString()) : c;
    }

    /** Two targets are held to the hand-off rule before anything is written ({@link HandOffRule#targetsRefusal}). */
    static void checkTargets(Environment a, Environment b) {
        if (a.target() == null || b.target() == null) return;
        HandOffRule.targetsRefusal(a.target().mountPoint(), disk(a), b.target().mountPoint(), disk(b)).ifPresent(why -> {
            throw new HandOffRule.RefusedPairingException(why);
        });
    }

    private static String disk(Environment e) {
        return e.flushDevice() == null ? null : e.flushDevice().name();
    }

    private static Environment environment(RunTarget target, JvmSlot slot) {
        Environment env = EnvironmentProbe.capture(target.dir(), slot.facts(), slot.layer().word());
        return target.lab() != null ? env.withLab(target.lab().labImage()) : env;
    }
}
