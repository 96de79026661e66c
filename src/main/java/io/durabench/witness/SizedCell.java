package io.durabench.witness;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Parameter;
import io.durabench.catalogue.SyscallRules;
import io.durabench.catalogue.WorkloadSize;
import java.util.Optional;

/**
 * A cell the witness runs, and the size its workload is opened at: the benchmarks' by default; the
 * tests make the region and the zero-fill chunk small so that recycles and chunks happen within a
 * hundred operations. The cell's own target directory, if any, is not used: the witness runs in its
 * own.
 *
 * <p>What the witness cannot run is refused here, before any process starts, in one line: a family
 * without syscall rules, a cell that does not fix every parameter, one its family would witness in
 * another form ({@link SyscallRules#witnessed}), a combination invalid by definition, and what the
 * family's rules refuse at that size.
 */
public record SizedCell(Cell cell, WorkloadSize size) {
    public SizedCell {
        SyscallRules rules = rules(cell);
        for (Parameter<?> p : cell.benchmark().parameters()) {
            if (p != Catalogue.TARGET_DIR && !cell.fixes(p)) {
                throw new IllegalArgumentException(cell + " fixes no " + p.name() + ": the witness runs whole cells");
            }
        }
        Cell witnessed = rules.witnessed(cell);
        if (!witnessed.equals(cell)) {
            throw new IllegalArgumentException("the witness runs " + witnessed + " in place of " + cell + ": give it that cell");
        }
        cell.family().invalidCombination(cell).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        rules.refuses(cell, size).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
    }

    /** The cell at the benchmarks' size. */
    public static SizedCell of(Cell cell) {
        return new SizedCell(cell, WorkloadSize.DEFAULT);
    }

    /**
     * What the witness runs to check a run's cell, at the benchmarks' size (its family's
     * {@link SyscallRules#witnessed} form); empty when the family has nothing to witness.
     */
    public static Optional<SizedCell> checking(Cell runCell) {
        return runCell.family().syscallRules().map(r -> of(r.witnessed(runCell)));
    }

    /** The cell's spec, as the witnessed JVM reads it and echoes it back. */
    public String spec() {
        return cell.spec();
    }

    /** The spec, and the size where it is not the benchmarks'. */
    public String describe() {
        return spec() + (size.equals(WorkloadSize.DEFAULT) ? ""
                : " (region " + size.regionBytes() + " B, zero-fill chunk " + size.zeroFillChunkBytes() + " B)");
    }

    static SyscallRules rules(Cell cell) {
        return cell.family().syscallRules().orElseThrow(() -> new IllegalArgumentException(
                "the syscall witness has no rules for " + cell.benchmark() + ": it touches no file"));
    }
}
