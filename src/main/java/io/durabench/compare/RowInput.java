package io.durabench.compare;

import java.util.Objects;

/**
 * One row of a comparison: the replicate scores of the same benchmark cell in the base and the
 * candidate run.
 *
 * <p><b>The unit of replication is one fork's score</b> (JMH's per-fork average of its measurement
 * iterations). Forks are separate JVMs, each opening its own files, so their scores are
 * independent draws of everything that varies run to run: JIT decisions, file placement on disk,
 * background writeback. Iterations inside one JVM share all of that and are not independent;
 * feeding them in as replicates makes the test see a precision it does not have. If a caller has
 * only iteration scores (e.g. a 1-fork run) it may pass them, but must say so next to the result.
 *
 * @param name      how the row is named in the table
 * @param base      the base run's per-fork scores (positive, finite)
 * @param candidate the candidate run's per-fork scores (positive, finite)
 * @param byRound   true when base[i] and candidate[i] were measured in the same round of one run
 *                  (seconds apart, order counterbalanced), so they may be compared as pairs
 * @param lockStep  true when base[i] and candidate[i] are the two sides of the i-th fork pair of a
 *                  lock-step run (alternating one durable unit at a time): compared by the t-test on
 *                  ln(candidate/base) per pair ({@link io.durabench.stats.LockStepEstimate})
 */
public record RowInput(String name, double[] base, double[] candidate, Direction direction, boolean byRound, boolean lockStep,
                       StallFigures stalls) {

    /**
     * A lock-step row's stalls, counted apart from the figures it is judged on: each side's figure per
     * fork pair with its stalled units in, and how many units stalled on each side in all.
     */
    public record StallFigures(double[] baseWithStalls, double[] candidateWithStalls, long baseStalls, long candidateStalls) {
    }

    public RowInput {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(direction, "direction");
        base = checked(name, "base", base);
        candidate = checked(name, "candidate", candidate);
        if ((byRound || lockStep) && base.length != candidate.length) {
            throw new IllegalArgumentException("row " + name + ": paired by round but " + base.length + " base and " + candidate.length + " candidate forks");
        }
    }

    public RowInput(String name, double[] base, double[] candidate, Direction direction, boolean byRound) {
        this(name, base, candidate, direction, byRound, false, null);
    }

    /**
     * The sides of a lock-step run's fork pairs: base[i] is side A's figure in pair i (without its
     * stalled units), candidate[i] side B's; {@code stalls} the same with the stalls in, and the counts.
     */
    public static RowInput lockStep(String name, double[] sideA, double[] sideB, Direction direction, StallFigures stalls) {
        return new RowInput(name, sideA, sideB, direction, true, true, stalls);
    }

    /** Forks not known to pair up: compared unpaired. */
    public RowInput(String name, double[] base, double[] candidate, Direction direction) {
        this(name, base, candidate, direction, false);
    }

    /** The same row under another name (a group's method label). */
    public RowInput renamed(String newName) {
        return new RowInput(newName, base, candidate, direction, byRound, lockStep, stalls);
    }

    @Override
    public double[] base() {
        return base.clone();
    }

    @Override
    public double[] candidate() {
        return candidate.clone();
    }

    private static double[] checked(String row, String side, double[] scores) {
        if (scores == null || scores.length == 0) throw new IllegalArgumentException("row " + row + ": no " + side + " scores");
        for (double s : scores) {
            if (!(s > 0) || Double.isInfinite(s)) {
                throw new IllegalArgumentException("row " + row + ": " + side + " score " + s + " is not a positive number; changes are ratios of scores");
            }
        }
        return scores.clone();
    }
}
