package io.durabench.compare;

import io.durabench.results.ResultSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which result sets of BASE are compared with which of CANDIDATE, when each is a results folder or
 * a JMH file: one target on each side are compared whatever their folders are called (mount points
 * differ from run to run); several targets are paired by folder name. A side made of several fleet
 * hosts pools each target's sets over its hosts (their forks are the side's replicates). A target measured by several
 * JDKs is refused here (that is {@code --by jdk}); the same JDK in several slots is pooled.
 */
public final class SetPairing {

    private SetPairing() {
    }

    public static List<SetPair> pair(List<ResultSet> base, List<ResultSet> candidate) {
        Map<String, List<ResultSet>> b = targets("BASE", base), c = targets("CANDIDATE", candidate);
        if (b.size() == 1 && c.size() == 1) {
            return List.of(new SetPair(b.keySet().iterator().next(), b.values().iterator().next(), c.values().iterator().next(), List.of()));
        }
        List<SetPair> pairs = new ArrayList<>();
        for (Map.Entry<String, List<ResultSet>> e : b.entrySet()) {
            List<ResultSet> other = c.get(e.getKey());
            if (other == null) throw unmatched("BASE", e.getKey(), "CANDIDATE", c);
            pairs.add(new SetPair(e.getKey(), e.getValue(), other, List.of()));
        }
        for (String label : c.keySet()) {
            if (!b.containsKey(label)) throw unmatched("CANDIDATE", label, "BASE", b);
        }
        return pairs;
    }

    private static Map<String, List<ResultSet>> targets(String side, List<ResultSet> sets) {
        Map<String, List<ResultSet>> byLabel = new LinkedHashMap<>();
        for (Map.Entry<Path, List<ResultSet>> t : JvmSlots.byTarget(sets).entrySet()) {
            List<String> jdks = t.getValue().stream().map(JvmSlots::jvmOf).distinct().toList();
            if (jdks.size() > 1) {
                throw new NotComparableException(side + " " + t.getKey() + " holds results of " + jdks.size() + " JDKs (" + String.join(", ", jdks)
                        + "): compare them with durabench compare " + t.getKey().getParent() + " --by jdk, or name one slot folder");
            }
            // Several folders of one name on a side (a group of fleet hosts, each with its own copy of the target) are pooled.
            byLabel.computeIfAbsent(String.valueOf(t.getKey().getFileName()), k -> new ArrayList<>()).addAll(t.getValue());
        }
        return byLabel;
    }

    private static NotComparableException unmatched(String side, String label, String otherSide, Map<String, List<ResultSet>> other) {
        return new NotComparableException(side + " has results for target " + label + " but " + otherSide + " has none (its targets: "
                + String.join(", ", other.keySet()) + "); name one target folder on each side, e.g. RUN/" + label);
    }
}
