package io.durabench.trace;

import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One event as a trace line shows it: the task that was running (its comm, which for a block completion is
 * usually whoever the interrupt hit, {@code <idle>}), its pid, the CPU, the time in nanoseconds of the
 * instance's clock, the event's name (without its system) and its fields by name, as printed.
 */
public record TraceRecord(String task, int pid, int cpu, long timestampNanos, String event, Map<String, String> fields) {
    /** The fields option prints a number as "0x1000 (4096)", a small one as "(23)", some as plain digits. */
    private static final Pattern HEX_AND_DECIMAL = Pattern.compile("0x([0-9a-fA-F]+) \\((-?\\d+)\\)");
    private static final Pattern DECIMAL_IN_PARENS = Pattern.compile("\\((-?\\d+)\\)");
    private static final Pattern PLAIN = Pattern.compile("-?\\d+|0x[0-9a-fA-F]+");

    public TraceRecord {
        fields = Map.copyOf(fields);
    }

    /** A field's text as printed; a failure naming the event when it has no such field. */
    public String text(String field) {
        String value = fields.get(field);
        if (value == null) throw new TraceFailedException(event + " has no field '" + field + "' (it has " + fields.keySet() + ")");
        return value;
    }

    /**
     * A numeric field's value, its 64 bits as the kernel stored them (an unsigned sector of all ones is -1);
     * a failure when the field is not a number.
     */
    public long number(String field) {
        return parseNumber(text(field)).orElseThrow(() -> new TraceFailedException(
                event + "'s field " + field + " is not a number: '" + text(field) + "'"));
    }

    static OptionalLong parseNumber(String value) {
        Matcher hex = HEX_AND_DECIMAL.matcher(value);
        if (hex.matches()) return OptionalLong.of(Long.parseUnsignedLong(hex.group(1), 16));
        Matcher decimal = DECIMAL_IN_PARENS.matcher(value);
        if (decimal.matches()) return OptionalLong.of(Long.parseLong(decimal.group(1)));
        if (PLAIN.matcher(value).matches()) {
            return OptionalLong.of(value.startsWith("0x") ? Long.parseUnsignedLong(value.substring(2), 16) : Long.parseLong(value));
        }
        return OptionalLong.empty();
    }
}
