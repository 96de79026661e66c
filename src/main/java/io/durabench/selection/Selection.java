package io.durabench.selection;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a reader asked to see: patterns for contexts, methods and benchmarks (each a list of
 * globs, * and ?, case-insensitive; an empty list selects everything). Matching is against every
 * name a thing goes by, so "xfs", "/mnt/xfs*", "fdatasync", "syncDirectory=true" and a
 * benchmark class's simple name all work. {@code where}: conditions on any parameter, all of which
 * a shown row meets ({@link ParameterCondition}: "KEY=A|B", "KEY=LOW..HIGH").
 */
public record Selection(List<String> contexts, List<String> methods, List<String> benchmarks, List<String> where) {
    public Selection {
        contexts = clean(contexts);
        methods = clean(methods);
        benchmarks = clean(benchmarks);
        where = clean(where);
    }

    private static List<String> clean(List<String> patterns) {
        return patterns == null ? List.of() : patterns.stream().map(String::trim).filter(p -> !p.isEmpty()).toList();
    }

    public boolean isAll() {
        return contexts.isEmpty() && methods.isEmpty() && benchmarks.isEmpty() && where.isEmpty();
    }

    /** True when the pattern matches any of the names, whole (a glob, not a substring). */
    public static boolean matches(String pattern, List<String> names) {
        Pattern p = glob(pattern);
        return names.stream().anyMatch(n -> n != null && p.matcher(n.toLowerCase(Locale.ROOT)).matches());
    }

    /** True when no pattern is given or any pattern matches any name. */
    public static boolean any(List<String> patterns, List<String> names) {
        return patterns.isEmpty() || patterns.stream().anyMatch(p -> matches(p, names));
    }

    private static Pattern glob(String pattern) {
        StringBuilder re = new StringBuilder();
        for (char c : pattern.toLowerCase(Locale.ROOT).toCharArray()) {
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString());
    }
}
