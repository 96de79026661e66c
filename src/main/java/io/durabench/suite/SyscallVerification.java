package io.durabench.suite;

import io.durabench.catalogue.Cell;
import io.durabench.witness.CellVerdict;
import io.durabench.witness.SizedCell;
import io.durabench.witness.SyscallWitness;
import io.durabench.witness.WitnessReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * --verify-syscalls: before a target's cells are measured on a JVM, each is run for a fixed number of
 * operations in that JVM under strace, and a cell whose counters disagree with the system calls the
 * kernel saw is FAILED (what the counters claim is what the report will say about syncs per write).
 */
final class SyscallVerification {
    private SyscallVerification() {
    }

    /**
     * The cells that failed the witness, with why; the witness's own account goes to jmh-log.txt.
     *
     * @param witnesses makes the witness for a directory (tests: one whose workloads lie)
     */
    static Map<Cell, String> verify(Function<Path, SyscallWitness> witnesses, Path dir, JvmSlot slot, List<Cell> cells,
                                    JmhOutput log, PrintWriter out) {
        Map<Cell, String> failed = new LinkedHashMap<>();
        if (cells.isEmpty()) return failed;
        // What the witness runs for each cell (its family's form of it); a cell that touches no file (NativeCallCost) has none.
        Map<Cell, SizedCell> checking = new LinkedHashMap<>();
        cells.forEach(c -> SizedCell.checking(c).ifPresent(w -> checking.put(c, w)));
        if (checking.isEmpty()) return failed;
        List<SizedCell> witnessed = checking.values().stream().distinct().toList();
        WitnessReport report = witnesses.apply(dir).withJvm(slot.facts()).withLayer(slot.layer()).verify(witnessed);
        log.line(report.describe());
        for (CellVerdict v : report.verdicts()) {
            if (v.passed()) continue;
            String why = v.error() != null ? "syscall witness could not run it: " + v.error()
                    : "syscall witness: " + String.join("; ", v.mismatches());
            checking.forEach((c, w) -> {
                if (w.equals(v.cell())) failed.put(c, why);
            });
        }
        out.printf("# syscall witness%s: %d of %d workloads confirmed by the kernel (strace), %s%n",
                slot.label() == null ? "" : " on " + slot.label(), witnessed.size() - countFailed(report), witnessed.size(),
                report.problems().isEmpty() ? "details in jmh-log.txt" : String.join("; ", report.problems()));
        out.flush();
        return failed;
    }

    private static long countFailed(WitnessReport r) {
        return r.verdicts().stream().filter(v -> !v.passed()).count();
    }
}
