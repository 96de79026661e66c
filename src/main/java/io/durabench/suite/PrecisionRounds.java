package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.lockstep.PairsToPrecision;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * --precision and --budget: rounds after the profile's, over the cells still wider than the target
 * precision (in any JVM), while the next round fits this target's share of the budget (the round's
 * JMH estimate scaled by the pace so far). The console says where it stopped and why, and how close
 * each JVM's cells came.
 */
final class PrecisionRounds {
    private final PrecisionTarget precision;
    private final JmhSettings settings;
    private final PrintWriter out;
    private final long startNanos;
    private final int targetCount;
    private int targetsDone;

    /** @param startNanos when the run began; {@code targetCount} the targets sharing the budget */
    PrecisionRounds(PrecisionTarget precision, JmhSettings settings, PrintWriter out, long startNanos, int targetCount) {
        this.precision = precision;
        this.settings = settings;
        this.out = out;
        this.startNanos = startNanos;
        this.targetCount = targetCount;
    }

    boolean active() {
        return precision.active();
    }

    /** The extra rounds of one target, after its profile's {@code profileRounds}. */
    void run(RunTarget target, TargetRounds rounds, List<Cell> cells, int profileRounds, int slotCount, Progress progress, RunState state) {
        long deadline = deadlineNanos(targetsDone++);
        int round = profileRounds;
        String why = null;
        while (!state.stopping()) {
            if (precision.budget() == null && round >= PrecisionTarget.MAX_ROUNDS_WITHOUT_BUDGET) {
                why = "reached " + round + " rounds (the most without --budget)";
                break;
            }
            List<Cell> wide = wide(cells, rounds.results());
            if (wide.isEmpty()) {
                why = "every cell within " + precision.describe();
                break;
            }
            double estimate = wide.stream().mapToDouble(settings::secondsPerRound).sum() * slotCount;
            if (deadline != PairsToPrecision.NO_DEADLINE && estimate * progress.pace() > (deadline - System.nanoTime()) / 1e9) {
                why = "the next round (" + wide.size() + " cells, ~" + Progress.clock(estimate * progress.pace()) + ") would pass the budget";
                break;
            }
            progress.more(wide.size() * slotCount, estimate);
            rounds.round(wide, round);
            round++;
        }
        if (why != null) out.println("# durabench: " + precision.describe() + ": " + (round - profileRounds) + " rounds beyond the profile's "
                + profileRounds + " on " + target.dir() + "; stopped: " + why);
        for (Map.Entry<JvmSlot, SlotResults> e : rounds.results().entrySet()) reached(e.getKey(), e.getValue());
        out.flush();
    }

    /** When the budget of the run's target {@code index} (in the order they run) ends: its share of --budget. */
    long deadlineNanos(int index) {
        return precision.deadlineNanos(startNanos, index, targetCount);
    }

    /** The cells some JVM has not settled whose interval is still wider than asked (each JVM's widths read once: every fork of the target). */
    private List<Cell> wide(List<Cell> cells, Map<JvmSlot, SlotResults> results) {
        Map<SlotResults, Map<Cell, Double>> widths = new LinkedHashMap<>();
        for (SlotResults r : results.values()) widths.put(r, PrecisionTarget.halfWidths(r.results()));
        List<Cell> wide = new ArrayList<>();
        for (Cell c : cells) {
            boolean wants = false;
            for (SlotResults r : results.values()) {
                if (r.settled(c)) continue;
                Double w = widths.get(r).get(c);
                if (w != null && precision.wants(w)) wants = true;
            }
            if (wants) wide.add(c);
        }
        return wide;
    }

    private void reached(JvmSlot slot, SlotResults r) {
        Map<Cell, Double> widths = PrecisionTarget.halfWidths(r.results());
        long within = widths.values().stream().filter(w -> !precision.wants(w)).count();
        widths.entrySet().stream().filter(x -> !Double.isNaN(x.getValue())).max(Map.Entry.comparingByValue()).ifPresent(worst ->
                out.printf(Locale.ROOT, "# precision reached%s: %d of %d cells within %s; widest ±%.1f%% after %d forks: %s%n",
                        slot.label() == null ? "" : " on " + slot.label(), within, widths.size(),
                        Double.isNaN(precision.precision()) ? "(no --precision)" : String.format(Locale.ROOT, "±%.3g%%", precision.precision() * 100),
                        worst.getValue() * 100, r.rounds(worst.getKey()), worst.getKey()));
    }
}
