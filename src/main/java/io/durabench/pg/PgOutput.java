package io.durabench.pg;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a report in pg_test_fsync's layout — pg_test_fsync's own or `durabench pg`'s, which keeps
 * it — into usecs/op per line (from ops/sec, which both print to three decimals; usecs/op is
 * rounded to whole microseconds), keyed by section and label. Lines without a number (n/a, n/a*,
 * FAILED) are kept with their word.
 */
public final class PgOutput {
    private static final Pattern LINE = Pattern.compile("^ {8}(.{32})\\s*(?:([0-9.]+) ops/sec\\s+\\d+ usecs/op(?:\\s+\\[([0-9.]+), ([0-9.]+)\\])?|(\\S+))");

    /** One line: usecs/op (NaN without a number), durabench's interval if printed, or the word printed instead. */
    public record Line(double micros, double low, double high, String word) {
        public boolean measured() {
            return !Double.isNaN(micros);
        }
    }

    private PgOutput() {
    }

    /** "section title / label" to its line, in the report's order. */
    public static Map<String, Line> parse(List<String> text) {
        Map<String, Line> out = new LinkedHashMap<>();
        String section = "";
        for (String l : text) {
            if (!l.startsWith(" ") && l.endsWith(":")) {
                section = l.substring(0, l.length() - 1);
                continue;
            }
            Matcher m = LINE.matcher(l);
            if (!m.find() || section.isEmpty()) continue;
            String key = section + " / " + m.group(1).strip();
            if (m.group(2) != null) {
                double ops = Double.parseDouble(m.group(2));
                double low = m.group(3) == null ? Double.NaN : Double.parseDouble(m.group(3));
                double high = m.group(4) == null ? Double.NaN : Double.parseDouble(m.group(4));
                out.put(key, new Line(1e6 / ops, low, high, null));
            } else {
                out.put(key, new Line(Double.NaN, Double.NaN, Double.NaN, m.group(5)));
            }
        }
        return out;
    }
}
