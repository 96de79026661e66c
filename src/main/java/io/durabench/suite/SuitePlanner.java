package io.durabench.suite;

import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.Parameter;
import io.durabench.catalogue.PlanRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Turns a profile into typed cells for one target directory by asking every family of the
 * catalogue for its cells at the profile's {@link io.durabench.catalogue.Sweep} (each family knows
 * its own axes: {@link BenchmarkFamily#plan}), in the catalogue's order, each cell once. A user's
 * "-p name=v1,v2" replaces a family's values of that axis; a value the parameter can never take is
 * an {@link InvalidValueException} (a usage error).
 */
public final class SuitePlanner {
    private final Function<String, Optional<List<String>>> userParams;

    /** @param userParams the text values a user passed with -p for a parameter name, if any */
    public SuitePlanner(Function<String, Optional<List<String>>> userParams) {
        this.userParams = userParams;
    }

    public List<Cell> plan(Profile profile, Path dir) {
        PlanRequest request = new PlanRequest(profile.sweep, dir.toString(), userParams);
        Set<Cell> cells = new LinkedHashSet<>();
        for (BenchmarkFamily f : Catalogue.families()) cells.addAll(f.plan(request));
        return new ArrayList<>(cells);
    }

    /**
     * The cells a run measures on {@code dir}: the profile's, narrowed by the user's benchmark
     * patterns; every -p checked first ({@link #checkUserParams}).
     */
    public static List<Cell> cellsOfRun(Profile profile, Path dir, JmhSettings settings) {
        checkUserParams(settings);
        List<String> includes = settings.includes();
        return new SuitePlanner(settings::userParam).plan(profile, dir).stream().filter(c -> matches(includes, c)).toList();
    }

    /**
     * Every -p names a parameter some durabench benchmark has, with values it can take: a value that
     * can never be valid is a usage error before anything runs (not a results folder of n/a cells).
     */
    private static void checkUserParams(JmhSettings settings) {
        for (String name : settings.userParamNames()) {
            List<Parameter<?>> params = Catalogue.parametersNamed(name);
            if (params.isEmpty()) {
                throw new InvalidValueException("-p " + name + ": no durabench benchmark has that parameter; they have "
                        + String.join(", ", Catalogue.benchmarks().stream().flatMap(b -> b.parameters().stream()).map(Parameter::name)
                        .distinct().toList()));
            }
            for (String value : settings.userParam(name).orElse(List.of())) {
                InvalidValueException first = null;
                boolean accepted = false;
                for (Parameter<?> p : params) {
                    try {
                        p.parse(value);
                        accepted = true;
                    } catch (InvalidValueException e) {
                        if (first == null) first = e;
                    }
                }
                if (!accepted) throw first;
            }
        }
    }

    private static boolean matches(List<String> includes, Cell c) {
        return includes.isEmpty() || includes.stream().anyMatch(i -> Pattern.compile(i).matcher(c.benchmark().jmhName()).find());
    }
}
