package io.durabench.catalogue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Where a bench class and its catalogue family disagree, in both directions, in plain words. */
final class CatalogueDifferences {
    private CatalogueDifferences() {
    }

    static List<String> between(BenchmarkFamily family, Class<?> bench) {
        BenchClassShape shape = BenchClassShape.of(bench);
        List<String> out = new ArrayList<>();
        Set<String> catalogueMethods = new LinkedHashSet<>();
        family.benchmarks().forEach(b -> catalogueMethods.add(b.method()));
        for (String m : shape.paramsByMethod().keySet()) {
            if (!catalogueMethods.contains(m)) out.add(bench.getSimpleName() + "." + m + " is a @Benchmark the catalogue does not list");
        }
        for (Benchmark b : family.benchmarks()) {
            Set<String> classParams = shape.paramsByMethod().get(b.method());
            if (classParams == null) {
                out.add("the catalogue lists " + b.shortName() + " but " + bench.getSimpleName() + " has no such @Benchmark");
                continue;
            }
            Set<String> catalogueParams = new LinkedHashSet<>();
            b.parameters().forEach(p -> catalogueParams.add(p.name()));
            for (String p : classParams) {
                if (!catalogueParams.contains(p)) out.add(b.shortName() + ": @Param " + p + " is not in the catalogue");
            }
            for (String p : catalogueParams) {
                if (!classParams.contains(p)) out.add(b.shortName() + ": catalogue parameter " + p + " has no @Param in the class");
            }
            Set<String> classCounters = shape.countersByMethod().get(b.method());
            for (String c : classCounters) {
                if (!family.counters().names().contains(c)) out.add(b.shortName() + ": counter " + c + " is not in the catalogue");
            }
            for (String c : family.counters().names()) {
                if (!classCounters.contains(c)) out.add(b.shortName() + ": catalogue counter " + c + " is not published by the class");
            }
        }
        return out;
    }
}
