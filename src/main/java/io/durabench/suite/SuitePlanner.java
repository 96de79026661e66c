package io.durabench.suite;

import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.InvalidValueException;
import io.durabench.catalogue.PlanRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

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
}
