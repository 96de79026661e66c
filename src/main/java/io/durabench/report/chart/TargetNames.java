package io.durabench.report.chart;

import io.durabench.report.Context;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Comparator;
import java.util.Objects;
import java.util.function.Function;

/**
 * A target's name in a legend or a panel title: short, and never a path. The report's own names
 * ({@code ContextNames}) fall back to the full label where two targets share filesystem, directory
 * and JDK, and that label holds paths (the JVM slots of one run: "ext4 /mnt/…/data, JDK 17.0.15
 * [results/…/jvm2-17.0.15/jmh-result.json]"). Here each target takes the first of these that no
 * other target shares, and every target of one filesystem the same one: its filesystem ("xfs"); with its directory's last name ("ext4 data"); with
 * the JDK ("ext4 data, JDK 17.0.15"); else the name of the folder its results came from
 * ("ext4 jvm2-17.0.15"), which is what a run calls its JVM slots.
 */
final class TargetNames {
    static final String NO_STORAGE = " (no stable storage)";
    private TargetNames() {
    }

    static Map<Context, String> of(List<Context> contexts, List<Path> sources) {
        Map<Context, String> folders = folders(contexts, sources);
        List<Function<Context, String>> levels = List.of(
                c -> fs(c),
                c -> fs(c) + " " + lastName(c.directory()),
                c -> fs(c) + " " + lastName(c.directory()) + ", " + c.jdk(),
                c -> fs(c) + " " + folders.get(c));
        // One level for every target of a filesystem: "ext4 jvm1-17.0.15" beside "ext4 jvm3-25.0.3", not beside "ext4 data, JDK 25.0.3".
        Map<String, Integer> levelOfFs = new HashMap<>();
        for (Context c : contexts) {
            int level = 0;
            while (level < levels.size() - 1 && shared(levels.get(level), c, contexts)) level++;
            levelOfFs.merge(fs(c), level, Math::max);
        }
        Map<Context, String> names = new LinkedHashMap<>();
        for (Context c : contexts) {
            Function<Context, String> level = levels.get(levelOfFs.get(fs(c)));
            String name = level.apply(c) + (shared(level, c, contexts) ? " #" + (contexts.indexOf(c) + 1) : "");
            names.put(c, name + (c.hasNoStableStorage() ? NO_STORAGE : ""));
        }
        return names;
    }

    private static boolean shared(Function<Context, String> level, Context c, List<Context> contexts) {
        String name = level.apply(c);
        return contexts.stream().anyMatch(o -> o != c && name.equals(level.apply(o)));
    }

    private static String fs(Context c) {
        return c.filesystem() == null ? "unknown fs" : c.filesystem();
    }

    private static String lastName(String path) {
        if (path == null) return "?";
        Path name = Path.of(path).getFileName();
        return name == null ? path.replace('/', ' ').trim() : name.toString();
    }

    /**
     * The folder that tells each target's results apart from those of the targets it shares a label
     * with: a target whose label was made unique with its file's path ("... [path]") names its file;
     * the first of such a group kept the plain label, and its file is the first source no other
     * target claims that has the same name as theirs (preferring one beside them: one run's target
     * folder holds one folder per JVM slot). Then the nearest folder up from the files whose names
     * all differ: "jvm2-17.0.15" for a run's JVM slots, the runs' own names for two runs.
     */
    private static Map<Context, String> folders(List<Context> contexts, List<Path> sources) {
        Map<String, List<Context>> groups = new LinkedHashMap<>();
        Map<Context, Path> files = new HashMap<>();
        for (Context c : contexts) {
            Path file = bracketed(c);
            groups.computeIfAbsent(file == null ? c.label() : c.label().substring(0, c.label().lastIndexOf(" [")), k -> new ArrayList<>()).add(c);
            if (file != null) files.put(c, file);
        }
        List<Path> unclaimed = new ArrayList<>(sources.stream().map(p -> p.toAbsolutePath().normalize()).toList());
        unclaimed.removeAll(files.values());
        Map<Context, String> out = new HashMap<>();
        for (List<Context> group : groups.values()) {
            Path sibling = group.stream().map(files::get).filter(Objects::nonNull).findFirst().orElse(null);
            for (Context c : group) {
                if (files.containsKey(c) || sibling == null) continue;
                Path guess = unclaimed.stream().filter(p -> p.getFileName().equals(sibling.getFileName()))
                        .sorted(Comparator.comparing(p -> !Objects.equals(parentOf(p), parentOf(sibling))))
                        .findFirst().orElse(null);
                if (guess == null) continue;
                files.put(c, guess);
                unclaimed.remove(guess);
            }
            for (int depth = 1; depth < 8; depth++) {
                List<String> names = new ArrayList<>();
                // A target of its own label (another JDK) whose file is not known here: its JDK tells it apart.
                for (Context c : group) names.add(files.containsKey(c) ? nameUp(files.get(c), depth) : c.jdk());
                if (names.stream().distinct().count() == group.size() || depth == 7) {
                    for (int i = 0; i < group.size(); i++) out.put(group.get(i), names.get(i));
                    break;
                }
            }
        }
        return out;
    }

    /** The file in a label made unique with it ("... [path]"), absolute; null for a plain label. */
    private static Path bracketed(Context c) {
        String label = c.label();
        int bracket = label.lastIndexOf(" [");
        if (bracket < 0 || !label.endsWith("]")) return null;
        return Path.of(label.substring(bracket + 2, label.length() - 1)).toAbsolutePath().normalize();
    }

    /** The name of the folder {@code depth} levels above a file (1: the folder it sits in). */
    private static String nameUp(Path file, int depth) {
        Path p = file;
        for (int i = 0; i < depth && p != null; i++) p = p.getParent();
        return p == null || p.getFileName() == null ? "?" : p.getFileName().toString();
    }

    private static Path parentOf(Path file) {
        Path p = file.toAbsolutePath().normalize().getParent();
        return p == null ? null : p.getParent();
    }
}
