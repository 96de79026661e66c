package io.durabench.compare;

import io.durabench.catalogue.Catalogue;
import io.durabench.results.LockStepFile;
import io.durabench.results.LockStepFile.PairRecord;
import io.durabench.results.LockStepFile.SideRecord;
import io.durabench.results.ResultSet;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A lock-step run's figures for compare: when the two sides of a {@link SetPair} are the two
 * sides of a lock-step run (the slot folders lockstep.json names), each row is compared on its
 * fork pairs, side A's µs per operation against side B's in the same pair, read from
 * lockstep.json, rather than on each side's forks as independent draws.
 */
final class LockStepInputs {
    /** Per cell key (without target): side A's and side B's figure in each fork pair where both measured, without and with stalls. */
    private final Map<String, Figures> byCell;

    private record Figures(double[] a, double[] b, RowInput.StallFigures stalls) {
    }
    private final boolean swapped;

    private LockStepInputs(Map<String, Figures> byCell, boolean swapped) {
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
        Map<String, Figures> byCell = new HashMap<>();
        for (LockStepFile.CellRecord cell : f.cells()) {
            if (cell.measured().isEmpty()) continue;
            Figures fig = figures(cell, swapped);
            Catalogue.cell(cell.benchmark(), cell.paramsA()).ifPresent(x -> byCell.put(x.keyWithoutTarget(), fig));
        }
        return new LockStepInputs(byCell, swapped);
    }

    /** The row's lock-step input in the base's unit (µs/op), or null when the run has no lock-step figures for it. */
    RowInput input(String name, SideRows.Row base) {
        String key = base.key().cellKey();
        Figures f = key == null ? null : byCell.get(key);
        if (f == null || !base.unit().equals("us/op")) return null;
        return RowInput.lockStep(name, f.a(), f.b(), Direction.LOWER_IS_BETTER, f.stalls());
    }

    /**
     * Each fork pair's figures, base first ({@code swapped}: the base is side B): µs per operation
     * without the stalled units (what the row is judged on) and with them, and the stalls counted.
     */
    static Figures figures(LockStepFile.CellRecord cell, boolean swapped) {
        Function<PairRecord, SideRecord> base = swapped ? PairRecord::b : PairRecord::a, candidate = swapped ? PairRecord::a : PairRecord::b;
        return new Figures(cell.stallFree(base), cell.stallFree(candidate), new RowInput.StallFigures(withStalls(cell, base),
                withStalls(cell, candidate), cell.stalls(base), cell.stalls(candidate)));
    }

    private static double[] withStalls(LockStepFile.CellRecord cell, Function<PairRecord, SideRecord> side) {
        return cell.measured().stream().mapToDouble(p -> side.apply(p).microsPerOperation()).toArray();
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
