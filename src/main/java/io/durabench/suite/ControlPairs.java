package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.HandOffRule;
import io.durabench.lockstep.LockStepRun;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.Placement;
import io.durabench.results.ResultsFolder;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The gate's control design: after a target's rounds, every cell the run measured beside its C
 * twin in lock-step (side A the twin, side B the JVM), so that the ratio Java/C of each cell can be
 * kept build by build. The twin makes the same durable system calls without a JVM: what the disk
 * does to one side it does to the other within a unit or two, so the ratio is steady where each
 * absolute figure drifts with the disk, and a JDK, jnr or durabench slowdown moves the ratio alone.
 * A control inside a JVM would slow down with the JDK and cancel the very regression the gate is for.
 *
 * <p>Pairs go to RUN/&lt;target&gt;/control/lockstep.json (no side's JMH-format results: the
 * rounds' are the run's absolute figures). A cell with no C twin, or that cannot take turns, is not
 * paired, and {@link HandOffRule#controlRefusal} says why: the gate keeps its absolute history only.
 */
public final class ControlPairs {
    /** Fork pairs per control cell: the ratio's run-to-run spread is what a history judges, and 5 pairs keep it small (docs/gate.md). */
    static final int FORK_PAIRS = 5;

    private ControlPairs() {
    }

    /**
     * Measures a target's control pairs after its rounds; {@code blocked} holds the cells the rounds
     * could not measure there (n/a, FAILED), which are not paired. Returns whether a pair FAILED.
     */
    static boolean measure(RunTarget target, List<Cell> cells, Map<Cell, ?> blocked, JvmSlot slot, ResultsFolder folder, PrintWriter out,
                           BooleanSupplier stopping) {
        if (stopping.getAsBoolean()) return false;
        List<ForkPair.CellPair> pairs = new ArrayList<>();
        for (Cell c : cells) {
            if (blocked.containsKey(c)) continue;
            HandOffRule.Pairing p = HandOffRule.besideTwin(c);
            if (p.pair() != null) pairs.add(p.pair());
            else out.println("# control: " + c + ": not paired (" + p.refusal() + ")");
        }
        if (pairs.isEmpty()) return false;
        out.printf("# control on %s: %d cells beside their C twin, %d fork pairs of %s%n", target.dir(), pairs.size(), FORK_PAIRS,
                slot.describe());
        out.flush();
        // As reference pairs, with 12 blocks (LockStepSettings.CONTROL_PAIRS).
        LockStepRun.Outcome o = new LockStepMeasurement(LockStepMeasurement.twin(target, 0), LockStepMeasurement.jvm("java", target, slot, 0),
                LockStepSettings.CONTROL_PAIRS, FORK_PAIRS, Placement.lastCpu(), target.label() + "/" + ResultsFolder.CONTROL, null)
                .run(pairs, folder, out, stopping);
        o.failed().forEach((i, why) -> out.println("FAILED control " + pairs.get(i).b() + " beside its C twin: " + why));
        return o.anyFailed();
    }
}
