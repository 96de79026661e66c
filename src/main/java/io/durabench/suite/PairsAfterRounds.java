package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.env.Environment;
import io.durabench.results.ResultsFolder;
import io.durabench.results.RunManifest;
import io.durabench.workload.SyncMethod;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * What follows a target's rounds on a run of one JVM, both in lock-step: the reference pairs (each
 * durable method beside the reference: the report's decisions, {@link ReferencePairs}) and, in the
 * gate's control design, the control pairs (each cell beside its C twin: {@link ControlPairs}).
 */
final class PairsAfterRounds {
    private SyncMethod reference = ReferencePairs.DEFAULT_REFERENCE;
    private boolean control;
    private PrecisionTarget precision = PrecisionTarget.NONE;

    void reference(SyncMethod method) {
        this.reference = method;
    }

    void control(boolean on) {
        this.control = on;
    }

    /** --precision and --budget: the reference pairs' precision (when given) and the run's budget. */
    void precision(PrecisionTarget target) {
        this.precision = target;
    }

    /** run.json's record of them: the reference where a single-JVM quick or standard run pairs with it, the control where asked. */
    RunManifest.Options manifestOptions(boolean verifySyscalls, boolean trimHistograms, Profile profile, int slots) {
        return new RunManifest.Options(verifySyscalls, trimHistograms, slots == 1 && ReferencePairs.forkPairs(profile) > 0 ? reference.name() : null,
                slots == 1 && control ? RunManifest.Options.C_TWIN : null);
    }

    /**
     * Measures a target's pairs after its rounds (several JVMs: none); true when a pair FAILED. {@code deadlineNanos}: when
     * the target's share of --budget ends (the reference pairs add no fork pair that would pass it).
     */
    boolean measure(RunTarget target, List<JvmSlot> slots, Map<JvmSlot, Environment> envs, List<Cell> cells, Map<Cell, String> blocked,
                    Profile profile, long deadlineNanos, ResultsFolder folder, PrintWriter out, BooleanSupplier stopping) {
        if (slots.size() != 1) return false;
        JvmSlot slot = slots.get(0);
        boolean failed = ReferencePairs.measure(target, envs.get(slot), cells, blocked, slot, reference, profile, precision, deadlineNanos,
                folder, out, stopping);
        if (control) failed |= ControlPairs.measure(target, cells, blocked, slot, folder, out, stopping);
        return failed;
    }
}
