package io.durabench.catalogue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A whole cell as one line of text, for another JVM's command line (the syscall witness's child):
 * the benchmark's short name, then every parameter but the target directory as name=value, in the
 * cell's order, e.g. {@code SyncWriteCost.writeBlock:syncMethod=FDATASYNC,blockSizeBytes=4096,writesPerSync=10,preallocation=ZERO_FILL}.
 * The target directory travels apart (a path may hold any character, these separators included).
 * Read back, every value is typed by the benchmark's own {@link Parameter}; a spec that names an
 * unknown benchmark or parameter, gives a value twice, lacks one, or holds a value its parameter
 * cannot take is an {@link InvalidValueException} naming the problem and the spec.
 */
public final class CellSpec {
    private CellSpec() {
    }

    /** The cell's spec; its target directory, if fixed, is left out. */
    public static String of(Cell cell) {
        StringJoiner j = new StringJoiner(",", cell.benchmark().shortName() + ":", "");
        for (Parameter<?> p : cell.parameters()) {
            if (p == Catalogue.TARGET_DIR) continue;
            String value = p.format(cell.get(p));
            // No parameter but the directory holds free text today; one that did could not be read back.
            if (value.contains(",") || value.contains("=")) {
                throw new IllegalArgumentException(p.name() + "=" + value + " cannot be written in a spec: it holds ',' or '='");
            }
            j.add(p.name() + "=" + value);
        }
        return j.toString();
    }

    /** The cell a spec names, without a target directory. */
    public static Cell parse(String spec) {
        int colon = spec.indexOf(':');
        String name = colon < 0 ? spec : spec.substring(0, colon);
        Benchmark b = Catalogue.benchmarks().stream().filter(x -> x.shortName().equals(name)).findFirst()
                .orElseThrow(() -> new InvalidValueException("unknown benchmark '" + name + "' in '" + spec + "': use "
                        + String.join(", ", Catalogue.benchmarks().stream().map(Benchmark::shortName).toList())));
        Cell cell = Cell.of(b);
        for (Map.Entry<String, String> e : values(spec, colon < 0 ? "" : spec.substring(colon + 1)).entrySet()) {
            Parameter<?> p = b.parameter(e.getKey()).filter(x -> x != Catalogue.TARGET_DIR).orElseThrow(() -> new InvalidValueException(
                    b.shortName() + " has no parameter '" + e.getKey() + "' in '" + spec + "'"
                            + (e.getKey().equals(Catalogue.TARGET_DIR.name()) ? ": the target directory is given apart" : "")));
            try {
                cell = cell.withText(p, e.getValue());
            } catch (InvalidValueException bad) {
                throw new InvalidValueException(bad.getMessage() + " (in '" + spec + "')");
            }
        }
        List<String> missing = new ArrayList<>();
        for (Parameter<?> p : b.parameters()) {
            if (p != Catalogue.TARGET_DIR && !cell.fixes(p)) missing.add(p.name() + "=...");
        }
        if (!missing.isEmpty()) throw new InvalidValueException("'" + spec + "' lacks " + String.join(", ", missing));
        return cell;
    }

    private static Map<String, String> values(String spec, String list) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String kv : list.isEmpty() ? new String[0] : list.split(",", -1)) {
            int eq = kv.indexOf('=');
            if (eq <= 0) throw new InvalidValueException("'" + kv + "' in '" + spec + "' is not name=value");
            if (values.put(kv.substring(0, eq), kv.substring(eq + 1)) != null) {
                throw new InvalidValueException("'" + kv.substring(0, eq) + "' is given twice in '" + spec + "'");
            }
        }
        return values;
    }
}
