package io.durabench.output;

import java.util.ArrayList;
import java.util.List;

/** Word-wraps prose for the terminal report so a line stays within {@link #WIDTH} columns. */
public final class Wrap {
    /** The width the text report is written for: a terminal split in two, or a review tool's diff. */
    public static final int WIDTH = 120;

    private Wrap() {
    }

    /**
     * {@code first} starts the first line, {@code rest} every following one; words longer than a
     * line (a path) are kept whole on their own line rather than cut.
     */
    static List<String> lines(String text, String first, String rest) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder(first);
        boolean empty = true;
        for (String word : text.split(" ")) {
            if (word.isEmpty()) continue;
            if (!empty && line.length() + 1 + word.length() > WIDTH) {
                out.add(line.toString());
                line = new StringBuilder(rest);
                empty = true;
            }
            if (!empty) line.append(' ');
            line.append(word);
            empty = false;
        }
        out.add(line.toString());
        return out;
    }

    /** Appends the wrapped text, one line each, to {@code sb}. */
    public static void append(StringBuilder sb, String text, String first, String rest) {
        lines(text, first, rest).forEach(l -> sb.append(l).append('\n'));
    }
}
