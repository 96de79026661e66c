package io.durabench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The one place that shortens how a context is named in prose, chart legends and panel titles:
 * each context gets the shortest name that no other context of the same report shares — its
 * filesystem ("xfs"), else the filesystem and the last part of its directory ("ext4 …/data"),
 * else that with the JDK, else its full label. In a fleet each name starts with the host, and a
 * host's only context is the host alone ("host-a"), else "host-a: xfs". Paths are cut the same way
 * everywhere ({@link #shortPath(String)}).
 */
public final class ContextNames {
    /** A directory longer than this is cut to its last component. */
    static final int MAX_PATH = 24;

    private final Map<Context, String> names;

    private ContextNames(Map<Context, String> names) {
        this.names = names;
    }

    public static ContextNames of(Collection<Context> contexts) {
        List<Context> all = List.copyOf(new java.util.LinkedHashSet<>(contexts));
        List<Function<Context, String>> levels = List.of(
                c -> c.host(),
                c -> onHost(c, c.filesystem()),
                c -> onHost(c, (c.filesystem() == null ? "" : c.filesystem() + " ") + shortPath(c.directory())),
                c -> onHost(c, (c.filesystem() == null ? "" : c.filesystem() + " ") + shortPath(c.directory()) + ", " + c.jdk()),
                Context::label);
        Map<Context, String> names = new LinkedHashMap<>();
        for (Context c : all) {
            String chosen = c.label();
            for (Function<Context, String> level : levels) {
                String name = level.apply(c);
                if (name == null || name.isBlank()) continue;
                if (all.stream().filter(o -> o != c).noneMatch(o -> name.equals(level.apply(o)))) {
                    chosen = name;
                    break;
                }
            }
            names.put(c, chosen);
        }
        return new ContextNames(names);
    }

    /** "host-a: xfs" in a fleet, "xfs" outside one (null stays null: that level names nothing). */
    private static String onHost(Context c, String name) {
        if (name == null || c.host() == null) return name;
        return c.host() + ": " + name;
    }

    /** The short name; a context this report does not hold gets its full label. */
    public String of(Context c) {
        return names.getOrDefault(c, c.label());
    }

    /** "ext4, xfs and btrfs". */
    public String list(Collection<Context> contexts) {
        List<String> parts = new ArrayList<>();
        contexts.forEach(c -> parts.add(of(c)));
        return join(parts);
    }

    /** "a", "a and b", "a, b and c". */
    public static String join(List<String> parts) {
        if (parts.size() <= 1) return String.join("", parts);
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }

    /** A long path cut to its last component: "/mnt/durabench-ref-ext4-20036" -> "…/durabench-ref-ext4-20036". */
    public static String shortPath(String path) {
        if (path == null) return "?";
        if (path.length() <= MAX_PATH) return path;
        Path name = Path.of(path).getFileName();
        return name == null ? path : "\u2026/" + name;
    }
}
