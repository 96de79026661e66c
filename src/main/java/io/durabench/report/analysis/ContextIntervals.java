package io.durabench.report.analysis;

import io.durabench.stats.Estimate;
import io.durabench.stats.ForkIntervals;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Per row, the interval over forks of one of its figures (a time, commits/s, a percentile), the rows
 * of each context pooled as ForkIntervals pools them (or as {@code intervals} does: the absolute
 * figures): one place for the time rows and the group-commit rows. A row with fewer than two forks gets none.
 */
final class ContextIntervals {
    private ContextIntervals() {
    }

    static <R> Map<R, Estimate> of(List<R> rows, Function<R, String> context, Function<R, double[]> perFork) {
        return of(rows, context, perFork, ForkIntervals::of);
    }

    static <R, E> Map<R, E> of(List<R> rows, Function<R, String> context, Function<R, double[]> perFork,
                               Function<List<double[]>, List<E>> intervals) {
        Map<String, List<R>> byContext = new LinkedHashMap<>();
        for (R r : rows) byContext.computeIfAbsent(context.apply(r), k -> new ArrayList<>()).add(r);
        Map<R, E> out = new LinkedHashMap<>();
        for (List<R> ctx : byContext.values()) {
            List<E> e = intervals.apply(ctx.stream().map(perFork).toList());
            for (int i = 0; i < ctx.size(); i++) if (e.get(i) != null) out.put(ctx.get(i), e.get(i));
        }
        return out;
    }
}
