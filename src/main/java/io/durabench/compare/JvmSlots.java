package io.durabench.compare;

import io.durabench.results.ResultSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM slots of a multi-JVM run folder: {@code durabench run --jvm J1 --jvm J2} (or
 * {@code --repeat N}) writes RUN/&lt;target&gt;/jvm&lt;k&gt;-&lt;version&gt;/, k the 1-based position in
 * the interleaving order. Reads which target and JDK a result set belongs to, and splits a folder
 * into base and candidate by JDK for {@code compare --by jdk}.
 */
public final class JvmSlots {
    private static final Pattern SLOT = Pattern.compile("jvm(\\d+)-.+");

    private JvmSlots() {
    }

    /** k of a slot folder "jvm&lt;k&gt;-…", empty for any other folder. */
    public static OptionalInt slotNumber(Path folder) {
        Path name = folder.getFileName();
        Matcher m = name == null ? null : SLOT.matcher(name.toString());
        return m != null && m.matches() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    }

    /** The target's folder: the slot folder's parent in a multi-JVM run, else the set's own folder. */
    public static Path targetFolder(ResultSet set) {
        Path folder = set.folder();
        return slotNumber(folder).isPresent() ? folder.getParent() : folder;
    }

    /**
     * The JDK that measured the set: what JMH recorded in its entries (the forked JVM reports its own
     * version, so this cannot be the launcher's by mistake), else environment.json's JDK (a slot
     * whose cells were all n/a has no entries), else "unknown".
     */
    public static String jdkOf(ResultSet set) {
        return set.results().stream().map(r -> r.jdkVersion()).filter(v -> v != null).findFirst().orElseGet(() ->
                set.environment() != null && set.environment().jdk() != null && set.environment().jdk().version() != null
                        ? set.environment().jdk().version() : "unknown");
    }

    /**
     * The JVM that measured the set as compare tells JVMs apart: its JDK and, where environment.json names it,
     * its native layer ("25.0.3 (ffm)"), so that one JDK's slots on two layers are two JVMs, never an A/A pair
     * or pooled.
     */
    public static String jvmOf(ResultSet set) {
        String layer = set.environment() == null || set.environment().jdk() == null ? null : set.environment().jdk().nativeLayer();
        return layer == null ? jdkOf(set) : jdkOf(set) + " (" + layer + ")";
    }

    /** The sets grouped by target folder, in the order given. */
    static Map<Path, List<ResultSet>> byTarget(List<ResultSet> sets) {
        Map<Path, List<ResultSet>> targets = new LinkedHashMap<>();
        for (ResultSet s : sets) targets.computeIfAbsent(targetFolder(s), k -> new ArrayList<>()).add(s);
        return targets;
    }

    /**
     * {@code compare FOLDER --by jdk}: per target, base = the JDK of the lowest slot, candidate = the
     * other JDK, each JDK's slots pooled; a JDK in two slots is an A/A pair (its first two slots).
     * With one JDK only, an A/A comparison in itself: slot 1 with slot 2, or, measured in rounds
     * ({@code --repeat N}), the odd slots pooled with the even ones (a last odd slot left out).
     */
    public static List<SetPair> byJdk(Path folder, List<ResultSet> sets) {
        List<SetPair> pairs = new ArrayList<>();
        for (Map.Entry<Path, List<ResultSet>> target : byTarget(sets).entrySet()) {
            String label = String.valueOf(target.getKey().getFileName());
            List<ResultSet> slots = new ArrayList<>(target.getValue());
            slots.sort(Comparator.comparingInt((ResultSet s) -> slotNumber(s.folder()).orElse(Integer.MAX_VALUE))
                    .thenComparing(s -> s.folder().toString()));
            Map<String, List<ResultSet>> byJdk = new LinkedHashMap<>();
            for (ResultSet s : slots) byJdk.computeIfAbsent(jvmOf(s), k -> new ArrayList<>()).add(s);
            if (byJdk.size() > 2) {
                throw new NotComparableException("--by jdk: " + target.getKey() + " holds " + byJdk.size() + " JDKs (" + String.join(", ", byJdk.keySet())
                        + "); compare two of them by naming their slot folders: durabench compare " + slots.get(0).folder() + " "
                        + slots.get(1).folder());
            }
            if (byJdk.size() == 1) {
                if (slots.size() < 2) {
                    throw new NotComparableException("--by jdk: " + folder + " holds one JDK (" + byJdk.keySet().iterator().next()
                            + ") measured once on " + label + ": nothing to compare; run it with --jvm A --jvm B (or --repeat 2)");
                }
                // Rounds (--repeat N): slots 1, 3, 5… pooled against 2, 4, 6…, so time drift over the run hits both halves alike.
                List<ResultSet> odd = new ArrayList<>(), even = new ArrayList<>();
                for (int i = 0; i < slots.size() - slots.size() % 2; i++) (i % 2 == 0 ? odd : even).add(slots.get(i));
                pairs.add(new SetPair(label, odd, even, List.of()));
                continue;
            }
            List<List<ResultSet>> jdks = new ArrayList<>(byJdk.values());
            List<SetPair.AaPair> aa = new ArrayList<>();
            for (List<ResultSet> same : jdks) {
                if (same.size() >= 2) aa.add(aaPair(label, same.get(0), same.get(1)));
            }
            pairs.add(new SetPair(label, jdks.get(0), jdks.get(1), aa));
        }
        return pairs;
    }

