package io.durabench.compare;

import io.durabench.catalogue.Catalogue;
import io.durabench.results.LockStepFile;
import io.durabench.results.ResultSet;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A lock-step run's figures for compare: when the two sides of a {@link SetPair} are the two
 * sides of a lock-step run (the slot folders lockstep.json names), each row is compared on its
 * fork pairs, side A's µs per operation against side B's in the same pair, read from
 * lockstep.json, rather than on each side's forks as independent draws.
 */
final class LockStepInputs {
    /** Per cell key (without target): side A's and side B's figure in each fork pair where both measured. */
    private final Map<String, double[][]> byCell;
    private final boolean swapped;

    private LockStepInputs(Map<String, double[][]> byCell, boolean swapped) {
        this.byCell = byCell;
        this.swapped = swapped;
    }

    /** The lock-step figures behind the pair, or null when its sides are not the two sides of one lock-step run. */
    static LockStepInputs of(SetPair p) {
        if (p.base().size() != 1 || p.candidate().size() != 1) return null;
        ResultSet b = p.base().get(0), c = p.candidate().get(0);
        Path run = runFolder(b);
        if (run == null || !run.equals(runFolder(c)) || !LockStepFile.isLockStep(run)) return null;
        LockStepFile f = LockStepFile.read(run);
        String bs = slotOf(b), cs = slotOf(c);
        boolean straight = bs.equals(f.sides().a().slot()) && cs.equals(f.sides().b().slot());
        boolean swapped = bs.equals(f.sides().b().slot()) && cs.equals(f.sides().a().slot());
        if (!straight && !swapped) return null;
        Map<String, double[][]> byCell = new HashMap<>();
        for (LockStepFile.CellRecord cell : f.cells()) {
            List<LockStepFile.PairRecord> pairs = cell.measured();
            if (pairs.isEmpty()) continue;
            double[] a = new double[pairs.size()], bb = new double[pairs.size()];
            for (int i = 0; i < pairs.size(); i++) {
                a[i] = pairs.get(i).a().microsPerOperation();
                bb[i] = pairs.get(i).b().microsPerOperation();
            }
            Catalogue.cell(cell.benchmark(), cell.paramsA()).ifPresent(x -> byCell.put(x.keyWithoutTarget(), new double[][] {a, bb}));
        }
        return new LockStepInputs(byCell, swapped);
    }

    /** The row's lock-step input in the base's unit (µs/op), or null when the run has no lock-step figures for it. */
    RowInput input(String name, SideRows.Row base) {
        String key = base.key().cellKey();
        double[][] ab = key == null ? null : byCell.get(key);
        if (ab == null || !base.unit().equals("us/op")) return null;
        return swapped ? RowInput.lockStep(name, ab[1], ab[0], Direction.LOWER_IS_BETTER)
                : RowInput.lockStep(name, ab[0], ab[1], Direction.LOWER_IS_BETTER);
    }

    /** The run folder a slot's results are in: RUN/&lt;target&gt;/&lt;slot&gt;. */
    private static Path runFolder(ResultSet s) {
        Path target = JvmSlots.targetFolder(s);
        return target == null || JvmSlots.slotNumber(s.folder()).isEmpty() ? null : target.getParent();
    }

    private static String slotOf(ResultSet s) {
        return String.valueOf(s.folder().getFileName());
    }
}
