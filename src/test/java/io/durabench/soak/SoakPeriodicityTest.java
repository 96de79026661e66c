package io.durabench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The period test on series whose truth is known: a period must be found, noise must not make one. */
class SoakPeriodicityTest {

    /** A p99-like series: log-normal noise around 1 ms, every {@code period}-th second a spike of {@code spike}x. */
    static double[] spikes(int n, int period, double spike, long seed) {
        Random rnd = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = 1000 * Math.exp(0.3 * rnd.nextGaussian()) * (i % period == 2 ? spike : 1);
        return x;
    }

    static double[] whiteNoise(int n, long seed) {
        Random rnd = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = 1000 * Math.exp(0.5 * rnd.nextGaussian());
        return x;
    }

    @Test
    void findsExt4sFiveSecondCommitInTwoMinutes() {
        Periodicity.Result r = Periodicity.of(spikes(120, 5, 4, 1));
        assertEquals(5, r.periodSeconds(), r.describe());
        assertTrue(r.r() > r.bound(), r.describe());
    }

    @Test
    void findsTheFundamentalNotAMultiple() {
        // Period 3: lags 6, 9, 12 correlate as strongly; the answer is 3.
        for (long seed = 1; seed <= 20; seed++) assertEquals(3, Periodicity.of(spikes(300, 3, 3, seed)).periodSeconds(), "seed " + seed);
    }

    @Test
    void findsASmoothPeriodToo() {
        Random rnd = new Random(7);
        double[] x = new double[200];
        for (int i = 0; i < x.length; i++) x[i] = 1000 * Math.exp(0.8 * Math.sin(2 * Math.PI * i / 12) + 0.3 * rnd.nextGaussian());
        assertEquals(12, Periodicity.of(x).periodSeconds());
    }

    @Test
    void findsAWeakPeriodInTenMinutesThatTwoMinutesCannotSee() {
        int foundLong = 0, foundShort = 0;
        for (long seed = 1; seed <= 50; seed++) {
            if (Periodicity.of(spikes(600, 5, 1.5, seed)).periodSeconds() == 5) foundLong++;
            if (Periodicity.of(spikes(30, 5, 1.5, seed)).periodSeconds() == 5) foundShort++;
        }
        assertTrue(foundLong >= 40, "10 min: " + foundLong + "/50");
        System.out.println("weak period (1.5x spikes): found in " + foundLong + "/50 10-min series, " + foundShort + "/50 30-s series");
        assertTrue(foundShort < foundLong, "30 s: " + foundShort + "/50");
    }

    /** The bound holds the family-wise false-positive rate at ALPHA (1%): allow 3% of 400 seeds. */
    @Test
    void whiteNoiseHasNoPeriod() {
        for (int n : new int[] {30, 120, 600}) {
            int falsePeriods = 0;
            for (long seed = 1; seed <= 400; seed++) if (Periodicity.of(whiteNoise(n, seed)).found()) falsePeriods++;
            System.out.println(n + " s of white noise: a period in " + falsePeriods + "/400");
            assertTrue(falsePeriods <= 12, n + " s of white noise: " + falsePeriods + "/400 with a period");
        }
    }

    /** Red noise (the disk's state carries over: AR(1), phi 0.6) is memory, not a period; Bartlett's bound keeps it out. */
    @Test
    void autocorrelatedNoiseHasNoPeriod() {
        int falsePeriods = 0;
        for (long seed = 1; seed <= 400; seed++) {
            Random rnd = new Random(seed);
            double[] x = new double[300];
            double e = 0;
            for (int i = 0; i < x.length; i++) {
                e = 0.6 * e + rnd.nextGaussian() * 0.4;
                x[i] = 1000 * Math.exp(e);
            }
            if (Periodicity.of(x).found()) falsePeriods++;
        }
        System.out.println("AR(1) 0.6, 300 s: a period in " + falsePeriods + "/400");
        assertTrue(falsePeriods <= 20, falsePeriods + "/400 with a period");
    }

    @Test
    void aDriftIsNoPeriod() {
        Random rnd = new Random(3);
        double[] x = new double[300];
        for (int i = 0; i < x.length; i++) x[i] = 500 + 3 * i + 20 * rnd.nextGaussian();
        assertFalse(Periodicity.of(x).found(), Periodicity.of(x).describe());
    }

    @Test
    void tooShortOrConstantSaysSo() {
        assertTrue(Periodicity.of(new double[10]).describe().contains("too short"));
        double[] flat = new double[60];
        java.util.Arrays.fill(flat, 300);
        assertTrue(Periodicity.of(flat).describe().contains("constant"));
    }
}
