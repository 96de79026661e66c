package io.durabench.lockstep;

import io.durabench.catalogue.Cell;
import java.util.Optional;

/**
 * Which two cells may measure in lock-step, and what such a pairing is. The hand-off rule: a side
 * hands over only at a durable point, so that nothing it wrote is pending while the other side
 * measures (a side that leaves unsynced writes or metadata behind makes the other's sync pay for
 * them: measured here, appending 100 writes per fdatasync beside a write + fdatasync side halved
 * the batch side's cost, since the other side's journal commits wrote its data).
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
        if (cell.threads() != 1) {
            return Optional.of(cell.benchmark().shortName() + " runs " + cell.threads() + " threads at once: lock-step alternates two "
                    + "single-threaded sides, one durable unit at a time");
        }
        return Optional.empty();
    }

    /** The kind of pairing of {@code a} (side A) with {@code b} (side B), or why it is refused. */
    public static Kind kind(Cell a, Cell b) {
        for (Cell c : new Cell[] {a, b}) {
            cannotTakePart(c).ifPresent(why -> {
                throw new RefusedPairingException("refused: " + why);
            });
        }
        if (a.keyWithoutTarget().equals(b.keyWithoutTarget())) return Kind.SAME_CELL;
        for (Cell c : new Cell[] {a, b}) {
            if (!endsDurable(c)) {
                String why = c.family().notDurableBecause(c.methodValue()).orElse("");
                throw new RefusedPairingException("refused: " + c.spec() + " never ends at a durable point (" + why + "), so it would leave "
                        + "writes pending while the other side measures: pair it only with the same cell, on another JVM or another target");
            }
        }
        return Kind.TWO_DURABLE_CELLS;
    }

    /** A pairing the hand-off rule does not allow: bad input (exit 2), never measured. */
    public static final class RefusedPairingException extends IllegalArgumentException {
        public RefusedPairingException(String message) {
            super(message);
        }
    }
}
