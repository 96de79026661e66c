package io.durabench.catalogue;

import io.durabench.nativeio.Syscalls;
import io.durabench.workload.SyncMethod;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.openjdk.jmh.annotations.Mode;

/**
 * What one JMH benchmark class is, in one place: its benchmarks and typed parameters, the method
 * axis and its baseline, which method values reach stable storage (asked of the workload's own
 * enums), its counters, what one operation is, the rules a combination must obey, how its workload
 * opens outside JMH, the cells it adds to each profile ({@link #plan}), the system calls the kernel
 * must see ({@link #syscallRules}) and the size of its O_DIRECT writes ({@link #directWriteBytes}).
 * Everything else asks it instead of matching strings.
 *
 * <p>Adding a family: a bench class in src/jmh, a subclass here (with its {@link SyscallRules}),
 * one line in {@link Catalogue}, and its row in the README's family table; nothing in suite or
 * witness. CatalogueConsistencyTest holds the bench class and the entry to each other, and
 * SyscallWitnessTest the first cell each benchmark plans to the kernel.
 */
public abstract class BenchmarkFamily {
    /** Where the JMH classes live (src/jmh/java/io/durabench/bench). */
    public static final String BENCH_PACKAGE = "io.durabench.bench";

    private final String simpleName;
    private final Operation operation;
    private final Counters counters;
    private final SyscallRules syscalls;
    private final List<Benchmark> benchmarks = new ArrayList<>();

    /** @param syscalls the rules the witness holds the family to; null when its workload touches no file (NativeCallCost) */
    protected BenchmarkFamily(String simpleName, Operation operation, Counters counters, SyscallRules syscalls) {
        this.simpleName = simpleName;
        this.operation = operation;
        this.counters = counters;
        this.syscalls = syscalls;
    }

    /** Declares a benchmark method of the family, with the parameters of the states it uses; the order is the plan's. */
    protected final Benchmark declare(String method, List<Parameter<?>> parameters, List<Mode> modes) {
        Benchmark b = new Benchmark(this, method, parameters, modes);
        benchmarks.add(b);
        return b;
    }

    public final String simpleName() {
        return simpleName;
    }

    public final String className() {
        return BENCH_PACKAGE + "." + simpleName;
    }

    public final Operation operation() {
        return operation;
    }

    public final Counters counters() {
        return counters;
    }

    /** The benchmark methods, each with the parameters of the states it uses. */
    public final List<Benchmark> benchmarks() {
        return Collections.unmodifiableList(benchmarks);
    }

    /**
     * The cells this family adds to a run's plan: its axes for each {@link Sweep}, each replaced by
     * the user's -p values where given ({@link PlanRequest#axis}). Axes that do not apply to a method
     * are not crossed with it, so the plan never asks for a combination meaningless by definition;
     * a user's -p may still cross them, and the probe then lists the cell as n/a with why.
     */
    public abstract List<Cell> plan(PlanRequest request);

    /**
     * The rules the syscall witness holds this family's counters to: what the kernel must see of a
     * cell's operations (for --verify-syscalls). Empty when the workload makes no calls on a file to
     * witness (NativeCallCost).
     */
    public final Optional<SyscallRules> syscallRules() {
        return Optional.ofNullable(syscalls);
    }

    /**
     * Why the device witness has nothing to count for the family's cells ("no I/O to the target"); empty when its
     * workload writes to the target, whose benchmark then records its block requests per fork as every other one does
     * (DeviceRecording in src/jmh: trial setup, measurement iterations, trial teardown).
     */
    public Optional<String> noTargetIo() {
        return Optional.empty();
    }

    /** The parameter that names the method being compared (syncMethod, pgMethod, syncDirectory). */
    public abstract Parameter<?> methodAxis();

    /**
     * The method value every other method is compared with. {@code chosenSyncMethod} is the report's
     * --baseline, which only families whose axis is a {@link SyncMethod} honour; empty when the family
     * has no baseline (group commit compares committer counts, not methods).
     */
    public abstract Optional<Object> baseline(SyncMethod chosenSyncMethod);

    /** Why a method value does not reach stable storage; empty when it does. Taken from the workload's enums. */
    public abstract Optional<String> notDurableBecause(Object methodValue);

    /** Why a combination of values is meaningless by definition (never platform-dependent); empty when valid. */
    public Optional<String> invalidCombination(Cell cell) {
        return Optional.empty();
    }

    /**
     * Why the JVM {@code jvm} cannot run the cell (a sync method handed to virtual threads on JDK 17:
     * "virtual threads need JDK 21+ (this JVM is 17.0.15)"); empty when it can. Not a property of the
     * cell alone: ask it with the version of the JVM that will run the cell (a fork's, which may not
     * be the launcher's), and report a reason as n/a. The rule is the method's own
     * ({@link SyncMethod#unavailableOn}).
     */
    public Optional<String> unavailableOn(Cell cell, Runtime.Version jvm) {
        return cell.methodValue() instanceof SyncMethod m ? m.unavailableOn(jvm) : Optional.empty();
    }

    /** True when the cell's method opens its file with O_DIRECT (which needs aligned I/O and a block device). */
    public boolean usesDirectIo(Cell cell) {
        return false;
    }

    /**
     * The bytes of each O_DIRECT write the cell makes, where a run must hold them to the target's
     * device before measuring: n/a without a block device (since Linux 6.6 tmpfs turns O_DIRECT into
     * a page-cache copy), n/a when not a multiple of the device's logical block size (EINVAL), and the
     * lab's rules for direct I/O. Empty when the cell writes nothing direct, or is measured wherever
     * it runs (pg_test_fsync's table, as pg_test_fsync itself would be).
     */
    public Optional<Integer> directWriteBytes(Cell cell) {
        return Optional.empty();
    }

    /**
     * The cell the C twin (twin/) runs that makes the same durable system calls as {@code cell}: the
     * cell itself where the twin mirrors the family's workload, another method where a JDK path has a
     * native one with the same calls; empty where the twin has none.
     */
    public Optional<Cell> cellInC(Cell cell) {
        return Optional.empty();
    }

    /** JMH threads a cell runs with; 1 unless the family says otherwise. */
    public int threads(Cell cell) {
        return 1;
    }

    /**
     * Opens the cell's workload outside JMH, exactly as its benchmark does (same classes, same
     * configuration), sized by {@code size} where the workload has a region (the probe and the
     * witness keep files small). Its setup runs here.
     */
    public abstract OperationLoop open(Syscalls sys, Cell cell, WorkloadSize size);

    public Optional<Benchmark> benchmark(String jmhName) {
        return benchmarks().stream().filter(b -> b.jmhName().equals(jmhName)).findFirst();
    }

    @Override
    public String toString() {
        return simpleName;
    }
}
