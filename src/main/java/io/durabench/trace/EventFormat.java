package io.durabench.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An event's own fields in the order tracefs prints them (its {@code format} file, the {@code common_*}
 * fields left out: the line's header carries those). With the {@code fields} option each field prints as
 * {@code name=value}, in this order; knowing the names is what lets a value contain spaces.
 */
public record EventFormat(TracePoint point, List<String> fields) {
    /** "\tfield:char rwbs[10];\toffset:34;..." -> rwbs; "field:__data_loc char[] cmd;" -> cmd. */
    private static final Pattern FIELD = Pattern.compile("^\\s*field:[^;]*?([A-Za-z_][A-Za-z0-9_]*)\\s*(?:\\[[^\\]]*\\])?\\s*;");

    public EventFormat {
        fields = List.copyOf(fields);
    }

    /** The fields of a format file's text. */
    static EventFormat parse(TracePoint point, List<String> formatLines) {
        List<String> names = new ArrayList<>();
        for (String line : formatLines) {
            Matcher m = FIELD.matcher(line);
            if (m.find() && !m.group(1).startsWith("common_")) names.add(m.group(1));
        }
        return new EventFormat(point, names);
    }

    /** Reads events/SYSTEM/EVENT/format under {@code tracefs}. */
    static EventFormat read(Path tracefs, TracePoint point) {
        return parse(point, TraceFiles.lines(point.folderIn(tracefs).resolve("format")));
    }
}
