package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.env.Environment;
import io.durabench.results.NotMeasured;
import io.durabench.workload.ownership.StaleFiles;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The round loop of one target: each round runs every cell once on every JVM, in the round's
 * shuffled cell order and JVM order ({@link Rounds}), one JMH fork at a time, and records each
 * outcome at once (results, progress line, run.json). A cell blocked before the rounds (n/a or
 * failed: {@link BlockedCells}) is recorded as such for every round it will not run; a fork that
 * fails makes the cell FAILED and clears what a killed fork left in the directory.
 */
final class TargetRounds {
    private final JmhSettings settings;
    private final List<JvmSlot> slots;
    private final RunTarget target;
    private final Map<JvmSlot, SlotResults> results;
    private final Map<JvmSlot, Map<Cell, Optional<String>>> blocked;
    private final Map<JvmSlot, Environment> envs;
    private final CellRunner runner;
    private final Progress progress;
    private final RunState state;
    private final PrintWriter out;

    /** @param blocked per JVM, per cell: why it will not be measured ("n/a: ..." or "failed: ..."), empty when it will */
    TargetRounds(JmhSettings settings, List<JvmSlot> slots, RunTarget target, Map<JvmSlot, SlotResults> results,
                 Map<JvmSlot, Map<Cell, Optional<String>>> blocked, Map<JvmSlot, Environment> envs, CellRunner runner, Progress progress,
                 RunState state, PrintWriter out) {
        this.settings = settings;
        this.slots = slots;
        this.target = target;
        this.results = results;
        this.blocked = blocked;
        this.envs = envs;
        this.runner = runner;
        this.progress = progress;
        this.state = state;
        this.out = out;
    }

    Map<JvmSlot, SlotResults> results() {
        return results;
    }

    /** The forks a resumed run had already measured leave the progress count and its estimate. */
    void countDone(List<Cell> cells) {
        int done = 0;
        double doneEstimate = 0;
        for (int round = 0; round < state.rounds().count(); round++) for (Cell c : cells) for (JvmSlot slot : slots) {
            if (results.get(slot).has(c, round)) {
                done++;
                doneEstimate += settings.secondsPerRound(c);
            }
        }
        progress.alreadyDone(done, doneEstimate);
    }

    /** One round of {@code cells} (0-based), skipping what a resumed run has; stops between forks when the run is stopping. */
    void round(List<Cell> cells, int round) {
        Rounds rounds = state.rounds();
        for (Cell cell : rounds.order(cells, round)) {
            for (JvmSlot slot : rounds.slotOrder(slots, round)) {
                SlotResults r = results.get(slot);
                if (r.has(cell, round) || state.stopping()) continue;
                cell(slot, cell, round, blocked.get(slot).get(cell), r, envs.get(slot));
            }
        }
    }

    private void cell(JvmSlot slot, Cell cell, int round, Optional<String> blockedWhy, SlotResults results, Environment env) {
        double estimate = settings.secondsPerRound(cell);
        int roundsLeft = state.rounds().count() - round;
        if (blockedWhy.isPresent()) {
            String b = blockedWhy.get();
            boolean failed = b.startsWith("failed: ");
            String reason = b.substring(failed ? "failed: ".length() : "n/a: ".length());
            results.notMeasured(cell, failed ? NotMeasured.Kind.FAILED : NotMeasured.Kind.NOT_APPLICABLE, reason);
            // Settled for every round: the progress counts the rounds it will not run.
            progress.notMeasured(cell, slot.label(), estimate * roundsLeft, failed, reason, roundsLeft);
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
            progress.notMeasured(cell, slot.label(), estimate * roundsLeft, true, o.failure(), roundsLeft);
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
        progress.measured(cell, slot.label(), round, estimate, entries, results.results(), whyNot == null ? "durable" : whyNot);
        state.ran(target, slot, cell, round, "measured");
    }
}
