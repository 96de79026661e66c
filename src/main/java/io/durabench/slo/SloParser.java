package io.durabench.slo;

import io.durabench.catalogue.BenchmarkFamily;
import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Parameter;
import io.durabench.catalogue.SyncWriteCostFamily;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code --slo} grammar: {@code METHOD [CELL-PARAMS] METRIC OP VALUE[UNIT]}, e.g.
 * {@code FDATASYNC p99 < 10ms}, {@code FDATASYNC 8KiB ops/s >= 5000},
 * {@code FDATASYNC writesPerSync=10 mean <= 500us}, {@code FDATASYNC sync p99 < 10ms}. METHOD is a
 * method label as the report shows it (any family's, case-insensitive); a cell parameter is a size
 * ({@code 4KiB}, {@code 8192B}: the block size) or {@code key=value} with a catalogue parameter's
 * name. Everything wrong is an {@link IllegalArgumentException} whose message names the problem and
 * lists the valid choices: the command turns it into its one-line usage error.
 */
public final class SloParser {
    private static final Pattern SHAPE = Pattern.compile("^(.+?)\\s*(<=|>=|<|>)\\s*(.*)$");
    private static final Pattern VALUE = Pattern.compile("^([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)\\s*(\\S*)$");
    private static final Pattern SIZE = Pattern.compile("^([0-9]+)(B|KiB|MiB)$", Pattern.CASE_INSENSITIVE);
    static final String GRAMMAR = "write METHOD [SIZE|KEY=VALUE ...] METRIC OP VALUE[UNIT], e.g. 'FDATASYNC p99 < 10ms' or "
            + "'FDATASYNC 8KiB ops/s >= 5000'";
    static final List<String> TIME_UNITS = List.of("ns", "us", "µs", "ms", "s");
    private static final String SYNC = "sync";

    private SloParser() {
    }

    public static Slo parse(String text) {
        String t = text == null ? "" : text.strip();
        Matcher m = SHAPE.matcher(t);
        if (!m.matches()) throw bad(text, "no comparison (" + String.join(" ", SloOp.symbols()) + "); " + GRAMMAR);
        SloOp op = SloOp.ofSymbol(m.group(2));
        List<String> head = new ArrayList<>(Arrays.asList(m.group(1).trim().split("\\s+")));
        if (head.size() < 2) throw bad(text, "needs a method and a metric before " + op.symbol() + "; " + GRAMMAR);
        String method = knownMethod(text, head.remove(0));
        SloMetric metric = metric(text, head);
        List<Slo.CellParam> params = new ArrayList<>();
        for (String p : head) params.add(param(text, p));
        Matcher v = VALUE.matcher(m.group(3).trim());
        if (!v.matches()) throw bad(text, "'" + m.group(3).trim() + "' is not a number with a unit; " + GRAMMAR);
        double number = Double.parseDouble(v.group(1));
        String unit = v.group(2);
        if (!metric.isTime()) {
            if (!unit.isEmpty()) throw bad(text, "ops/s takes a plain number, not '" + unit + "' (e.g. ops/s >= 5000)");
            return new Slo(text, method, List.copyOf(params), metric, op, number, v.group(1));
        }
        if (unit.isEmpty()) throw bad(text, metric.word() + " needs a time unit: one of " + String.join(", ", TIME_UNITS) + " (e.g. 10ms)");
        double perUs = microseconds(unit);
        if (Double.isNaN(perUs)) throw bad(text, "no time unit '" + unit + "'; units: " + String.join(", ", TIME_UNITS));
        return new Slo(text, method, List.copyOf(params), metric, op, number * perUs, v.group(1) + " " + unit);
    }

    /** µs in one of the unit; NaN for a unit that is none of {@link #TIME_UNITS}. */
    private static double microseconds(String unit) {
        return switch (unit) {
            case "ns" -> 1e-3;
            case "us", "µs" -> 1;
            case "ms" -> 1e3;
            case "s" -> 1e6;
            default -> Double.NaN;
        };
    }

    /** The metric at the end of the head ("p99", or "sync p99" over two words), removed from it. */
    private static SloMetric metric(String text, List<String> head) {
        String last = head.remove(head.size() - 1);
        boolean sync = !head.isEmpty() && head.get(head.size() - 1).equalsIgnoreCase(SYNC);
        if (sync) head.remove(head.size() - 1);
        String word = (sync ? SYNC + " " : "") + last.toLowerCase(Locale.ROOT);
        for (SloMetric x : SloMetric.values()) if (x.word().equals(word)) return x;
        throw bad(text, "no metric '" + word + "'; metrics: " + String.join(", ", SloMetric.words()));
    }

    /** A size ("8KiB": the block size in bytes) or key=value with a catalogue parameter's name. */
    private static Slo.CellParam param(String text, String p) {
        Matcher size = SIZE.matcher(p);
        if (size.matches()) {
            long bytes = Long.parseLong(size.group(1)) * switch (size.group(2).toLowerCase(Locale.ROOT)) {
                case "kib" -> 1024L;
                case "mib" -> 1024L * 1024;
                default -> 1L;
            };
            return new Slo.CellParam(SyncWriteCostFamily.BLOCK_SIZE.name(), Long.toString(bytes), p);
        }
        int eq = p.indexOf('=');
        Set<String> keys = parameterNames();
        if (eq <= 0 || eq == p.length() - 1) {
            throw bad(text, "'" + p + "' is neither a size (4KiB, 8192B) nor KEY=VALUE; keys: " + String.join(", ", keys));
        }
        String key = p.substring(0, eq);
        String name = keys.stream().filter(k -> k.equalsIgnoreCase(key)).findFirst()
                .orElseThrow(() -> bad(text, "no parameter '" + key + "'; keys: " + String.join(", ", keys)));
        return new Slo.CellParam(name, p.substring(eq + 1), p);
    }

    /** The method as typed, if some family has it (the results are asked later); else the valid ones. */
    private static String knownMethod(String text, String word) {
        Set<String> all = methodLabels();
        if (all.stream().noneMatch(l -> l.equalsIgnoreCase(word))) {
            throw bad(text, "no method '" + word + "'; methods: " + String.join(", ", all));
        }
        return word;
    }

    /** Every method label any family can show: enum names, and a yes/no axis as name=value (as ReportRow.methodLabel spells it). */
    static Set<String> methodLabels() {
        Set<String> labels = new TreeSet<>();
        for (BenchmarkFamily f : Catalogue.families()) {
            Parameter<?> axis = f.methodAxis();
            if (axis == null) continue; // a family without a method axis (a call's cost) has no method to name
            for (Object v : axis.allowedValues()) labels.add(v instanceof Boolean ? axis.name() + "=" + v : axis.format(v));
        }
        return labels;
    }

    /** The catalogue's parameter names a cell may be fixed by: neither the target directory nor a method axis. */
    static Set<String> parameterNames() {
        Set<String> names = new TreeSet<>();
        Set<Parameter<?>> axes = new java.util.HashSet<>();
        Catalogue.families().forEach(f -> axes.add(f.methodAxis()));
        Catalogue.benchmarks().forEach(b -> b.parameters().stream().filter(p -> p != Catalogue.TARGET_DIR && !axes.contains(p))
                .forEach(p -> names.add(p.name())));
        return names;
    }

    private static IllegalArgumentException bad(String text, String problem) {
        return new IllegalArgumentException("--slo '" + text + "': " + problem);
    }
}
