package io.durabench.catalogue;

/**
 * How much of each family's space a run's plan covers. A suite profile names one; each family says
 * what it contributes to each ({@link BenchmarkFamily#plan}), so the planner itself knows no family.
 */
public enum Sweep {
    /** The centre of each family: pg_test_fsync's main table and its neighbours, minutes per directory. */
    QUICK,
    /** What {@code durabench compare} can afford at twelve forks a cell: every method at the centre only. */
    COMPARE,
    /** Every axis swept one at a time around the centre, and group commit. */
    STANDARD,
    /** The whole cross product (hours). */
    FULL
}
