package io.durabench.selection;

import io.durabench.catalogue.Cell;
import io.durabench.catalogue.Parameter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One `--where` condition: a row is shown when its cell's parameter KEY has one of the values
 * given. The grammar (docs/report.md): {@code KEY=ALT|ALT...}, KEY a parameter's catalogue name
 * (case-insensitive), each ALT a value (text values are globs, case-insensitive: {@code O_DIRECT*})
 * or an inclusive range of whole numbers {@code LOW..HIGH}, either end left out for "from" or "up
 * to". A row whose benchmark has no KEY is not shown: "8 KiB only" says nothing of a benchmark
 * without a block size, so it is left out rather than let through unasked.
 */
public record ParameterCondition(String text, String key, List<String> alternatives) {
    private static final String RANGE = "..";

    /** "KEY=A|B|LOW..HIGH"; anything else is an {@link IllegalArgumentException} with the grammar. */
    public static ParameterCondition parse(String text) {
        int eq = text.indexOf('=');
        List<String> alts = eq < 0 ? List.of() : List.of(text.substring(eq + 1).split("\\|", -1));
        if (eq <= 0 || alts.stream().anyMatch(a -> a.isBlank())) {
            throw new IllegalArgumentException("--where " + text + ": write KEY=VALUE, e.g. blockSizeBytes=8192, "
                    + "with | between values (4096|8192) or a range LOW..HIGH (4096..16384)");
        }
        alts = alts.stream().map(String::trim).toList();
        return new ParameterCondition(text, text.substring(0, eq).trim(), alts);
    }

    /** True when the cell fixes this key to one of the values. */
    public boolean matches(Cell cell) {
        Optional<Parameter<?>> p = parameter(cell);
        if (p.isEmpty()) return false;
        Object v = cell.get(p.get());
        return alternatives.stream().anyMatch(a -> matches(a, p.get(), v));
    }

    /**
     * Every key must be a parameter of some row, and every value some row's: a typo should say so
     * and list what there is, not print an empty report.
     */
    public void checkAgainst(List<Cell> cells) {
        Map<String, Set<Object>> values = valuesByKey(cells);
        String name = values.keySet().stream().filter(k -> k.equalsIgnoreCase(key)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("--where " + text + ": no parameter " + key + " in these results; keys: "
                        + String.join(", ", values.keySet())));
        Set<Object> seen = values.get(name);
        boolean numeric = seen.stream().allMatch(v -> v instanceof Number);
        for (String a : alternatives) {
            if (a.contains(RANGE) && !numeric) {
                throw new IllegalArgumentException("--where " + text + ": " + name + " is not a number, so it has no range; its values here: "
                        + listed(seen));
            }
            if (a.contains(RANGE)) bounds(text, a);
            if (cells.stream().noneMatch(c -> parameter(c).filter(p -> p.name().equals(name)).map(p -> matches(a, p, c.get(p))).orElse(false))) {
                throw new IllegalArgumentException("--where " + text + ": no row has " + name + " " + a + "; its values here: " + listed(seen));
            }
        }
    }

    private Optional<Parameter<?>> parameter(Cell cell) {
        return cell.parameters().stream().filter(p -> p.name().equalsIgnoreCase(key)).findFirst();
    }

    private static boolean matches(String alt, Parameter<?> p, Object v) {
        if (v instanceof Number n) {
            if (alt.contains(RANGE)) {
                long[] b = bounds(alt, alt);
                return n.longValue() >= b[0] && n.longValue() <= b[1];
            }
            try {
                return Long.parseLong(alt) == n.longValue();
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return !alt.contains(RANGE) && Selection.matches(alt, List.of(p.format(v)));
    }

    /** LOW..HIGH as whole numbers, an end left out being unbounded. */
    private static long[] bounds(String text, String alt) {
        int at = alt.indexOf(RANGE);
        try {
            String lo = alt.substring(0, at).trim(), hi = alt.substring(at + RANGE.length()).trim();
            if (lo.isEmpty() && hi.isEmpty()) throw new NumberFormatException();
            return new long[] {lo.isEmpty() ? Long.MIN_VALUE : Long.parseLong(lo), hi.isEmpty() ? Long.MAX_VALUE : Long.parseLong(hi)};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--where " + text + ": a range is LOW..HIGH in whole numbers, ends included "
                    + "(4096..16384; 4096.. or ..16384 for one end)");
        }
    }

    /** Each parameter name the cells fix, in the catalogue's order (not the result file's), with the values they fix it to. */
    private static Map<String, Set<Object>> valuesByKey(List<Cell> cells) {
        Map<String, Set<Object>> out = new LinkedHashMap<>();
        for (Cell c : cells) {
            for (Parameter<?> p : c.benchmark().parameters()) {
                if (!c.fixes(p)) continue;
                Object v = c.get(p);
                out.computeIfAbsent(p.name(), k -> new LinkedHashSet<>()).add(v instanceof Number ? v : p.format(v));
            }
        }
        return out;
    }

    /** The values as a reader would type them: numbers in order, anything else as first seen. */
    private static String listed(Set<Object> values) {
        List<Object> sorted = new ArrayList<>(values);
        if (sorted.stream().allMatch(v -> v instanceof Number)) sorted.sort(Comparator.comparingLong(v -> ((Number) v).longValue()));
        return String.join(", ", sorted.stream().map(String::valueOf).toList());
    }
}
