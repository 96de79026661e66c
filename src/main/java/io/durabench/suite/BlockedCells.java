package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.env.Environment;
import io.durabench.nativeio.Syscalls;
import io.durabench.witness.SyscallWitness;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Before any measurement, per cell, why it will not be measured on one JVM and target: "n/a: ..."
 * or "failed: ...", from the lab's rules, the feasibility probe (in the JVM that will run the cell)
 * and, with --verify-syscalls, the syscall witness; empty when it will be measured.
 *
 * @param witnesses the witness --verify-syscalls uses per target, null without --verify-syscalls
 */
record BlockedCells(Syscalls probeSyscalls, Function<Path, SyscallWitness> witnesses, PrintWriter out) {

    /** The cells still to measure (those {@code done} has for the last round are left out) and why each will not be. */
    Map<Cell, Optional<String>> of(RunTarget target, JvmSlot slot, Environment env, List<Cell> cells, SlotResults done, Rounds rounds,
                                   JmhOutput output) {
        List<Cell> todo = cells.stream().filter(c -> !done.has(c, rounds.count() - 1)).toList();
        Map<Cell, Optional<String>> blocked = new LinkedHashMap<>();
        List<Cell> probed = new ArrayList<>();
        for (Cell c : todo) {
            Optional<String> lab = target.labNotApplicable(c);
            blocked.put(c, lab.map(why -> "n/a: " + why));
            if (lab.isEmpty()) probed.add(c);
        }
        if (probed.isEmpty()) return blocked;
        Feasibility.of(probed, slot, env, probeSyscalls).forEach((c, o) ->
                blocked.put(c, o.map(x -> (x.unsupported() ? "n/a: " : "failed: ") + x.reason())));
        if (witnesses != null) {
            List<Cell> feasible = probed.stream().filter(c -> blocked.get(c).isEmpty()).toList();
            SyscallVerification.verify(witnesses, target.dir(), slot, feasible, output, out).forEach((c, why) -> blocked.put(c, Optional.of("failed: " + why)));
        }
        return blocked;
    }

    /** The cells of a blocked map that will not be measured (n/a or failed), with why. */
    static Map<Cell, String> failedOrNa(Map<Cell, Optional<String>> blocked) {
        Map<Cell, String> out = new LinkedHashMap<>();
        blocked.forEach((c, why) -> why.ifPresent(w -> out.put(c, w)));
        return out;
    }
}
