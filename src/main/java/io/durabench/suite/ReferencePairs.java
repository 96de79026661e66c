package io.durabench.suite;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.env.Environment;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.HandOffRule;
import io.durabench.lockstep.LockStepRun;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.PairsToPrecision;
import io.durabench.lockstep.Placement;
import io.durabench.results.ResultsFolder;
import io.durabench.stats.Numbers;
import io.durabench.workload.SyncMethod;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * A run's methods against a reference, in lock-step: after a target's rounds (which give every
 * cell's absolute cost, with an interval as wide as the disk is noisy), each durable SyncWriteCost
 * cell the run measured is paired with the same cell made with the reference method (FDATASYNC
 * unless --reference says otherwise: the same block, batch and preallocation), and the pairs are
 * measured as fork pairs of the launcher's JVM on the same target, one fork pair measuring every
 * pair in sequence ({@link LockStepRun}). Their ratios and differences to the reference, to about
 * ±1%, are what the report's decision table decides the fastest set on. They go into the target's
 * folder as lockstep.json; the rounds' JMH results are the absolute figures.
 *
 * <p>Fork pairs and blocks are lighter than a lock-step run's ({@link LockStepSettings#REFERENCE_PAIRS}: a pair's
 * cell in about two thirds of a second), so that they fit in the quick profile's few minutes; and the fork pairs go where
 * they are needed: 5 for every pair, then more, one at a time, for those whose interval is still wider than ±3%
 * ({@link #rule}, {@link PairsToPrecision}), at most 10.
 */
final class ReferencePairs {
    /** The reference when the run names none: pg_test_fsync's and PostgreSQL's default, the decision table's usual yardstick. */
    static final SyncMethod DEFAULT_REFERENCE = SyncMethod.FDATASYNC;

    private ReferencePairs() {
    }

    /** Fork pairs per profile: only quick and standard measure reference pairs. */
    static int forkPairs(Profile profile) {
        return switch (profile) {
            // 5, not 3: fewer pairs resolve no method from another and state no power
            // (LockStepPower.MIN_FORK_PAIRS); 5 pairs of 10 blocks fit in quick's four minutes.
            case QUICK -> 5;
            case STANDARD -> 5;
            default -> 0;
        };
    }

    /** The precision their fork pairs are added to unless --precision says otherwise: the half-width of the report's lock-step column. */
    static final double DEFAULT_PRECISION = 0.03;

    /**
     * The most fork pairs a cell gets: twice the planned. Fork pairs beyond the planned go only to the cells still wider
     * than the precision, and twice the pairs narrow an interval by about √2 and more (t's quantile falls too): what a
     * loop-backed lab filesystem needs for ±3%, within a quick run's minutes.
     */
    static int maxForkPairs(Profile profile) {
        return 2 * forkPairs(profile);
    }

    /**
     * The fork pairs' rule on a target: the profile's planned pairs, then more for each cell wider than --precision
     * ({@link #DEFAULT_PRECISION} without it), at most {@link #maxForkPairs}, within the run's --budget (the target's
     * share of it, {@code deadlineNanos}). --budget alone does not extend every reference pair: their target stays the default.
     */
    static PairsToPrecision rule(Profile profile, PrecisionTarget asked, long deadlineNanos) {
        double precision = Double.isNaN(asked.precision()) ? DEFAULT_PRECISION : asked.precision();
        return new PrecisionTarget(precision, asked.budget()).forkPairs(forkPairs(profile), maxForkPairs(profile), deadlineNanos);
    }

    /**
     * The pairs to measure on a target: every measured durable single-threaded SyncWriteCost cell
     * whose method is not the reference, beside the reference at its block, batch and preallocation
     * where the rounds measured that too, each pairing held to the hand-off rule (one it refuses is
     * not paired: the report names it "not paired, so not decided").
     */
    static List<ForkPair.CellPair> plan(List<Cell> measured, SyncMethod reference) {
        Set<String> refs = measured.stream().filter(c -> c.methodValue() == reference).map(Cell::keyWithoutTarget).collect(Collectors.toSet());
        return measured.stream().filter(c -> c.family() == Catalogue.SYNC_WRITE_COST && c.methodValue() != reference)
                .map(c -> HandOffRule.beside(c, reference.name()).pair()).filter(p -> p != null && refs.contains(p.a().keyWithoutTarget())).toList();
    }

    /**
     * Measures a target's reference pairs after its rounds; {@code blocked} holds the cells the
     * rounds could not measure there (n/a, FAILED), which are not paired; {@code asked} and {@code deadlineNanos} make
     * their {@link #rule}. Returns whether a pair FAILED. A profile without reference pairs measures none.
     */
    static boolean measure(RunTarget target, Environment env, List<Cell> cells, Map<Cell, ?> blocked, JvmSlot slot, SyncMethod reference,
                           Profile profile, PrecisionTarget asked, long deadlineNanos, ResultsFolder folder, PrintWriter out,
                           BooleanSupplier stopping) {
        int forkPairs = forkPairs(profile);
        if (forkPairs == 0 || stopping.getAsBoolean()) return false;
        PairsToPrecision rule = rule(profile, asked, deadlineNanos);
        if (!Boolean.TRUE.equals(env.durableStorage())) {
            out.println("# lock-step against " + reference + ": not on " + target.dir() + " (no stable storage: nothing is durable there)");
            return false;
        }
        List<ForkPair.CellPair> pairs = plan(cells.stream().filter(c -> !blocked.containsKey(c)).toList(), reference);
        if (pairs.isEmpty()) return false;
        out.printf("# lock-step against %s on %s: %s, %s, of %s%n", reference, target.dir(), Numbers.count(pairs.size(), "pair", "pairs"), rule.rule().words(),
                slot.describe());
        out.flush();
        LockStepRun.Outcome o = new LockStepMeasurement(LockStepMeasurement.jvm("reference", target, slot, 0), LockStepMeasurement.jvm("method",
                target, slot, 0), LockStepSettings.REFERENCE_PAIRS, forkPairs, Placement.lastCpu(), target.label(), rule).run(pairs, folder, out, stopping);
        o.failed().forEach((i, why) -> out.println("FAILED lock-step " + pairs.get(i).b() + " beside " + reference + ": " + why));
        return o.anyFailed();
    }
}
