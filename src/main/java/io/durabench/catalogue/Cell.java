package io.durabench.catalogue;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;

/**
 * One benchmark with one typed value per parameter: a cell of a run's plan, or what a row of a
 * result file was measured with. Values keep the order they were given in (the plan's order, or
 * the result file's), so everything printed from a cell reads as the file does.
 */
public final class Cell {
    private final Benchmark benchmark;
    private final Map<Parameter<?>, Object> values;

    private Cell(Benchmark benchmark, Map<Parameter<?>, Object> values) {
        this.benchmark = benchmark;
        this.values = Collections.unmodifiableMap(values);
    }

    public static Cell of(Benchmark benchmark) {
        return new Cell(benchmark, new LinkedHashMap<>());
    }

    /** A copy with one more (or a replaced) value; a parameter the benchmark does not have is a bug. */
    public <T> Cell with(Parameter<T> p, T value) {
        if (!benchmark.has(p)) throw new IllegalArgumentException(benchmark + " has no parameter " + p.name());
        Map<Parameter<?>, Object> copy = new LinkedHashMap<>(values);
        copy.put(p, Objects.requireNonNull(value, p.name()));
        return new Cell(benchmark, copy);
    }

    /** A copy with a value parsed from text, for parameters known only by name at run time. */
    Cell withText(Parameter<?> p, String text) {
        Map<Parameter<?>, Object> copy = new LinkedHashMap<>(values);
        copy.put(p, p.parse(text));
        return new Cell(benchmark, copy);
    }

    /**
     * The same cell with another method (as text, e.g. "FDATASYNC") on its family's method axis: a
     * lock-step run's reference beside the cell. An InvalidValueException naming the axis when the
     * family has none or its axis cannot take the value.
     */
    public Cell withMethod(String text) {
        Parameter<?> axis = family().methodAxis();
        if (axis == null) throw new InvalidValueException(benchmark.shortName() + " has no method to replace with " + text);
        if (!benchmark.has(axis)) throw new InvalidValueException(benchmark.shortName() + " has no parameter " + axis.name());
        return withText(axis, text);
    }

    public Benchmark benchmark() {
        return benchmark;
    }

    public BenchmarkFamily family() {
        return benchmark.family();
    }

    /** The value of {@code p}; null when the cell does not fix it. */
    public <T> T get(Parameter<T> p) {
        return p.type().cast(values.get(p));
    }

    public <T> Optional<T> find(Parameter<T> p) {
        return Optional.ofNullable(get(p));
    }

    public boolean fixes(Parameter<?> p) {
        return values.containsKey(p);
    }

    /** The parameters this cell fixes, in order. */
    public List<Parameter<?>> parameters() {
        return List.copyOf(values.keySet());
    }

    /** The value on the family's method axis (a SyncMethod, a pg_test_fsync label, syncDirectory's boolean). */
    public Object methodValue() {
        return values.get(family().methodAxis());
    }

    /** The method as text ("FDATASYNC", "WRITE", "true"), or "-" when the cell does not fix it. */
    public String method() {
        Object v = methodValue();
        return v == null ? "-" : family().methodAxis().format(v);
    }

    /** The target directory as given (not resolved); null when not fixed. */
    public String targetDir() {
        return get(Catalogue.TARGET_DIR);
    }

    public Path targetPath() {
        String dir = targetDir();
        return dir == null ? null : Path.of(dir);
    }

    /** JMH threads this cell needs (GroupCommit: one per committer). */
    public int threads() {
        return family().threads(this);
    }

    /** Modes the benchmark needs of its own; empty = the run's. */
    public List<Mode> modes() {
        return benchmark.modes();
    }

    /** The values as JMH's text, in order: the boundary to JMH's options and to result files. */
    public Map<String, String> jmhParams() {
        Map<String, String> m = new LinkedHashMap<>();
        values.forEach((p, v) -> m.put(p.name(), p.format(v)));
        return m;
    }

    /** The cell as one line for another JVM's command line, target left out ({@link CellSpec}). */
    public String spec() {
        return CellSpec.of(this);
    }

    /** "name=value, name=value" with every value, target included (the report's params column). */
    public String describe() {
        return values.entrySet().stream().map(e -> e.getKey().name() + "=" + e.getKey().format(e.getValue()))
                .collect(Collectors.joining(", "));
    }

    /** The same cell with the target directory left out: what compares across runs and directories. */
    public String keyWithoutTarget() {
        return benchmark.jmhName() + "|" + values.entrySet().stream().filter(e -> e.getKey() != Catalogue.TARGET_DIR)
                .map(e -> e.getKey().name() + "=" + e.getKey().format(e.getValue())).sorted().collect(Collectors.joining(","));
    }

    /** Everything but the method and the target: the group inside which methods are compared. */
    public String groupKey() {
        return benchmark.jmhName() + "|" + values.entrySet().stream()
                .filter(e -> e.getKey() != Catalogue.TARGET_DIR && e.getKey() != family().methodAxis())
                .map(e -> e.getKey().name() + "=" + e.getKey().format(e.getValue())).sorted().collect(Collectors.joining(","));
    }

    /** The group heading: "SyncWriteCost.writeBlock, 8192 B, 1 write per sync, prealloc NONE". */
    public String groupLabel() {
        StringBuilder sb = new StringBuilder(benchmark.shortName());
        values.forEach((p, v) -> {
            if (p != family().methodAxis() && p != Catalogue.TARGET_DIR) sb.append(", ").append(p.label(v));
        });
        return sb.toString();
    }

    /** "SyncWriteCost.writeBlock syncMethod=O_DIRECT blockSizeBytes=8192 ..." without the target dir. */
    @Override
    public String toString() {
        String params = values.entrySet().stream().filter(e -> e.getKey() != Catalogue.TARGET_DIR)
                .map(e -> e.getKey().name() + "=" + e.getKey().format(e.getValue())).collect(Collectors.joining(" "));
        int threads = threads();
        return benchmark.shortName() + " " + params + (threads > 1 ? " threads=" + threads : "");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cell c && c.benchmark.equals(benchmark) && c.values.equals(values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(benchmark, values);
    }
}
