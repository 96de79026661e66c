package io.durabench.catalogue;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a family plans its cells from: how wide the sweep, the directory every cell writes to, and
 * the user's "-p name=v1,v2", which replaces the sweep's values of the axis it names. A value the
 * parameter can never take is an {@link InvalidValueException} (a usage error).
 *
 * @param userParams the text values a user passed with -p for a parameter name, if any
 */
public record PlanRequest(Sweep sweep, String targetDir, Function<String, Optional<List<String>>> userParams) {

    /** A cell of {@code b} that writes into the run's target directory. */
    public Cell cell(Benchmark b) {
        return Cell.of(b).with(Catalogue.TARGET_DIR, targetDir);
    }

    /** The sweep's values of an axis, or the user's -p values parsed by the catalogue's parameter. */
    public <T> List<T> axis(Parameter<T> p, List<T> sweepValues) {
        return userParams.apply(p.name()).map(texts -> texts.stream().map(p::parse).toList()).orElse(sweepValues);
    }

    /**
     * For a parameter that takes fewer values than another of its name (-p syncMethod names
     * SyncWriteCost's and GroupCommit's, and group commit takes only the groupable methods): the
     * user's values it can take, else {@code defaults}.
     */
    public <T> List<T> acceptedOr(Parameter<T> p, List<T> defaults) {
        Optional<List<String>> given = userParams.apply(p.name());
        if (given.isEmpty()) return defaults;
        List<T> accepted = given.get().stream().filter(v -> p.allowedValues().stream().anyMatch(a -> p.format(a).equals(v)))
                .map(p::parse).toList();
        return accepted.isEmpty() ? defaults : accepted;
    }
}
