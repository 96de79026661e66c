package io.durabench.results;

import com.google.gson.JsonObject;
import io.durabench.stats.LockStepEstimate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * lockstep.json, at the top of a lock-step run's folder: the two sides (each JVM, target and the
 * slot folder its JMH-format results are in), how the pair was placed and ordered, and every block
 * of every fork pair of every cell, as each side measured it. It is the ground truth of the run's
 * lock-step figures (each cell pair's {@link CellRecord#estimate}); each side's
 * jmh-result.json is derived from it for every reader of absolute figures. Its JSON form, both ways, is
 * {@code LockStepJson}'s.
 *
 * @param pairing   the kind of pairing in words (HandOffRule.Kind)
 * @param placement "unpinned", or "pinned to CPUs 0" (both sides alike, never changed within a fork pair)
 */
public record LockStepFile(String started, String finished, Sides sides, String pairing, Settings settings, String placement,
                           List<CellRecord> cells) {
    public static final SchemaVersion SCHEMA = new SchemaVersion("durabench-lockstep", 1);
    public static final String FILE = "lockstep.json";
    /** The slot of a side that is the C twin (twin/, no JVM): what readers recognise the twin by. */
    public static final String TWIN_SLOT = "c-twin";

    /** Side A (the base of every ratio B/A) and side B. */
    public record Sides(SideInfo a, SideInfo b) {
    }


    /**
     * One side: its JVM and native layer ("jnr", "ffm"; null in files written before there were two), its
     * target directory, the slot folder under the target's that holds its JMH-format results, and the
     * test hook's extra nanoseconds per operation (0 in a real run).
     */
    public record SideInfo(String slot, String java, String version, String nativeLayer, String dir, String target, long busyWaitNanos) {
        /** Whether this side is the C twin rather than a JVM. */
        public boolean twin() {
            return TWIN_SLOT.equals(slot);
        }
    }

    /**
     * How every cell was measured. {@code bothWays}: each cell ran in two halves of {@code blocks / 2}, opened with either
     * side first (files of older runs: false); {@code pairs}: the fork pairs' precision rule, null for fixed fork pairs
     * (and files written before the rule), where every cell has the run's fork pairs.
     */
    public record Settings(int blocks, int blockTargetMillis, int grain, String order, int warmupMinBlocks, int warmupMaxBlocks,
                           int warmupUnits, boolean bothWays, PairsRule pairs) {
        public Settings withPairs(PairsRule rule) {
            return new Settings(blocks, blockTargetMillis, grain, order, warmupMinBlocks, warmupMaxBlocks, warmupUnits, bothWays, rule);
        }
    }

    /**
     * One cell pair: what ran on side A and on B (CellSpec text), the JMH benchmark and params of
     * each (as in its result file), the units per block, and its fork pairs in the order they ran.
     */
    public record CellRecord(String specA, String specB, String benchmark, Map<String, String> paramsA, Map<String, String> paramsB,
                             int unitsPerBlock, List<PairRecord> forkPairs) {
        public CellRecord {
            // In the order given (a file's, written sorted), not Map.copyOf's, which differs from JVM to JVM: a cell's label follows it.
            paramsA = Collections.unmodifiableMap(new LinkedHashMap<>(paramsA));
            paramsB = Collections.unmodifiableMap(new LinkedHashMap<>(paramsB));
            forkPairs = List.copyOf(forkPairs);
        }

        public CellRecord with(PairRecord p, int units) {
            List<PairRecord> more = new ArrayList<>(forkPairs);
            more.add(p);
            return new CellRecord(specA, specB, benchmark, paramsA, paramsB, units, more);
        }

        /** The fork pairs in which both sides measured. */
        public List<PairRecord> measured() {
            return forkPairs.stream().filter(PairRecord::measured).toList();
        }

        /**
         * The half-width of B/A's interval between the measured fork pairs as a share of B/A, at the level the report
         * prints it ({@link LockStepEstimate#CONFIDENCE}): what the precision rule reads ({@link PairsRule}). NaN with
         * fewer than two measured pairs.
         */
        public double halfWidth() {
            return measured().size() < 2 ? Double.NaN : estimate(LockStepEstimate.CONFIDENCE).halfWidth();
        }

        /** The first fork pair in which the cell failed (it is not measured after it), if any. */
        public Optional<PairRecord> failed() {
            return forkPairs.stream().filter(p -> !p.measured()).findFirst();
        }

        /** One side's figure ({@code PairRecord::a} or {@code ::b}) in each measured fork pair: µs per operation, its stalled units left out. */
        public double[] stallFree(Function<PairRecord, SideRecord> side) {
            return measured().stream().mapToDouble(p -> side.apply(p).microsPerOperationWithoutStalls()).toArray();
        }

        /** B against A between the measured fork pairs, from their stall-free figures: the one estimate of a cell pair. */
        public LockStepEstimate estimate(double confidence) {
            return LockStepEstimate.of(stallFree(PairRecord::a), stallFree(PairRecord::b), confidence);
        }

        /** Each measured fork pair's B/A of the same figures (the gate's control ratios). */
        public double[] ratios() {
            double[] a = stallFree(PairRecord::a), ratio = stallFree(PairRecord::b);
            for (int i = 0; i < ratio.length; i++) ratio[i] /= a[i];
            return ratio;
        }

        /** One side's stalled units over the measured fork pairs, counted apart from its figures. */
        public long stalls(Function<PairRecord, SideRecord> side) {
            return measured().stream().mapToLong(p -> side.apply(p).stalls()).sum();
        }
    }

    /**
     * One fork pair of one cell: both sides' blocks (or why not), when the pair started, and the
     * pair's wall time in all (its JVMs' start, every cell of it, their end).
     */
    public record PairRecord(int pair, String started, long pairMillis, SideRecord a, SideRecord b) {
        public boolean measured() {
            return a.error() == null && b.error() == null;
        }
    }

    /**
     * One side in one fork pair: its error (null when it measured; {@code partnerFailed} when the
     * error was the other side's), the warmup it took, the JIT time spent while measuring, the cell's
     * wall time on this side (open to close), the CPUs its measuring thread was allowed (as the kernel
     * said), its blocks and its counters over them; and what the test hook's timed spin really took in
     * the stall-free measured units (0: no spin; a preemption can outlast the spin's deadline, so the
     * known effect is this, not the nominal D).
     */
    public record SideRecord(String error, boolean partnerFailed, int warmupBlocks, boolean warmupCapped, long compileMillisWhileMeasured,
                             long cellMillis, String cpus, List<Block> blocks, Map<String, Long> counters, long testSpinNanos) {
        public SideRecord {
            blocks = List.copyOf(blocks);
            counters = Map.copyOf(counters);
        }

        public SideRecord(String error, boolean partnerFailed, int warmupBlocks, boolean warmupCapped, long compileMillisWhileMeasured,
                          long cellMillis, String cpus, List<Block> blocks, Map<String, Long> counters) {
            this(error, partnerFailed, warmupBlocks, warmupCapped, compileMillisWhileMeasured, cellMillis, cpus, blocks, counters, 0);
        }

        public static SideRecord failed(String error, boolean partnerFailed) {
            return new SideRecord(error, partnerFailed, 0, false, 0, 0, null, List.of(), Map.of());
        }

        /** Whether this side's own unit or workload failed, not the other side's. */
        public boolean failedItself() {
            return error != null && !partnerFailed;
        }

        /** The test spin's real microseconds per stall-free operation (0 without one). */
        public double testSpinMicrosPerOperation() {
            long ops = 0;
            for (Block b : blocks) ops += b.operations() - b.stalledOperations();
            return testSpinNanos / 1000.0 / ops;
        }

        /** Microseconds per operation over every block, stalls included: all the time its units took over all their operations. */
        public double microsPerOperation() {
            long nanos = 0, ops = 0;
            for (Block b : blocks) {
                nanos += b.nanos();
                ops += b.operations();
            }
            return nanos / 1000.0 / ops;
        }

        /** Microseconds per operation over every block, its stalled units left out: what lock-step compares (the stalls are counted apart). */
        public double microsPerOperationWithoutStalls() {
            long nanos = 0, ops = 0;
            for (Block b : blocks) {
                nanos += b.nanos() - b.stalledNanos();
                ops += b.operations() - b.stalledOperations();
            }
            return nanos / 1000.0 / ops;
        }

        /** Stalled units over every block. */
        public int stalls() {
            return blocks.stream().mapToInt(Block::stalls).sum();
        }
    }

    /**
     * One side's share of one measured block: its units, the operations they held (a unit of N
     * writes per sync is N operations), the nanoseconds they took (each unit timed on its own, the
     * hand-overs not), the slowest unit, and its stalls: units longer than 20 times the median unit of
     * the side's last warmup block (a single flush the disk held for tens of ms), with their
     * nanoseconds and operations. A stall lands on whichever side is in its unit at the time: it is
     * not common-mode, so one stall moves a pair's ratio by itself (docs/lockstep.md).
     */
    public record Block(long nanos, int units, long operations, long maxUnitNanos, int stalls, long stalledNanos, long stalledOperations) {
        public double microsPerOperation() {
            return nanos / 1000.0 / operations;
        }

        /** "nanos units operations max stalls stalledNanos stalledOperations": one short line per block, since a run holds thousands. */
        public String text() {
            return nanos + " " + units + " " + operations + " " + maxUnitNanos + " " + stalls + " " + stalledNanos + " " + stalledOperations;
        }

        /** A block as {@link #text} writes it; a block of four fields (a file without stall counts) reads as a block without stalls. */
        public static Block parse(String text) {
            String[] f = text.trim().split(" ");
            if (f.length != 7 && f.length != 4) {
                throw new IllegalArgumentException("a block is 'nanos units operations max stalls stalledNanos stalledOperations', not '" + text + "'");
            }
            boolean counted = f.length == 7;
            return new Block(Long.parseLong(f[0]), Integer.parseInt(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                    counted ? Integer.parseInt(f[4]) : 0, counted ? Long.parseLong(f[5]) : 0, counted ? Long.parseLong(f[6]) : 0);
        }
    }

    public LockStepFile {
        cells = List.copyOf(cells);
    }

    public LockStepFile withCells(List<CellRecord> newCells, String finishedAt) {
        return new LockStepFile(started, finishedAt, sides, pairing, settings, placement, newCells);
    }

    /** The file with why its precision rule added no more fork pairs (a file with fixed fork pairs stays as it is). */
    public LockStepFile withPairsStopped(String why) {
        if (settings.pairs() == null) return this;
        return new LockStepFile(started, finished, sides, pairing, settings.withPairs(settings.pairs().withStopped(why)), placement, cells);
    }

    /** Whether {@code folder} is a lock-step run's (it holds lockstep.json). */
    public static boolean isLockStep(Path folder) {
        return Files.isRegularFile(folder.resolve(FILE));
    }

    public void write(Path folder) {
        JsonFiles.write(toJson(), folder.resolve(FILE));
    }

    /** The file's JSON ({@code LockStepJson}). */
    public JsonObject toJson() {
        return LockStepJson.toJson(this);
    }

    /** One side's record as the side printed it (its result line, or the file's entry). */
    public static SideRecord sideRecord(JsonObject j) {
        return LockStepJson.sideRecord(j);
    }

    /** The folder's lockstep.json; a damaged or foreign file is a one-line {@link ResultsFileException}. */
    public static LockStepFile read(Path folder) {
        return LockStepJson.read(folder.resolve(FILE));
    }
}
