package io.durabench.compare;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Per-fork noise for the rows of a real durabench run (ext4-quick-iterations.csv, 41 rows of 5
 * iteration scores each), and replicate scores drawn from it.
 *
 * <p>Model: a fork's score is log-normal around the row's median with σ = the sd of ln(iteration
 * score) within the real fork. That run had one fork per cell, so fork-to-fork variation cannot be
 * measured from it; taking a whole iteration's spread as the spread of a fork's score (which
 * averages several iterations) is the cautious stand-in: it credits nothing to averaging and
 * leaves that margin for the unmeasured between-fork part. The A/A run of the compare profile will
 * tell how close it is.
 */
record RealRowNoise(String name, double median, double logSd) {

    static List<RealRowNoise> ext4QuickRun() {
        List<RealRowNoise> rows = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                RealRowNoise.class.getResourceAsStream("ext4-quick-iterations.csv"), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] f = line.split(";");
                double[] scores = Arrays.stream(f, 2, f.length).mapToDouble(Double::parseDouble).toArray();
                rows.add(new RealRowNoise(f[0], median(scores), logSd(scores)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /** {@code forks} scores of this row, each multiplied by {@code factor} (1 = unchanged). */
    double[] draw(Random random, int forks, double factor) {
        double[] x = new double[forks];
        for (int i = 0; i < forks; i++) x[i] = median * factor * Math.exp(logSd * random.nextGaussian());
        return x;
    }

    /** A base and a candidate sample for every row; the row named {@code slowed} is multiplied by {@code factor}. */
    static List<RowInput> sweep(List<RealRowNoise> rows, Random random, int forks, String slowed, double factor) {
        List<RowInput> inputs = new ArrayList<>();
        for (RealRowNoise r : rows) {
            inputs.add(new RowInput(r.name, r.draw(random, forks, 1), r.draw(random, forks, r.name.equals(slowed) ? factor : 1),
                    Direction.LOWER_IS_BETTER));
        }
        return inputs;
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double logSd(double[] x) {
        double mean = Arrays.stream(x).map(Math::log).average().orElseThrow(), ss = 0;
        for (double v : x) ss += Math.pow(Math.log(v) - mean, 2);
        return Math.sqrt(ss / (x.length - 1));
    }
}
