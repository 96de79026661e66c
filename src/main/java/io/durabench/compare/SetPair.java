package io.durabench.compare;

import io.durabench.results.ResultSet;
import java.util.List;

/**
 * The result sets of one target on each side of a comparison (several on a side when a JDK was
 * measured in more than one slot: their forks are pooled), and the A/A pairs that measure the noise
 * of that target (the same JDK measured twice).
 *
 * @param label the target's folder name ("mnt-ext4"), which names its rows when a comparison has several targets
 */
public record SetPair(String label, List<ResultSet> base, List<ResultSet> candidate, List<AaPair> aaPairs) {

    public SetPair {
        base = List.copyOf(base);
        candidate = List.copyOf(candidate);
        aaPairs = List.copyOf(aaPairs);
    }

    /** Two sets of the same setup measured twice, and what they are ("jvm1-17.0.15 vs jvm3-17.0.15"). */
    public record AaPair(String label, String description, List<ResultSet> a, List<ResultSet> b) {
        public AaPair {
            a = List.copyOf(a);
            b = List.copyOf(b);
        }
    }
}
