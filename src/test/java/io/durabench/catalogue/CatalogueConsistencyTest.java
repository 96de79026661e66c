package io.durabench.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.bench.IssuedCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The catalogue and the compiled benchmarks agree in both directions: every @Benchmark, @Param and
 * counter of a bench class is in the catalogue, and every catalogue entry exists in the class;
 * JMH's own benchmark list (what the jar runs) says the same, and every @Param default parses.
 */
class CatalogueConsistencyTest {

    @Test
    void everyBenchClassMatchesItsFamilyInBothDirections() throws ClassNotFoundException {
        for (BenchmarkFamily f : Catalogue.families()) {
            assertEquals(List.of(), CatalogueDifferences.between(f, Class.forName(f.className())), f.simpleName());
        }
    }

    @Test
    void jmhsBenchmarkListHasExactlyTheCataloguesBenchmarksAndParams() {
        Map<String, Set<String>> jmh = new TreeMap<>();
        Set<BenchmarkListEntry> entries = BenchmarkList.defaultList()
                .getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of());
        for (BenchmarkListEntry e : entries) {
            jmh.put(e.getUsername(), new TreeSet<>(e.getParams().orElse(Map.of()).keySet()));
        }
        Map<String, Set<String>> catalogue = new TreeMap<>();
        for (Benchmark b : Catalogue.benchmarks()) {
            catalogue.put(b.jmhName(), b.parameters().stream().map(Parameter::name).collect(Collectors.toCollection(TreeSet::new)));
        }
        assertEquals(catalogue, jmh);
    }

    @Test
    void everyParamDefaultInTheJarParsesWithTheCatalogue() {
        for (BenchmarkListEntry e : BenchmarkList.defaultList()
                .getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of())) {
            Benchmark b = Catalogue.benchmark(e.getUsername()).orElseThrow();
            e.getParams().orElse(Map.of()).forEach((name, values) -> {
                Parameter<?> p = b.parameter(name).orElseThrow();
                for (String v : values) p.parse(v);
            });
        }
    }

    /** Stand-in for SyncWriteCost with a @Param the catalogue does not know (the first direction). */
    @State(Scope.Thread)
    public static class SyncWriteCostWithAnExtraParam {
        @Param({"x"}) public String targetDir;
        @Param({"NONE"}) public String syncMethod;
        @Param({"8192"}) public int blockSizeBytes;
        @Param({"1"}) public int writesPerSync;
        @Param({"NONE"}) public String preallocation;
        @Param({"4"}) public int queueDepth;

        @org.openjdk.jmh.annotations.Benchmark
        public void writeBlock(IssuedCounters issued) {
        }
    }

    /** Stand-in for SyncWriteCost without the catalogue's preallocation (the other direction). */
    @State(Scope.Thread)
    public static class SyncWriteCostWithoutPreallocation {
        @Param({"x"}) public String targetDir;
        @Param({"NONE"}) public String syncMethod;
        @Param({"8192"}) public int blockSizeBytes;
        @Param({"1"}) public int writesPerSync;

        @org.openjdk.jmh.annotations.Benchmark
        public void writeBlock(IssuedCounters issued) {
        }
    }

    /** Stand-in whose counters state publishes one more counter than the catalogue lists. */
    @State(Scope.Thread)
    public static class SyncWriteCostWithAnExtraCounter {
        @Param({"x"}) public String targetDir;
        @Param({"NONE"}) public String syncMethod;
        @Param({"8192"}) public int blockSizeBytes;
        @Param({"1"}) public int writesPerSync;
        @Param({"NONE"}) public String preallocation;

        @State(Scope.Thread)
        @org.openjdk.jmh.annotations.AuxCounters(org.openjdk.jmh.annotations.AuxCounters.Type.EVENTS)
        public static class MoreCounters extends IssuedCounters {
            public long retries;
        }

        @org.openjdk.jmh.annotations.Benchmark
        public void writeBlock(MoreCounters counters) {
        }
    }

    @Test
    void aParamAddedToABenchClassButNotToTheCatalogueIsReported() {
        List<String> d = CatalogueDifferences.between(Catalogue.SYNC_WRITE_COST, SyncWriteCostWithAnExtraParam.class);
        assertEquals(List.of("SyncWriteCost.writeBlock: @Param queueDepth is not in the catalogue"), d);
    }

    @Test
    void aCatalogueParameterWithoutItsParamIsReported() {
        List<String> d = CatalogueDifferences.between(Catalogue.SYNC_WRITE_COST, SyncWriteCostWithoutPreallocation.class);
        assertEquals(List.of("SyncWriteCost.writeBlock: catalogue parameter preallocation has no @Param in the class"), d);
    }

    @Test
    void aCounterFieldNotInTheCatalogueIsReported() {
        List<String> d = CatalogueDifferences.between(Catalogue.SYNC_WRITE_COST, SyncWriteCostWithAnExtraCounter.class);
        assertEquals(List.of("SyncWriteCost.writeBlock: counter retries is not in the catalogue"), d);
    }

    @Test
    void aBenchmarkMethodMissingOnEitherSideIsReported() {
        List<String> d = new ArrayList<>(CatalogueDifferences.between(Catalogue.PG_TEST_FSYNC, SyncWriteCostWithoutPreallocation.class));
        assertTrue(d.contains("SyncWriteCostWithoutPreallocation.writeBlock is a @Benchmark the catalogue does not list"), d.toString());
        assertTrue(d.contains("the catalogue lists PgTestFsyncEquivalent.rewriteFirstBlock but SyncWriteCostWithoutPreallocation has no such @Benchmark"),
                d.toString());
    }
}
