package io.durabench.testing;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Random subsets for the tests that resample committed runs: which forks, fork pairs or rounds a resampled run draws. */
public final class RandomSubsets {
    private RandomSubsets() {
    }

    /** n distinct indices of 0..size-1, at random (a partial Fisher-Yates shuffle). */
    public static int[] of(SplittableRandom random, int size, int n) {
        int[] all = new int[size];
        for (int i = 0; i < size; i++) all[i] = i;
        for (int i = 0; i < n; i++) {
            int j = i + random.nextInt(size - i);
            int t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        return Arrays.copyOf(all, n);
    }
}
