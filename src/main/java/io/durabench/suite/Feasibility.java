package io.durabench.suite;

import com.google.gson.JsonObject;
import io.durabench.catalogue.Cell;
import io.durabench.child.ChildFailedException;
import io.durabench.child.ChildJvm;
import io.durabench.child.ChildProcess;
import io.durabench.child.ResultLines;
import io.durabench.env.Environment;
import io.durabench.nativeio.Syscalls;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The feasibility verdicts of a target's cells on one JVM: tried in this process when the slot is
 * the launcher's own JVM, else in that JVM ({@link ProbeMain}), all cells in one process.
 */
final class Feasibility {
    /** The probe JVM's start (jnr's native layer loads first) and exit. */
    static final Duration START = Duration.ofMinutes(2);
    /** Per cell: a few operations, but opening a workload may preallocate, and a stalling disk takes seconds a sync. */
    static final Duration PER_CELL = Duration.ofSeconds(30);

    private Feasibility() {
    }

    /** Per cell: empty when it can run, else why not. */
    static Map<Cell, Optional<FeasibilityProbe.Outcome>> of(List<Cell> cells, JvmSlot slot, Environment env, Syscalls launcherSyscalls) {
        Map<Cell, Optional<FeasibilityProbe.Outcome>> out = new LinkedHashMap<>();
        if (!slot.forksAnotherJvm()) {
            FeasibilityProbe probe = FeasibilityProbe.forTarget(launcherSyscalls, env);
            for (Cell c : cells) out.put(c, probe.check(c));
            return out;
        }
        Integer lbs = env.device() == null ? null : env.device().logicalBlockSize();
        ChildJvm jvm = ChildJvm.of(slot.facts(), ProbeMain.class).withLayer(slot.layer())
                .withArgs(List.of(String.valueOf(env.filesystem()), String.valueOf(env.flushDevice() != null), lbs == null ? "-" : lbs.toString()));
        String what = "the feasibility probe in " + slot.describe();
        ChildProcess.Exit exit;
        try (ChildProcess p = ChildProcess.start(jvm.command(), what, true)) {
            try (Writer in = new OutputStreamWriter(p.stdin(), StandardCharsets.UTF_8)) {
                for (Cell c : cells) in.write(ProbeMain.request(c) + "\n");
            } catch (IOException e) {
                // The probe stopped reading (its JVM died): its exit and stderr, below, say why.
            }
            exit = p.await(START.plus(PER_CELL.multipliedBy(cells.size())));
        }
        List<JsonObject> results = ResultLines.parse(exit.stdout());
        if (results.size() < cells.size()) {
            throw new ChildFailedException(what + " stopped after " + results.size() + " of " + cells.size() + " cells (" + exit.describe() + ")");
        }
        for (int i = 0; i < cells.size(); i++) out.put(cells.get(i), ProbeMain.outcome(results.get(i)));
        return out;
    }
}
