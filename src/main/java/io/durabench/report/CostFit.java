package io.durabench.report;

import io.durabench.stats.Estimate;
import java.util.List;

/**
 * The cost model of one durable method in one context: time per write = fixed + perKiB × KiB,
 * a least-squares line through every iteration of the block sizes it was fitted on, with 99.9%
 * intervals for both terms and R². The fixed term is what a durable write costs whatever its size
 * (mostly the flush); the slope is the bandwidth term. {@code points} hold every block size that
 * was measured, fitted or not, so a reader sees where the line does not hold (below a page).
 *
 * @param conditions the other parameters, fixed along the sweep: "1 write per sync, prealloc NONE"
 * @param iterations how many iteration times the line was fitted to
 * @param fittedFromBytes the smallest block size in the fit (smaller ones are shown against the line)
 */
public record CostFit(Context context, String method, String conditions, Estimate fixedUs, Estimate perKiBUs,
                      double rSquared, int iterations, int fittedFromBytes, List<Point> points, List<Integer> rows) {

    /** One block size: its measured time per write and what the line predicts there. */
    public record Point(int blockBytes, Estimate measured, double predictedUs, boolean fitted) {
        public double residualUs() {
            return measured.mean() - predictedUs;
        }

        /** True when the measured interval excludes the line: the model does not describe this size. */
        public boolean offTheLine() {
            return measured.hasInterval() && (predictedUs < measured.low() || predictedUs > measured.high());
        }
    }

    public double predictUs(double blockBytes) {
        return fixedUs.mean() + perKiBUs.mean() * blockBytes / 1024.0;
    }
}
