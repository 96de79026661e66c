package io.durabench.lockstep;

import com.google.gson.JsonArray;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.CellSpec;
import io.durabench.results.JmhParams;
import io.durabench.results.LockStepFile;
import io.durabench.results.LockStepFile.CellRecord;
import io.durabench.results.LockStepFile.PairRecord;
import io.durabench.results.LockStepFile.SideRecord;
import io.durabench.results.NotMeasured;
import io.durabench.results.PairsRule;
import io.durabench.results.ResultsFolder;
import io.durabench.stats.LockStepEstimate;
import io.durabench.stats.Numbers;
import io.durabench.workload.ownership.StaleFiles;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A lock-step run's fork pairs, one after another, each measuring every cell pair not failed so
 * far ({@link ForkPair}); then, under a precision rule ({@link PairsToPrecision}), more fork pairs, each measuring only
 * the cells still wider than the precision; after each pair the run's files are rewritten whole: lockstep.json
 * (every block), and per side its JMH-format jmh-result.json (one entry per cell and pair:
 * {@link JmhEntries}) and not-applicable.json. So an interrupted run keeps every finished pair. A
 * cell that fails in any pair is FAILED on both sides from then on, its numbers removed: a failed
 * sync yields no number. Holds JMH's lock throughout ({@link JmhLock}).
 */
public final class LockStepRun {

    /**
     * One side: the slot folder its results go to (RUN/&lt;target label&gt;/&lt;slot&gt;), its JVM and native
     * layer, target directory, JVM options and the test hook's nanoseconds per operation.
     */
    public record SidePlan(String slot, String targetLabel, ForkPair.Program program, Path dir, List<String> jvmArgs, long busyWaitNanos) {
        /** The C twin's side: its slot says so ({@link LockStepFile#TWIN_SLOT}), which is how readers recognise it. */
        public static SidePlan twin(String targetLabel, ForkPair.Program twin, Path dir, long busyWaitNanos) {
            return new SidePlan(LockStepFile.TWIN_SLOT, targetLabel, twin, dir, List.of(), busyWaitNanos);
        }

        ForkPair.SideSetup setup() {
            return new ForkPair.SideSetup(program, dir, jvmArgs, busyWaitNanos, null);
        }

        boolean twin() {
            return program instanceof ForkPair.Program.Twin;
        }

        /** What runs the side, for lockstep.json: the JVM's java, or the twin's binary. */
        String executable() {
            return program instanceof ForkPair.Program.Jvm j ? j.facts().java().toString() : ((ForkPair.Program.Twin) program).binary().toString();
        }

        /** The side's native layer, for lockstep.json: jnr or ffm, or "c" for the twin (libc called from C). */
        String layerWord() {
            return program instanceof ForkPair.Program.Jvm j ? j.layer().word() : "c";
        }

        String version() {
            return program instanceof ForkPair.Program.Jvm j ? j.facts().version() : "C (durabench-twin)";
        }

        /** The side's folder in the run folder: RUN/&lt;target label&gt;/&lt;slot&gt;. */
        public String folder() {
            return targetLabel + "/" + slot;
        }
    }

    /**
     * @param forkPairs the fork pairs every cell gets (the planned ones)
     * @param placement where both sides' measuring threads run
     * @param precision the rule that adds fork pairs after the planned ones to the cells still wider than a precision; null: none
     */
    public record Plan(SidePlan a, SidePlan b, List<ForkPair.CellPair> cells, LockStepSettings settings, int forkPairs, Placement placement,
                       PairsToPrecision precision) {
        public Plan {
            if (precision != null && precision.rule().planned() != forkPairs) {
                throw new IllegalArgumentException(Numbers.count(forkPairs, "fork pair", "fork pairs") + " planned, but the precision rule plans "
                        + precision.rule().planned());
            }
        }

        /** The most fork pairs a cell may get. */
        int mostForkPairs() {
            return precision == null ? forkPairs : precision.rule().maxForkPairs();
        }
    }

    /** Per cell pair: its record, and why it failed (null when it did not). */
    public record Outcome(LockStepFile file, Map<Integer, String> failed) {
        public boolean anyFailed() {
            return !failed.isEmpty();
        }
    }

    private final Plan plan;
    private final ResultsFolder folder;
    private final Path lockStepDir;
    private final boolean sideResults;
    private final Consumer<String> progress;
    private final BooleanSupplier stopping;

    /**
     * @param lockStepDir where lockstep.json goes
     * @param sideResults whether each side's JMH-format results are written too, each in its slot folder (not for a
     *                    run's reference or control pairs, whose absolute figures are the rounds')
     */
    public LockStepRun(Plan plan, ResultsFolder folder, Path lockStepDir, boolean sideResults, Consumer<String> progress,
                       BooleanSupplier stopping) {
        this.plan = plan;
        this.folder = folder;
        this.lockStepDir = lockStepDir;
        this.sideResults = sideResults;
        this.progress = progress;
        this.stopping = stopping;
    }

