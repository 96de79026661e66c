package io.durabench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The two sides' fingerprints side by side: what differs, and whether that is the thing compared
 * (the JDK, the native layer), noted (kernel, CPU count, JMH version, blackhole mode), allowed by the user
 * ({@code --allow-different}) or a reason to refuse the comparison (filesystem, mount options,
 * device, write cache, forks, iterations and their times). Unknown on one side is not a difference:
 * it is said, and the comparison goes on with what is known.
 */
public record FingerprintCheck(Fingerprint base, Fingerprint candidate, List<FingerprintDifference> differences, List<FingerprintKey> same,
                               List<FingerprintKey> unknown) {

    /** How a differing key is treated. */
    public enum Status {
        COMPARED("compared"), NOTED("noted"), ALLOWED("allowed by --allow-different"), REFUSED("refused");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** One key whose values differ. */
    public record FingerprintDifference(FingerprintKey key, String base, String candidate, Status status) {
        /** "filesystem: ext4 (base) vs xfs (candidate)". */
        public String describe() {
            return key.key() + ": " + base + " (base) vs " + candidate + " (candidate)";
        }
    }

    public FingerprintCheck {
        differences = List.copyOf(differences);
        same = List.copyOf(same);
        unknown = List.copyOf(unknown);
    }

    public static FingerprintCheck of(Fingerprint base, Fingerprint candidate, Set<FingerprintKey> allowed) {
        List<FingerprintDifference> differences = new ArrayList<>();
        List<FingerprintKey> same = new ArrayList<>(), unknown = new ArrayList<>();
        for (FingerprintKey key : FingerprintKey.values()) {
            if (!base.knows(key) || !candidate.knows(key)) {
                unknown.add(key);
            } else if (base.of(key).equals(candidate.of(key))) {
                same.add(key);
            } else {
                Status status = switch (key.role()) {
                    case COMPARED -> Status.COMPARED;
                    case NOTED -> Status.NOTED;
                    case REFUSED -> allowed.contains(key) ? Status.ALLOWED : Status.REFUSED;
                };
                differences.add(new FingerprintDifference(key, base.text(key), candidate.text(key), status));
            }
        }
        return new FingerprintCheck(base, candidate, differences, same, unknown);
    }

    /**
     * Throws when a difference makes the comparison meaningless and was not allowed: one line
     * naming every such key and the option that would allow it.
     */
    public void requireComparable(String what) {
        List<FingerprintDifference> refused = differences.stream().filter(d -> d.status() == Status.REFUSED).toList();
        if (refused.isEmpty()) return;
        boolean oneFork = refused.stream().anyMatch(d -> d.key() == FingerprintKey.FORKS && (d.base().equals("1") || d.candidate().equals("1")));
        throw new NotComparableException(what + " were not measured alike: "
                + refused.stream().map(FingerprintDifference::describe).collect(Collectors.joining("; "))
                + (oneFork ? " (a side measured in one fork per cell, as runs before forks were the unit of replication were, has no"
                + " variation between forks to compare with; measure it again with this version)" : "")
                + ". A comparison across them measures that difference, not a change; if that is what you mean, add --allow-different "
                + refused.stream().map(d -> d.key().key()).collect(Collectors.joining(",")));
    }

    /** The differing values of what is compared (the JDK, the native layer, or both), in the keys' order; empty when both sides are alike. */
    public List<FingerprintDifference> compared() {
        return differences.stream().filter(d -> d.status() == Status.COMPARED).toList();
    }
}
