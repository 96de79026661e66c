package io.durabench.lockstep;

/**
 * How a lock-step pair measures each cell.
 *
 * @param blocks            measured blocks per cell in each fork pair
 * @param unitsPerBlock     units each side runs per block; 0: sized from the warmup so that one side's
 *                          block takes about {@code blockTargetMillis} (at least {@link #MIN_UNITS},
 *                          at most {@link #MAX_UNITS}), then kept for the cell's later fork pairs
 * @param blockTargetMillis what one side's block should take when sized from the warmup
 * @param grain             units per turn: a side hands over after this many units (1: after every one)
 * @param order             which side opens each block
 * @param warmupMinBlocks   warmup blocks at least
 * @param warmupMaxBlocks   warmup blocks at most, even while a JIT still compiles (the result says so)
 * @param warmupUnits       units per side in a warmup block
 */
public record LockStepSettings(int blocks, int unitsPerBlock, int blockTargetMillis, int grain, Order order, int warmupMinBlocks,
                               int warmupMaxBlocks, int warmupUnits) {
    public static final int MIN_UNITS = 10;
    public static final int MAX_UNITS = 1000;
    /** Warmup ends when neither JIT compiled anything during this many blocks in a row. */
    public static final int QUIET_BLOCKS = 3;

    public LockStepSettings {
        if (blocks < 2) throw new IllegalArgumentException("a lock-step cell needs at least 2 measured blocks, not " + blocks);
        if (grain < 1) throw new IllegalArgumentException("the grain (units per turn) must be 1 or more, not " + grain);
        if (unitsPerBlock != 0 && (unitsPerBlock < grain || unitsPerBlock % grain != 0)) {
            throw new IllegalArgumentException("units per block (" + unitsPerBlock + ") must be a multiple of the grain (" + grain + ")");
        }
        if (warmupUnits < grain || warmupUnits % grain != 0) {
            throw new IllegalArgumentException("warmup units per block (" + warmupUnits + ") must be a multiple of the grain (" + grain + ")");
        }
        if (warmupMinBlocks < QUIET_BLOCKS || warmupMaxBlocks < warmupMinBlocks) {
            throw new IllegalArgumentException("warmup blocks: at least " + QUIET_BLOCKS + ", and the most no fewer than the least");
        }
    }

    /**
     * A quick or standard run's reference pairs (suite.ReferencePairs): 10 blocks of about 20 ms per
     * side, warmup 4 to 100 blocks of 30 units, a pair's cell in about two thirds of a second, so that
     * they fit in the quick profile's few minutes. Fewer blocks for more fork pairs: the fork pair is
     * the replicate.
     */
    public static final LockStepSettings REFERENCE_PAIRS = new LockStepSettings(10, 0, 20, 1, Order.ALTERNATE, 4, 100, 30);

    /**
     * A run's gate control pairs beside the C twin (suite.ControlPairs): as reference pairs with 12
     * blocks, since the gate judges each row's ratio over only its few control fork pairs (docs/gate.md).
     */
    public static final LockStepSettings CONTROL_PAIRS = new LockStepSettings(12, 0, 20, 1, Order.ALTERNATE, 4, 100, 30);

    /**
     * A lock-step run's (durabench lockstep, before its options): 30 blocks of about 25 ms per side,
     * handing over after every unit, ABBA; warmup 6 to 200 blocks of 50 units. Its own run, so longer
     * blocks and warmup than the pairs a run adds after its rounds.
     */
    public static LockStepSettings defaults() {
        return new LockStepSettings(30, 0, 25, 1, Order.ALTERNATE, 6, 200, 50);
    }

    /**
     * What a side's command line gives it ({@link ForkPair}'s arguments): all but the units per block, which each cell
     * brings; {@code warmup} is --warmup's MIN:MAX:UNITS.
     */
    static LockStepSettings ofSide(int blocks, int blockTargetMillis, int grain, Order order, int[] warmup) {
        return new LockStepSettings(blocks, 0, blockTargetMillis, grain, order, warmup[0], warmup[1], warmup[2]);
    }

    public LockStepSettings withGrain(int g) {
        int units = unitsPerBlock == 0 ? 0 : roundUp(unitsPerBlock, g);
        return new LockStepSettings(blocks, units, blockTargetMillis, g, order, warmupMinBlocks, warmupMaxBlocks, roundUp(warmupUnits, g));
    }

    public LockStepSettings withOrder(Order o) {
        return new LockStepSettings(blocks, unitsPerBlock, blockTargetMillis, grain, o, warmupMinBlocks, warmupMaxBlocks, warmupUnits);
    }

    public LockStepSettings withBlocks(int n) {
        return new LockStepSettings(n, unitsPerBlock, blockTargetMillis, grain, order, warmupMinBlocks, warmupMaxBlocks, warmupUnits);
    }

    public LockStepSettings withUnitsPerBlock(int n) {
        return new LockStepSettings(blocks, n, blockTargetMillis, grain, order, warmupMinBlocks, warmupMaxBlocks, warmupUnits);
    }

    /**
     * Units per block from the two sides' unit times in the warmup: the slower side's block takes
     * about the target; rounded up to the grain, within [MIN_UNITS, MAX_UNITS].
     */
    int sizedUnits(long unitNanosA, long unitNanosB) {
        long slower = Math.max(1, Math.max(unitNanosA, unitNanosB));
        long n = Math.round(blockTargetMillis * 1e6 / slower);
        int clamped = (int) Math.max(MIN_UNITS, Math.min(MAX_UNITS, n));
        return roundUp(clamped, grain);
    }

    private static int roundUp(int n, int multiple) {
        return ((n + multiple - 1) / multiple) * multiple;
    }
}
