package io.durabench.lockstep;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.SyncMethodCalls;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.catalogue.WorkloadSize;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.util.Optional;

/**
 * Which two cells may measure in lock-step, and what such a pairing is. The hand-off rule: a side
 * hands over only at a durable point, so that nothing it wrote is pending while the other side
 * measures (a side that leaves unsynced writes or metadata behind makes the other's sync pay for
 * them: the other side's journal commits write its data).
 * <ul>
 *   <li>A cell that runs several threads (group commit's committers) cannot take turns.</li>
 *   <li>A cell that never ends at a durable point (NONE, O_DIRECT alone, sync_file_range, a file
 *       created without syncing its directory) may be paired only with the same cell, on another
 *       JVM or another target: then whatever one side leaves pending, the other leaves too, alike.</li>
 *   <li>Two cells that each end durable may be paired, on one target or two.</li>
 * </ul>
 * A pairing outside these is refused with the reason, never measured.
 */
public final class HandOffRule {
    /** What differs between the two sides. */
    public enum Kind {
        SAME_CELL("the same cell on both sides (A/A, two JVMs or two targets)"),
        C_TWIN("a Java cell beside its C twin, the same durable system calls made from C"),
        TWO_DURABLE_CELLS("two cells, each ending at a durable point");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    private HandOffRule() {
    }

    /** Whether every operation, or every batch, of the cell ends with its writes on stable storage. */
    public static boolean endsDurable(Cell cell) {
        return cell.family().notDurableBecause(cell.methodValue()).isEmpty();
    }

    /** Why the cell cannot take part in lock-step at all; empty when it can. */
    public static Optional<String> cannotTakePart(Cell cell) {
        if (!cell.benchmark().has(Catalogue.TARGET_DIR)) {
            return Optional.of(cell.benchmark().shortName() + " writes no file (it times single calls): a side hands over at a durable"
                    + " point on its target, and this cell has neither; measure it in a run in rounds");
        }
        if (cell.threads() != 1) {
            return Optional.of(cell.benchmark().shortName() + " runs " + cell.threads() + " threads at once: lock-step alternates two "
                    + "single-threaded sides, one durable unit at a time");
        }
        return Optional.empty();
    }

    /** Why {@code a} (side A) may not pair with {@code b} (side B); empty when the rule allows it. */
    public static Optional<String> refusal(Cell a, Cell b) {
        for (Cell c : new Cell[] {a, b}) {
            Optional<String> alone = cannotTakePart(c);
            if (alone.isPresent()) return Optional.of("refused: " + alone.get());
        }
        if (a.keyWithoutTarget().equals(b.keyWithoutTarget())) return Optional.empty();
        for (Cell c : new Cell[] {a, b}) {
            if (!endsDurable(c)) {
                String why = c.family().notDurableBecause(c.methodValue()).orElse("");
                return Optional.of("refused: " + c.spec() + " never ends at a durable point (" + why + "), so it would leave "
                        + "writes pending while the other side measures: pair it only with the same cell, on another JVM or another target");
            }
        }
        return timestampRefusal(a, b);
    }

    /** The kind of a pairing of {@code a} (side A) with {@code b} (side B) that the rule allows ({@link #refusal}). */
    public static Kind kind(Cell a, Cell b) {
        return a.keyWithoutTarget().equals(b.keyWithoutTarget()) ? Kind.SAME_CELL : Kind.TWO_DURABLE_CELLS;
    }

    /** A cell paired for lock-step, side A beside it, or why it cannot be: exactly one of the two is null. */
    public record Pairing(ForkPair.CellPair pair, String refusal) {
        private static Pairing of(Cell a, Cell b) {
            return new Pairing(new ForkPair.CellPair(a, b, 0, WorkloadSize.DEFAULT), null);
        }

        private static Pairing refused(String why) {
            return new Pairing(null, why);
        }
    }

    /**
     * {@code b} (side B) beside the same cell made with {@code method} (side A: a reference), or, with
     * {@code method} null, beside itself; or why the hand-off rule, or the family, refuses the reference.
     * Whether {@code b}'s own values go together is not the pairing's question: a meaningless cell is
     * n/a with the family's reason, as in a run in rounds ({@code FeasibilityProbe}).
     */
    public static Pairing beside(Cell b, String method) {
        if (method == null) return refusal(b, b).map(Pairing::refused).orElseGet(() -> Pairing.of(b, b));
        Cell a;
        try {
            a = b.withMethod(method);
        } catch (InvalidValueException e) {
            return Pairing.refused("--reference " + method + " is not a method of " + b.benchmark().shortName() + " (" + e.getMessage() + ")");
        }
        Optional<String> invalid = b.family().invalidCombination(a);
        if (invalid.isPresent()) {
            return Pairing.refused("--reference " + method + " cannot run with the values of " + b.spec() + ": " + invalid.get()
                    + "; give --reference a method that takes them");
        }
        return refusal(a, b).map(Pairing::refused).orElseGet(() -> Pairing.of(a, b));
    }

    /**
     * A Java cell (side B) beside its C twin (side A), or why it cannot be ({@link #controlRefusal}). Allowed
     * like the same cell on another JVM whatever its durability, since the twin makes the same calls
     * ({@link io.durabench.catalogue.BenchmarkFamily#cellInC}).
     */
    public static Pairing besideTwin(Cell java) {
        return controlRefusal(java).map(Pairing::refused).orElseGet(() -> Pairing.of(java.family().cellInC(java).orElseThrow(), java));
    }

