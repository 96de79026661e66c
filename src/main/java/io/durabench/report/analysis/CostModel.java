package io.durabench.report.analysis;

import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.report.Context;
import io.durabench.report.CostFit;
import io.durabench.report.ReportRow;
import io.durabench.stats.Estimate;
import io.durabench.stats.Stats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Fits the cost model from a block-size sweep: for each context and durable method with at least
 * {@value #MIN_SIZES} block sizes (at the centre's batch and preallocation), time per write =
 * fixed + perKiB × size by least squares over every fork's mean time (the replicates; a one-fork
 * result's iterations), so the flush latency and the
 * bandwidth term come apart ("240 µs plus 1.9 µs per KiB"). Below a page a write costs a
 * read-modify-write of the page rather than its bytes, so the line is fitted to sizes of a page or
 * more when there are enough of them, and smaller sizes are shown against it.
 */
public final class CostModel {
    static final int MIN_SIZES = 3;
    /** The page size of x86-64 and most arm64 Linux systems: below it the page cache works per page, not per byte. */
    static final int PAGE_BYTES = 4096;

    private CostModel() {
    }

    public static List<CostFit> fit(List<ReportRow> rows) {
        Headline centre = Headline.of(rows);
        Map<String, List<ReportRow>> series = new LinkedHashMap<>();
        for (ReportRow r : centre.select(rows, true, false, false)) {
            if (!r.measured() || !r.durable()) continue;
            series.computeIfAbsent(r.context().label() + "|" + r.method(), k -> new ArrayList<>()).add(r);
        }
        List<CostFit> fits = new ArrayList<>();
        for (List<ReportRow> s : series.values()) {
            List<ReportRow> sweep = new ArrayList<>(s);
            sweep.sort(Comparator.comparingInt(CostModel::block));
            if (sweep.size() < MIN_SIZES) continue;
            fits.add(fit(sweep, centre.describe(false, true, true)));
        }
        return fits;
    }

    /** One series, sorted by block size, one row per size. */
    static CostFit fit(List<ReportRow> sweep, String conditions) {
        List<ReportRow> fitted = sweep.stream().filter(r -> block(r) >= PAGE_BYTES).toList();
        if (fitted.size() < MIN_SIZES) fitted = sweep;
        SimpleRegression regression = new SimpleRegression(true);
        for (ReportRow r : fitted) {
            double kib = block(r) / 1024.0;
            if (r.replicateUs().length == 0) {
                regression.addData(kib, r.meanUs());
            } else {
                for (double us : r.replicateUs()) if (Double.isFinite(us)) regression.addData(kib, us);
            }
        }
        int n = (int) regression.getN();
        Estimate fixed = term(regression.getIntercept(), regression.getInterceptStdErr(), n);
        Estimate perKiB = term(regression.getSlope(), regression.getSlopeStdErr(), n);
        int from = fitted.stream().mapToInt(CostModel::block).min().orElse(0);
        List<CostFit.Point> points = new ArrayList<>();
        List<ReportRow> fittedRows = fitted;
        for (ReportRow r : sweep) {
            double predicted = fixed.mean() + perKiB.mean() * block(r) / 1024.0;
            points.add(new CostFit.Point(block(r), r.time(), predicted, fittedRows.contains(r)));
        }
        Context context = sweep.get(0).context();
        return new CostFit(context, sweep.get(0).methodLabel(), conditions, fixed, perKiB, regression.getRSquare(), n, from,
                points, sweep.stream().map(ReportRow::id).toList());
    }

    /** A coefficient with its 99.9% Student t interval (n - 2 degrees of freedom); no interval below 3 points. */
    private static Estimate term(double value, double stdErr, int n) {
        if (n < 3 || !Double.isFinite(stdErr)) return new Estimate(value, Double.NaN, Double.NaN, n, Double.NaN);
        double t = T_QUANTILES.computeIfAbsent(n - 2,
                df -> new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - Stats.CONFIDENCE) / 2));
        return new Estimate(value, value - t * stdErr, value + t * stdErr, n, stdErr * stdErr);
    }

    /** Fits of one sweep share their degrees of freedom; inverting the t CDF is the slow part. Reports run on one thread. */
    private static final Map<Integer, Double> T_QUANTILES = new java.util.HashMap<>();

    private static int block(ReportRow r) {
        Integer b = r.cell().get(SyncWriteCostFamily.BLOCK_SIZE);
        return b == null ? 0 : b;
    }
}
