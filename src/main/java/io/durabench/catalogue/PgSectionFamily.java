package io.durabench.catalogue;

import io.durabench.workload.WriteCounters;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What the four pg_test_fsync families share: one benchmark whose one parameter (an enum) is the
 * method axis of pg_test_fsync's section, its syscall rules, a plan over every value of the axis
 * that the family does not refuse (in the sweeps {@link #inSweep} allows), and a twin that mirrors
 * the workload call for call (twin/README.md). Each family says what differs: its section's name,
 * operation, axis, rules, baseline, durability and the loop one operation runs.
 */
abstract class PgSectionFamily<M extends Enum<M>> extends BenchmarkFamily {
    private final Parameter<M> axis;
    private final Class<M> type;
    private final Benchmark benchmark;

    PgSectionFamily(String simpleName, Operation operation, Counters counters, String benchmark, Parameter<M> axis, Class<M> type,
                    SyscallRules syscalls) {
        super(simpleName, operation, counters, syscalls);
        this.axis = axis;
        this.type = type;
        this.benchmark = declare(benchmark, List.of(Catalogue.TARGET_DIR, axis), List.of());
    }

    /** The family's one benchmark. */
    public final Benchmark benchmark() {
        return benchmark;
    }

    /** pg_test_fsync's other sections are in the standard and full sweeps (quick and compare keep to its main table). */
    boolean inSweep(Sweep sweep) {
        return sweep == Sweep.STANDARD || sweep == Sweep.FULL;
    }

    /** Every value of the axis the family does not refuse, in the sweeps it is in. */
    @Override
    public final List<Cell> plan(PlanRequest request) {
        if (!inSweep(request.sweep())) return List.of();
        return request.axis(axis, Arrays.asList(type.getEnumConstants())).stream().map(v -> request.cell(benchmark()).with(axis, v))
                .filter(c -> invalidCombination(c).isEmpty()).toList();
    }

    @Override
    public final Parameter<M> methodAxis() {
        return axis;
    }

    /** The twin mirrors this workload call for call (twin/README.md). */
    @Override
    public final Optional<Cell> cellInC(Cell cell) {
        return Optional.of(cell);
    }

    /** A loop whose every operation ends durable or none does, whatever this family's durability says of the cell's method. */
    final OperationLoop loop(Cell cell, Runnable operation, WriteCounters counters, Runnable close) {
        return new WriteLoops.Of(operation, () -> { }, counters, close, notDurableBecause(cell.methodValue()).isEmpty());
    }
}
