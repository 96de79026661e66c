package io.durabench.catalogue;

import io.durabench.nativeio.NoOpCall;
import io.durabench.nativeio.Syscalls;
import io.durabench.workload.SyncMethod;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * NativeCallCost: one no-op system call through durabench's native path, the per-call floor, and
 * the cost of timing one write and its sync (the instrument's own). It has no parameters and no
 * method axis (the report shows it as JMH reported it), writes nothing and so has nothing to make durable.
 */
public final class NativeCallCostFamily extends BenchmarkFamily {
    private final Benchmark getppid = declare("getppid", List.of(), List.of());
    /** The call timer: the clock reads and histogram records a timed write and sync add to an operation. */
    private final Benchmark callTimer = declare("callTimer", List.of(), List.of());

    /** No syscall rules: the call touches no file, so there is nothing of it to witness. */
    NativeCallCostFamily() {
        super("NativeCallCost", Operation.CALL, Counters.NONE, null);
    }

    public Benchmark getppid() {
        return getppid;
    }

    public Benchmark callTimer() {
        return callTimer;
    }

    /**
     * One no-op syscall in every sweep: the per-call floor every row stands on (and what a JDK upgrade
     * could move in it); and the call timer, so every run states what its own sync timing cost.
     */
    @Override
    public List<Cell> plan(PlanRequest request) {
        return List.of(Cell.of(getppid()), Cell.of(callTimer()));
    }

    /** A no-op call and a clock read: nothing reaches the target, so the device witness has nothing to count. */
    @Override
    public Optional<String> noTargetIo() {
        return Optional.of("no I/O to the target");
    }

    /** None: there is one call, nothing to compare it with inside the family. */
    @Override
    public Parameter<?> methodAxis() {
        return null;
    }

    @Override
    public Optional<Object> baseline(SyncMethod chosenSyncMethod) {
        return Optional.empty();
    }

    @Override
    public Optional<String> notDurableBecause(Object methodValue) {
        return Optional.of("a no-op system call writes nothing");
    }

    /** The twin makes getppid as NoOpCall does; the clock's own cost (callTimer) it does not mirror. */
    @Override
    public Optional<Cell> cellInC(Cell cell) {
        return cell.benchmark() == getppid ? Optional.of(cell) : Optional.empty();
    }

    @Override
    public OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size) {
        return new OperationLoop() {
            @Override
            public void operate() {
                NoOpCall.getppid();
            }

            @Override
            public Map<String, Long> counters() {
                return new LinkedHashMap<>();
            }

            @Override
            public void close() {
            }
        };
    }
}
