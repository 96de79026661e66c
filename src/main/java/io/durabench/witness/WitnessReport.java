package io.durabench.witness;

import java.time.Duration;
import java.util.List;

/**
 * The verdicts of one witnessed run (one JVM under strace, any number of cells).
 *
 * @param verdicts  one per cell, in the order given
 * @param problems  run-level problems that are not any one cell's (files the process left behind)
 * @param java      the java executable that ran the workloads
 * @param elapsed   wall time of the witnessed process, JVM start and strace included
 */
public record WitnessReport(List<CellVerdict> verdicts, List<String> problems, String java, Duration elapsed) {
    public WitnessReport {
        verdicts = List.copyOf(verdicts);
        problems = List.copyOf(problems);
    }

    public boolean passed() {
        return problems.isEmpty() && verdicts.stream().allMatch(CellVerdict::passed);
    }

    public String describe() {
        StringBuilder sb = new StringBuilder();
        long ok = verdicts.stream().filter(CellVerdict::passed).count();
        sb.append("syscall witness (").append(java).append(", ").append(elapsed.toMillis()).append(" ms): ")
                .append(ok).append(" of ").append(verdicts.size()).append(" cells confirmed by the kernel");
        for (String p : problems) sb.append(System.lineSeparator()).append(p);
        for (CellVerdict v : verdicts) sb.append(System.lineSeparator()).append(v.describe());
        return sb.toString();
    }
}