    public Outcome run() {
        List<CellRecord> records = new ArrayList<>();
        List<ForkPair.CellPair> cells = new ArrayList<>(plan.cells());
        for (ForkPair.CellPair c : cells) {
            records.add(new CellRecord(CellSpec.of(c.a()), CellSpec.of(c.b()), c.a().benchmark().jmhName(), inDir(c.a(), plan.a()).jmhParams(),
                    inDir(c.b(), plan.b()).jmhParams(), c.unitsPerBlock(), List.of()));
        }
        LockStepFile file = new LockStepFile(Instant.now().toString(), null, new LockStepFile.Sides(info(plan.a()), info(plan.b())),
                pairingWords(), settingsRecord(), plan.placement().words(), records);
        Map<Integer, String> failed = new LinkedHashMap<>();
        String stopped = null;
        file.write(lockStepDir);
        long start = System.nanoTime();
        try (JmhLock lock = JmhLock.acquire(progress)) {
            for (int pair = 1; !stopping.getAsBoolean(); pair++) {
                List<Integer> todo = new ArrayList<>();
                if (pair <= plan.forkPairs()) {
                    for (int i = 0; i < cells.size(); i++) if (!failed.containsKey(i)) todo.add(i);
                    if (todo.isEmpty()) {
                        stopped = "every cell FAILED";
                        break;
                    }
                } else {
                    if (plan.precision() == null) break;
                    PairsToPrecision.Next next = plan.precision().next(pair, records, failed.keySet(), System.nanoTime(), stopping.getAsBoolean());
                    if (next.stops()) {
                        stopped = next.stopped();
                        break;
                    }
                    todo.addAll(next.cells());
                    progress.accept("[pair " + pair + " of at most " + plan.mostForkPairs() + "] " + plan.precision().rule().stillWider(todo.size()));
                }
                String started = Instant.now().toString();
                long pairStart = System.nanoTime();
                // Each cell twice, opened both ways (BothWays); which way comes first alternates by pair (A in odd pairs).
                ForkPair.Outcome o;
                try {
                    o = ForkPair.run(plan.a().setup(), plan.b().setup(), pair % 2 == 1 ? Side.A : Side.B,
                            BothWays.expand(todo.stream().map(cells::get).toList()), BothWays.halves(plan.settings()),
                            plan.placement(), "fork pair " + pair + " of " + (pair <= plan.forkPairs() ? "" : "at most ") + plan.mostForkPairs());
                } finally {
                    removeKilledSidesFiles();
                }
                if (stopping.getAsBoolean()) break; // interrupted under this pair: it is neither measured nor failed
                long pairMillis = (System.nanoTime() - pairStart) / 1_000_000;
                List<SideRecord> as = BothWays.join(o.a()), bs = BothWays.join(o.b());
                List<Integer> unitsPerCell = BothWays.units(o.units());
                for (int k = 0; k < todo.size(); k++) {
                    int i = todo.get(k);
                    SideRecord ra = as.get(k), rb = bs.get(k);
                    int units = unitsPerCell.get(k);
                    if (units > 0 && cells.get(i).unitsPerBlock() == 0) cells.set(i, cells.get(i).withUnits(units));
                    records.set(i, records.get(i).with(new PairRecord(pair, started, pairMillis, ra, rb), cells.get(i).unitsPerBlock()));
                    String why = failure(ra, rb);
                    if (why != null) failed.put(i, why);
                    progress.accept(line(pair, start, records.get(i), why));
                }
                file = file.withCells(records, null);
                write(file, cells, failed);
            }
        }
        file = file.withCells(records, stopping.getAsBoolean() ? null : Instant.now().toString()).withPairsStopped(stopping.getAsBoolean() ? null : stopped);
        write(file, cells, failed);
        if (plan.precision() != null) progress.accept(reached(file));
        return new Outcome(file, failed);
    }

    /**
     * Both sides have ended here. One killed outright (SIGKILL, the out-of-memory killer, the pair's time limit) ran no hook:
     * its files are still in its target, its owner lock free, so they go now, before the run reads the pair's results.
     */
    private void removeKilledSidesFiles() {
        for (Path dir : new LinkedHashSet<>(List.of(plan.a().dir(), plan.b().dir()))) {
            StaleFiles.Removal removal = StaleFiles.removeDeadOwners(dir);
            if (!removal.removed().isEmpty()) progress.accept("# " + removal.summary());
        }
    }

    /** Why a pair's cell failed, from the side whose unit (or workload) failed; null when both measured. */
    static String failure(SideRecord a, SideRecord b) {
        if (a.error() == null && b.error() == null) return null;
        if (a.failedItself()) return "side A: " + a.error();
        if (b.failedItself()) return "side B: " + b.error();
        return "side A: " + a.error() + "; side B: " + b.error();
    }