    /**
     * Why two different durable cells may not pair because of the timestamps one leaves pending; empty
     * when they may. A data-only sync (fdatasync, O_DSYNC, force(false), msync) of a write that takes no
     * new block leaves the inode's timestamp change in the running journal transaction: the next commit,
     * whoever makes it, writes it. Beside a side whose sync commits (a full sync, or a data-only sync of
     * a write that allocates or extends the file), that side pays for it, at any grain and in either
     * order, so the grain and order proof cannot see it (docs/lockstep.md).
     */
    public static Optional<String> timestampRefusal(Cell a, Cell b) {
        for (Cell[] c : new Cell[][] {{a, b}, {b, a}}) {
            if (leavesTimestampsPending(c[0]) && commitsJournal(c[1])) {
                return Optional.of("refused: " + c[0].spec() + " syncs data only and takes no new block, so it leaves its timestamp change"
                        + " pending in the journal, and " + c[1].spec() + " commits the journal at every sync, so it would pay for it"
                        + " (lab ext4: FSYNC beside FDATASYNC overwriting read +24%, the rounds 1.01): pair each with a method that syncs alike");
            }
        }
        return Optional.empty();
    }

    private static boolean leavesTimestampsPending(Cell c) {
        return dataOnly(c) && overwrites(c);
    }

    private static boolean commitsJournal(Cell c) {
        return !dataOnly(c) || !overwrites(c);
    }

    /** A sync of the data alone (fdatasync semantics): a SyncWriteCost method whose sync does not commit the metadata. */
    private static boolean dataOnly(Cell c) {
        return c.methodValue() instanceof SyncMethod m && !SyncMethodCalls.syncsMetadata(m);
    }

    /** Whether the cell's writes land on blocks already written: a zero-filled file, or a mapping (sized when opened). */
    private static boolean overwrites(Cell c) {
        return zeroFilled(c) || c.methodValue() == SyncMethod.MMAP_FORCE;
    }

    private static boolean zeroFilled(Cell c) {
        return c.find(SyncWriteCostFamily.PREALLOCATION).orElse(null) == Preallocation.ZERO_FILL;
    }

    /** Why a Java cell cannot be paired with its C twin (the gate's control); empty when it can. */
    public static Optional<String> controlRefusal(Cell java) {
        Optional<String> alone = cannotTakePart(java);
        if (alone.isPresent()) return alone;
        if (java.family().cellInC(java).isEmpty()) return Optional.of("the C twin makes no cell with " + java.method() + "'s calls");
        return Optional.empty();
    }

    /**
     * Why two sides on two targets may not pair; empty when they may. Two directories of one
     * filesystem pair like one target. Two filesystems over one disk do not: the disk's locality
     * makes each side's flush cost depend on how the sides alternate, so the ratio is the
     * alternation's, not the filesystems'. Two filesystems on two disks are refused as well, since
     * nothing has shown them free of it (docs/lockstep.md, Two filesystems are refused).
     *
     * @param mountA,mountB the targets' mount points; {@code diskA}, {@code diskB} the disk under each
     *                      (through loop devices), null when unknown
     */
    public static Optional<String> targetsRefusal(String mountA, String diskA, String mountB, String diskB) {
        if (mountA != null && mountA.equals(mountB)) return Optional.empty();
        String disks = diskA != null && diskA.equals(diskB) ? "both on disk " + diskA : "on " + diskA + " and " + diskB;
        return Optional.of("refused: the two targets are two filesystems (" + mountA + ", " + mountB + "), " + disks + ": in lock-step the"
                + " ratio between two filesystems depends on how the sides alternate (lab ext4 against lab XFS on one disk: 0.675 handing over"
                + " after every unit, 0.701 after every 10), so it is not the filesystems' ratio: compare them in a run in rounds"
                + " (durabench run --lab ext4,xfs), or two directories of one filesystem in lock-step");
    }

    /**
     * Why the cell may not hand over every {@code grain} units; empty when it may. Handing over after
     * a run of units is a proof's variation (docs/lockstep.md), and it fails where the file takes new
     * blocks as it is written: in runs of appends one side's file grows in contiguous extents and the
     * other's does not, so the pair's ratio follows the grain. Overwriting a zero-filled file takes no
     * new blocks and may hand over at any grain.
     */
    public static Optional<String> grainRefusal(Cell cell, int grain) {
        if (grain <= 1) return Optional.empty();
        if (zeroFilled(cell)) return Optional.empty();
        var prealloc = cell.find(SyncWriteCostFamily.PREALLOCATION);
        return Optional.of("refused: --grain " + grain + " with " + cell.spec() + ": its file takes new blocks as it is written"
                + prealloc.map(p -> " (" + SyncWriteCostFamily.PREALLOCATION.name() + " " + p + ")").orElse("") + ", and in runs of units one side's file grows in"
                + " contiguous extents while the other's does not (an A/A at grain 10 read 0.77 in 3 of 10 fork pairs and 1.30 in one):"
                + " use --grain 1, the default, or a zero-filled file (-p preallocation=ZERO_FILL)");
    }

    /** Two targets the hand-off rule does not allow ({@link #targetsRefusal}): bad input (exit 2), never measured. */
    public static final class RefusedPairingException extends IllegalArgumentException {
        public RefusedPairingException(String message) {
            super(message);
        }
    }
}
