package io.durabench.output;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbered notes under one table: what would not fit a cell (an n/a reason, a FAILED error, a
 * long name) is a superscript mark there and its full text here, each distinct text numbered once.
 */
public final class Footnotes {
    private static final String SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

    private final Map<String, String> marks = new LinkedHashMap<>();

    /** The mark of {@code text}: the same text gets the same number. */
    String mark(String text) {
        return marks.computeIfAbsent(text, t -> superscript(marks.size() + 1));
    }

    boolean isEmpty() {
        return marks.isEmpty();
    }

    /** "¹ n/a: ..." per note, in the order they were marked. */
    List<String> legend() {
        List<String> lines = new ArrayList<>();
        marks.forEach((text, mark) -> lines.add(mark + " " + text));
        return lines;
    }

    static String superscript(int n) {
        StringBuilder sb = new StringBuilder();
        for (char c : Integer.toString(n).toCharArray()) sb.append(SUPERSCRIPTS.charAt(c - '0'));
        return sb.toString();
    }
}
