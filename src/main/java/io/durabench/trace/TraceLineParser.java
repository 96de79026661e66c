package io.durabench.trace;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the lines of a tracefs {@code trace} file printed with the {@code fields} option:
 * <pre>
 *   kworker/1:2H-17193   [001] ..... 33212.122452: block_rq_issue: dev=0xfe00000 (266338304) ... rwbs=FF comm=kworker/1:2H cmd=
 * </pre>
 * The task's name may hold spaces and dashes (its pid is the last {@code -digits} before the CPU); the
 * latency flags column may be absent. A field's value runs to the next of the event's field names, in
 * {@link EventFormat} order, so a value with spaces reads whole. Comments ({@code #}) give nothing; a
 * "[LOST n EVENTS]" mark is a failure: a capture with a gap must not count as a smaller one.
 */
final class TraceLineParser {
    private static final Pattern LINE = Pattern.compile(
            "^\\s*(.*)-(\\d+)\\s+(?:\\(\\s*[-\\d]+\\)\\s+)?\\[(\\d+)\\]\\s+(?:\\S+\\s+)??(\\d+)\\.(\\d+): (\\w+): ?(.*)$");
    private static final Pattern LOST = Pattern.compile("CPU:(\\d+) \\[LOST (\\d+) EVENTS\\]");

    private final Map<String, EventFormat> formats = new HashMap<>();

    TraceLineParser(List<EventFormat> events) {
        for (EventFormat f : events) formats.put(f.point().event(), f);
    }

    /** The event on {@code line}; empty for a comment or a blank line. */
    Optional<TraceRecord> parse(String line) {
        if (line.isBlank() || line.startsWith("#")) return Optional.empty();
        Matcher lost = LOST.matcher(line);
        if (lost.find()) {
            throw new TraceFailedException("the trace buffer lost " + lost.group(2) + " events on CPU " + lost.group(1)
                    + ": the capture is incomplete; give the session a larger buffer");
        }
        Matcher m = LINE.matcher(line);
        if (!m.matches()) throw new TraceFailedException("cannot read this trace line: " + line);
        String event = m.group(6);
        EventFormat format = formats.get(event);
        if (format == null) throw new TraceFailedException("the trace holds an event this session did not enable (" + event + "): " + line);
        return Optional.of(new TraceRecord(m.group(1).strip(), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                nanos(m.group(4), m.group(5)), event, fields(format, m.group(7), line)));
    }

    /** "33212.121807" -> 33212121807000: seconds and a fraction of 6 (or 9) digits. */
    private static long nanos(String seconds, String fraction) {
        if (fraction.length() > 9) throw new TraceFailedException("a timestamp finer than nanoseconds: " + seconds + "." + fraction);
        return Long.parseLong(seconds) * 1_000_000_000L + Long.parseLong(fraction) * (long) Math.pow(10, 9 - fraction.length());
    }

    private static Map<String, String> fields(EventFormat format, String text, String line) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> names = format.fields();
        int at = 0;
        for (int i = 0; i < names.size(); i++) {
            String start = names.get(i) + "=";
            if (!text.startsWith(start, at)) {
                throw new TraceFailedException(format.point() + ": expected field '" + names.get(i) + "' at column " + at + " of: " + line);
            }
            int valueStart = at + start.length();
            int end = i + 1 < names.size() ? text.indexOf(" " + names.get(i + 1) + "=", valueStart) : text.length();
            if (end < 0) throw new TraceFailedException(format.point() + ": no field '" + names.get(i + 1) + "' in: " + line);
            out.put(names.get(i), text.substring(valueStart, end));
            at = end + 1;
        }
        return out;
    }
}
