package io.durabench.suite;

import io.durabench.lockstep.ForkPair;
import io.durabench.lockstep.LockStepRun;
import io.durabench.lockstep.LockStepSettings;
import io.durabench.lockstep.NativeSide;
import io.durabench.lockstep.PairsToPrecision;
import io.durabench.lockstep.Placement;
import io.durabench.results.ResultsFolder;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A lock-step measurement, assembled here and nowhere else: {@code run --lock-step} ({@link LockStepSuite}, and so
 * Maven's JDK check), a run's reference pairs ({@link ReferencePairs}) and the gate's control pairs
 * ({@link ControlPairs}) each name their two sides, preset, fork pairs and placement; {@link #run} builds the
 * {@link LockStepRun} over the cell pairs and prints each fork pair's lines as they come.
 *
 * @param precision the rule adding fork pairs to the cells still wider than a precision after the planned ones
 *                  ({@code --precision}, {@code --budget}; the reference pairs' default); null: the planned fork pairs only
 * @param under where lockstep.json goes in the run folder: null for its top, each side's JMH-format results in its
 *              slot folder beside it (run --lock-step); a target's folder for the pairs after its rounds, whose
 *              absolute figures are the rounds'
 */
record LockStepMeasurement(LockStepRun.SidePlan a, LockStepRun.SidePlan b, LockStepSettings preset, int forkPairs, Placement placement,
                           String under, PairsToPrecision precision) {

    /** Side {@code slot} on a JVM slot's java and native layer, on the target; {@code busyWaitNanos}: the test hook's (0 in a real run). */
    static LockStepRun.SidePlan jvm(String slot, RunTarget target, JvmSlot jvm, long busyWaitNanos) {
        return new LockStepRun.SidePlan(slot, target.label(), new ForkPair.Program.Jvm(jvm.facts(), jvm.layer()), target.dir(), List.of(),
                busyWaitNanos);
    }

    /** The C twin's side on the target, the twin found or built now: a measurement with it cannot run without it. */
    static LockStepRun.SidePlan twin(RunTarget target, long busyWaitNanos) {
        return LockStepRun.SidePlan.twin(target.label(), NativeSide.twin(), target.dir(), busyWaitNanos);
    }

    /** Measures the cell pairs; which FAILED, and why, is in the outcome. */
    LockStepRun.Outcome run(List<ForkPair.CellPair> cells, ResultsFolder folder, PrintWriter out, BooleanSupplier stopping) {
        return new LockStepRun(new LockStepRun.Plan(a, b, cells, preset, forkPairs, placement, precision), folder,
                under == null ? folder.root() : folder.target(under).dir(), under == null, line -> {
                    out.println(line);
                    out.flush();
                }, stopping).run();
    }
}