    private void write(LockStepFile file, List<ForkPair.CellPair> cells, Map<Integer, String> failed) {
        file.write(lockStepDir);
        try {
            java.nio.file.Files.writeString(lockStepDir.resolve("lockstep.md"), LockStepSummary.markdown(file));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + lockStepDir.resolve("lockstep.md") + ": " + e.getMessage(), e);
        }
        if (!sideResults) return;
        for (boolean sideA : new boolean[] {true, false}) {
            SidePlan side = sideA ? plan.a() : plan.b();
            // The twin's figures are in lockstep.json only: JMH's format describes a JVM.
            if (side.twin()) continue;
            JsonArray entries = new JsonArray();
            List<NotMeasured> notMeasured = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                Cell cell = inDir(sideA ? cells.get(i).a() : cells.get(i).b(), side);
                CellRecord r = file.cells().get(i);
                if (failed.containsKey(i)) {
                    notMeasured.add(new NotMeasured(cell.benchmark().jmhName(), JmhParams.of(cell.jmhParams()), NotMeasured.Kind.FAILED,
                            "lock-step " + failed.get(i)));
                    continue;
                }
                for (PairRecord p : r.measured()) {
                    ForkPair.Program.Jvm jvm = (ForkPair.Program.Jvm) side.program();
                    entries.add(JmhEntries.entry(cell, jvm.facts(), jvm.layer(), side.jvmArgs(), sideA ? p.a() : p.b()));
                }
            }
            ResultsFolder.Target t = folder.target(side.folder());
            t.writeResults(entries);
            t.writeNotMeasured(notMeasured);
        }
    }

    private String line(int pair, long start, CellRecord r, String failedWhy) {
        String head = String.format(Locale.ROOT, "[pair %d/%s%d %s] %s", pair, plan.precision() == null ? "" : "≤", plan.mostForkPairs(),
                clock((System.nanoTime() - start) / 1e9),
                r.specA().equals(r.specB()) ? r.specA() : r.specA() + " vs " + r.specB());
        if (failedWhy != null) return head + "  FAILED: " + failedWhy;
        PairRecord last = r.forkPairs().get(r.forkPairs().size() - 1);
        double a = last.a().microsPerOperationWithoutStalls(), b = last.b().microsPerOperationWithoutStalls();
        LockStepEstimate e = r.estimate(LockStepEstimate.CONFIDENCE);
        String so = e.ratioCi().isAvailable()
                ? String.format(Locale.ROOT, "; B/A over %s %.4f [%.4f, %.4f]", Numbers.count(e.n(), "pair", "pairs"),
                        e.ratio(), e.ratioCi().low(), e.ratioCi().high())
                : "";
        int stalls = last.a().stalls() + last.b().stalls();
        return head + String.format(Locale.ROOT, "  A %.2f B %.2f us/op, B/A %.4f%s%s", a, b, b / a,
                stalls == 0 ? "" : " (" + last.a().stalls() + "+" + last.b().stalls() + " stalled units left out)", so);
    }

    /** "# fork pairs for the cells wider than ±3%: 5 planned, at most 10; stopped: every cell within ±3%; fork pairs per cell: 5 (12 cells), 7 (2)". */
    private static String reached(LockStepFile file) {
        PairsRule rule = file.settings().pairs();
        Map<Integer, Integer> cellsWith = new java.util.TreeMap<>();
        for (CellRecord c : file.cells()) if (c.failed().isEmpty()) cellsWith.merge(c.measured().size(), 1, Integer::sum);
        List<String> counts = new ArrayList<>();
        cellsWith.forEach((n, k) -> counts.add(n + " (" + k + (k == 1 ? " cell)" : " cells)")));
        return "# fork pairs for " + rule.extended() + ": " + rule.planned() + " planned, at most " + rule.maxForkPairs() + "; stopped: "
                + (rule.stopped() == null ? "the run was interrupted" : rule.stopped()) + "; fork pairs per cell: " + String.join(", ", counts);
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return s / 60 + ":" + String.format(Locale.ROOT, "%02d", s % 60);
    }

    private String pairingWords() {
        List<String> kinds = plan.cells().stream().map(c -> plan.a().twin() ? HandOffRule.Kind.C_TWIN : HandOffRule.kind(c.a(), c.b()))
                .map(HandOffRule.Kind::words).distinct().toList();
        String what = plan.a().twin() ? "C against a JVM" : !plan.a().executable().equals(plan.b().executable()) ? "two JVMs"
                : !plan.a().dir().equals(plan.b().dir()) ? "two targets" : "one JVM and target on both sides";
        return String.join("; ", kinds) + " (" + what + ")";
    }

    private LockStepFile.Settings settingsRecord() {
        LockStepSettings s = plan.settings();
        return new LockStepFile.Settings(2 * BothWays.blocksPerHalf(s.blocks()), s.blockTargetMillis(), s.grain(), s.order().text(), s.warmupMinBlocks(),
                s.warmupMaxBlocks(), s.warmupUnits(), true, plan.precision() == null ? null : plan.precision().rule());
    }

    private static LockStepFile.SideInfo info(SidePlan s) {
        return new LockStepFile.SideInfo(s.slot(), s.executable(), s.version(), s.layerWord(), s.dir().toString(), s.targetLabel(),
                s.busyWaitNanos());
    }

    private static Cell inDir(Cell c, SidePlan s) {
        return c.with(io.durabench.catalogue.Catalogue.TARGET_DIR, s.dir().toString());
    }
}
