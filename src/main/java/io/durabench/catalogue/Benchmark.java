package io.durabench.catalogue;

import java.util.List;
import java.util.Optional;
import org.openjdk.jmh.annotations.Mode;

/**
 * One JMH benchmark method of a family and the parameters its {@code @State} objects declare.
 *
 * @param modes the modes it is measured in when the run does not say otherwise; empty = the run's
 */
public record Benchmark(BenchmarkFamily family, String method, List<Parameter<?>> parameters, List<Mode> modes) {
    public Benchmark {
        parameters = List.copyOf(parameters);
        modes = List.copyOf(modes);
    }

    /** The fully qualified name JMH uses: "io.durabench.bench.SyncWriteCost.writeBlock". */
    public String jmhName() {
        return family.className() + "." + method;
    }

    /** "SyncWriteCost.writeBlock", for narrow tables. */
    public String shortName() {
        return family.simpleName() + "." + method;
    }

    public Optional<Parameter<?>> parameter(String name) {
        return parameters.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    public boolean has(Parameter<?> p) {
        return parameters.contains(p);
    }

    @Override
    public String toString() {
        return shortName();
    }

    // Identity: a benchmark is its JMH name (the family holds the benchmark, so no deep equals).
    @Override
    public boolean equals(Object o) {
        return o instanceof Benchmark b && b.jmhName().equals(jmhName());
    }

    @Override
    public int hashCode() {
        return jmhName().hashCode();
    }
}