    /**
     * What the reader should know about how sets were put together: a JDK's slots pooled, or one
     * JDK's first two slots compared with each other.
     */
    public static List<String> notes(List<SetPair> pairs, int rounds) {
        List<String> notes = new ArrayList<>();
        for (SetPair p : pairs) {
            String on = pairs.size() > 1 ? p.label() + ": " : "";
            if (jvmOf(p.base().get(0)).equals(jvmOf(p.candidate().get(0)))) {
                notes.add(on + "one JDK (" + jvmOf(p.base().get(0)) + ") in several slots: " + slots(p.base()) + " vs " + slots(p.candidate())
                        + ", an A/A comparison of two runs of the same setup"
                        + (p.base().size() == 1 && rounds <= 1 ? " in one block of forks each per cell (drift between the blocks can pass for a change;"
                        + " measure in rounds: this version's runs do, one fork per round)" : ""));
                continue;
            }
            for (List<ResultSet> side : List.of(p.base(), p.candidate())) {
                if (side.size() > 1) notes.add(on + "JDK " + jvmOf(side.get(0)) + " ran in " + side.size() + " slots (" + slots(side) + "); their forks are pooled");
            }
            // Measured on this project's lab: an A/A in one block per JVM flagged 2 of 29 rows, in rounds none.
            for (List<ResultSet> side : List.of(p.base(), p.candidate())) {
                if (side.size() == 1 && rounds <= 1) notes.add(on + "JDK " + jvmOf(side.get(0)) + " ran in one block of forks per cell: the disk's drift"
                        + " between blocks is not in the test's error term and can pass for a change; to gate on it, measure with this"
                        + " version, whose runs spread every cell's forks over the run in rounds");
            }
            if (rounds > 1) notes.add(on + "measured in " + rounds + " rounds: each JDK's forks of a cell spread over the run, the JDKs'"
                    + " order alternating from round to round");
        }
        return notes;
    }

    /** The rounds a run folder's run.json records (1 for runs made before rounds, or without a run.json). */
    public static int roundsOf(Path folder) {
        Path manifest = folder.resolve(io.durabench.results.ResultsFolder.RUN_MANIFEST);
        if (!java.nio.file.Files.isRegularFile(manifest)) return 1;
        return io.durabench.results.RunManifest.read(manifest).rounds();
    }

    /** "RUN (JDK 17.0.15)", with the slot folders when the sets are slots: "RUN (JDK 17.0.15: jvm1-17.0.15, jvm3-17.0.15)". */
    public static String describe(Path root, List<ResultSet> sets) {
        List<String> jdks = sets.stream().map(JvmSlots::jvmOf).distinct().toList();
        boolean slotted = sets.stream().anyMatch(s -> slotNumber(s.folder()).isPresent());
        return root + " (JDK " + String.join(", ", jdks) + (slotted ? ": " + slots(sets) : "") + ")";
    }

    private static String slots(List<ResultSet> sets) {
        return String.join(", ", sets.stream().map(s -> String.valueOf(s.folder().getFileName())).distinct().toList());
    }

    private static SetPair.AaPair aaPair(String target, ResultSet a, ResultSet b) {
        return new SetPair.AaPair(target, a.folder().getFileName() + " vs " + b.folder().getFileName()
                + " (JDK " + jvmOf(a) + " measured twice)", List.of(a), List.of(b));
    }
}
