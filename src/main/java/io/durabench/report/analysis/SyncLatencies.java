package io.durabench.report.analysis;

import io.durabench.report.ReportRow;
import io.durabench.results.CallLatencyLog;
import io.durabench.results.ResultSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The sync-call histograms a results folder recorded ({@link CallLatencyLog}), one per fork of each
 * cell (a fork is one mode in one round), and the figures the report takes from them: a percentile
 * per fork, and every fork pooled. A folder written before durabench timed its syncs has none.
 */
final class SyncLatencies {
    private final Map<String, List<Histogram>> forksByCell = new HashMap<>();

    /** None recorded: for the figures of results still being written, which no interval of theirs needs (CellIntervals). */
    static final SyncLatencies NONE = new SyncLatencies();

    private SyncLatencies() {
    }

    /** What the folder of {@code set} recorded. */
    static SyncLatencies of(ResultSet set) {
        SyncLatencies s = new SyncLatencies();
        Path log = set.folder().resolve(CallLatencyLog.FILE);
        for (CallLatencyLog.LoggedInterval i : CallLatencyLog.read(log)) {
            if (i.call() == CallLatencyLog.Call.SYNC) s.forksByCell.computeIfAbsent(i.cellKey(), k -> new ArrayList<>()).add(i.histogram());
        }
        return s;
    }

    /** The cell's forks' sync histograms (empty when it recorded none). */
    List<Histogram> forks(String benchmark, Map<String, String> params) {
        return forksByCell.getOrDefault(CallLatencyLog.cellKey(benchmark, params), List.of());
    }

    /** Each fork's p-th percentile, µs. */
    static double[] perForkUs(List<Histogram> forks, double p) {
        return forks.stream().mapToDouble(h -> micros(h.getValueAtPercentile(p))).toArray();
    }

    /** p50, p99, p99.9 and max of all forks together, µs. */
    static double[] pooledUs(List<Histogram> forks) {
        Histogram all = io.durabench.workload.CallLatencies.newHistogram();
        forks.forEach(all::add);
        double[] out = new double[ReportRow.PERCENTILES.size() + 1];
        for (int i = 0; i < ReportRow.PERCENTILES.size(); i++) out[i] = micros(all.getValueAtPercentile(ReportRow.PERCENTILES.get(i)));
        out[out.length - 1] = micros(all.getMaxValue());
        return out;
    }

    static long count(List<Histogram> forks) {
        return forks.stream().mapToLong(Histogram::getTotalCount).sum();
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }
}
