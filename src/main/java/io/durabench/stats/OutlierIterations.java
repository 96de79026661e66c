package io.durabench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Iterations far outside a row's others — more than {@value #FACTOR}x above or below the median of
 * all the row's iterations — are stalls, not the method's cost. Left in, one such iteration decides
 * a mean, no short run can hold such a mean in its interval, and two runs disagree by whether they
 * met a stall. So a row's figures are computed without them, and the report names every one (the
 * outlier-iteration warning: how many, the worst, by how much): not silently averaged, not silently
 * dropped. How often a disk stalls is its own question (a soak run's). docs/intervals.md shows
 * what leaving them in does to the intervals.
 *
 * @param forkMeans           each fork's mean over its kept iterations; a fork whose every iteration stalled is left out whole
 * @param leftOut             the iterations left out, worst first
 * @param median              the median of all the row's iterations
 * @param forkMeansWithStalls each fork's mean over all its iterations, stalls and all: what the row would say with them
 *                            (the report keeps it beside the figure, so nothing measured is lost)
 */
public record OutlierIterations(double[] forkMeans, List<LeftOut> leftOut, double median, double[] forkMeansWithStalls) {
    /** How far from the row's median an iteration must be to be left out. */
    public static final double FACTOR = 3.0;

    /** One iteration left out: its fork and place (1-based) and value. */
    public record LeftOut(int fork, int iteration, double value, double factor) {
    }

    /** The rule applied to one row's forks of iterations (positive values: times or rates). */
    public static OutlierIterations of(List<double[]> forks) {
        double[] all = forks.stream().flatMapToDouble(Arrays::stream).filter(Double::isFinite).sorted().toArray();
        double median = all.length == 0 ? Double.NaN : all.length % 2 == 1 ? all[all.length / 2]
                : (all[all.length / 2 - 1] + all[all.length / 2]) / 2;
        List<Double> means = new ArrayList<>();
        double[] withStalls = forks.stream().mapToDouble(f -> Arrays.stream(f).average().orElse(Double.NaN)).toArray();
        List<LeftOut> out = new ArrayList<>();
        for (int f = 0; f < forks.size(); f++) {
            double[] it = forks.get(f);
            double sum = 0;
            int kept = 0;
            List<LeftOut> here = new ArrayList<>();
            for (int i = 0; i < it.length; i++) {
                double factor = Math.max(it[i] / median, median / it[i]);
                if (all.length >= 4 && factor > FACTOR) {
                    here.add(new LeftOut(f + 1, i + 1, it[i], factor));
                } else {
                    sum += it[i];
                    kept++;
                }
            }
            // A fork whose every iteration stalled (a third of a second of 10 ms writes) is a stalled fork: out as a whole.
            if (kept > 0) means.add(sum / kept);
            out.addAll(here);
        }
        if (means.isEmpty()) {
            // Nothing but stalls (cannot happen with the median among them, but never report nothing): keep everything.
            return new OutlierIterations(withStalls, List.of(), median, withStalls);
        }
        out.sort((a, b) -> Double.compare(b.factor(), a.factor()));
        return new OutlierIterations(means.stream().mapToDouble(Double::doubleValue).toArray(), List.copyOf(out), median, withStalls);
    }

    /** The row's mean with its stalls: the mean of every fork's mean over all its iterations (NaN without iterations). */
    public double meanWithStalls() {
        return Arrays.stream(forkMeansWithStalls).average().orElse(Double.NaN);
    }

    /** The kept iterations of every fork, in order (for a one-fork row's interval over its iterations). */
    public static double[] keptIterations(List<double[]> forks) {
        OutlierIterations o = of(forks);
        List<Double> kept = new ArrayList<>();
        for (int f = 0; f < forks.size(); f++) {
            for (int i = 0; i < forks.get(f).length; i++) {
                int fork = f + 1, iteration = i + 1;
                if (o.leftOut.stream().noneMatch(x -> x.fork() == fork && x.iteration() == iteration)) kept.add(forks.get(f)[i]);
            }
        }
        return kept.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** "2 iterations left out of the mean, more than 3x off the row's median 412 µs; the worst: fork 2, iteration 3 at 1,692 µs (4.1x)". */
    public String describe(String unit, java.util.function.DoubleFunction<String> format) {
        if (leftOut.isEmpty()) return null;
        LeftOut w = leftOut.get(0);
        return String.format(Locale.ROOT, "%d iteration%s left out of the mean, more than %.0fx off the row's median %s %s; the worst: fork %d,"
                        + " iteration %d at %s %s (%.1fx)", leftOut.size(), leftOut.size() == 1 ? "" : "s", FACTOR, format.apply(median), unit,
                w.fork(), w.iteration(), format.apply(w.value()), unit, w.factor());
    }
}
