package io.durabench.report.coverage;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.results.BenchmarkResult;
import io.durabench.results.ResultSet;
import io.durabench.results.Units;
import io.durabench.stats.OutlierIterations;
import io.durabench.workload.Preallocation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One target of a long run (every cell in R rounds of one fork), as the coverage check reads it:
 * per row, each fork's iterations in µs in the order the rounds ran, and the long-run mean (the
 * mean of all R fork means), which the intervals of shorter designs are meant to hold.
 */
record LongRun(String name, List<Row> rows, int rounds) {

    /** A row: its cell, whether it is a durable method of the centre group (8 KiB, 1 write per sync, append), its forks. */
    record Row(Cell cell, boolean centreDurable, List<double[]> forksUs) {
        /** The fork means a run of these forks reports: stalled iterations left out by the rule applied to these forks. */
        double[] forkMeans(int from, int count) {
            return OutlierIterations.of(forksUs.subList(from, from + count)).forkMeans();
        }

        /** The fork means a run of these rounds' forks reports (any rounds, in the order given), stalls left out as the report does. */
        double[] forkMeans(int[] rounds) {
            List<double[]> chosen = new ArrayList<>();
            for (int r : rounds) chosen.add(forksUs.get(r));
            return OutlierIterations.of(chosen).forkMeans();
        }

        /** The fork means with every iteration in (stalls kept). */
        double[] rawForkMeans(int from, int count) {
            double[] out = new double[count];
            for (int i = 0; i < count; i++) out[i] = Arrays.stream(forksUs.get(from + i)).average().orElse(Double.NaN);
            return out;
        }

        /** The long-run mean, by the report's rule over all forks. */
        double truth() {
            return Arrays.stream(forkMeans(0, forksUs.size())).average().orElse(Double.NaN);
        }

        /** The long-run mean with every iteration in. */
        double rawTruth() {
            return Arrays.stream(rawForkMeans(0, forksUs.size())).average().orElse(Double.NaN);
        }

        String label() {
            return cell.toString().replace("SyncWriteCost.writeBlock ", "").replace(" blockSizeBytes=8192", "");
        }
    }

    static LongRun of(String name, ResultSet set) {
        return of(name, List.of(set));
    }

    /** Several result sets of one target (the slots of an A/A run), each row's forks in the sets' order. */
    static LongRun of(String name, List<ResultSet> sets) {
        java.util.Map<String, Row> rows = new java.util.LinkedHashMap<>();
        for (ResultSet set : sets) {
            for (BenchmarkResult r : set.results()) {
                if (!Units.isTimeBased(r.primary().unit()) || !r.mode().equals("avgt")) continue;
                Cell cell = Catalogue.cell(r.benchmark(), r.params().asMap()).orElseThrow();
                String unit = r.primary().unit();
                List<double[]> forks = r.forks().stream().map(f -> Arrays.stream(f).map(v -> Units.toMicrosPerOp(v, unit)).toArray()).toList();
                rows.computeIfAbsent(cell.keyWithoutTarget(), k -> new Row(cell, centreDurable(cell), new ArrayList<>())).forksUs().addAll(forks);
            }
        }
        List<Row> list = new ArrayList<>(rows.values());
        int rounds = list.stream().mapToInt(x -> x.forksUs().size()).min().orElse(0);
        return new LongRun(name, list, rounds);
    }

    private static boolean centreDurable(Cell c) {
        if (c.family() != Catalogue.SYNC_WRITE_COST) return false;
        return c.family().notDurableBecause(c.methodValue()).isEmpty()
                && Integer.valueOf(8192).equals(c.get(SyncWriteCostFamily.BLOCK_SIZE))
                && Integer.valueOf(1).equals(c.get(SyncWriteCostFamily.WRITES_PER_SYNC))
                && c.get(SyncWriteCostFamily.PREALLOCATION) == Preallocation.NONE;
    }
}
