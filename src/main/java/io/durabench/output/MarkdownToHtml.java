package io.durabench.output;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown durabench writes (report.md), as the body of an HTML page: headings (each with an id
 * slug, unique in the page), paragraphs, bullet and numbered lists, pipe tables with their
 * alignment row (each {@code class="sortable"}, right-aligned columns {@code class="num"}), fenced
 * code, a rule, and a chart's image line, which becomes what {@code images} gives for its file name
 * (the chart's SVG, inline) or else an {@code <img>}. A {@code (SVG: [..](..))} line is dropped: the
 * SVG is in the page. Built on the Markdown rather than on the report so the HTML has the same
 * sections without a second copy of their logic; a line this converter does not recognise becomes
 * an escaped paragraph, never lost.
 */
public final class MarkdownToHtml {
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern RULE = Pattern.compile("^ {0,3}([-*_])( *\\1){2,} *$");
    private static final Pattern IMAGE = Pattern.compile("^!\\[([^\\]]*)\\]\\(([^)\\s]+)\\)\\s*$");
    private static final Pattern SVG_LINK = Pattern.compile("^\\(SVG: \\[[^\\]]*\\]\\([^)]*\\)\\)\\s*$");
    private static final Pattern BULLET = Pattern.compile("^[*+-]\\s+(.*)$");
    private static final Pattern NUMBERED = Pattern.compile("^\\d{1,9}[.)]\\s+(.*)$");
    private static final Pattern ALIGNMENT = Pattern.compile("^\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?\\s*$");
    private static final Pattern FENCE = Pattern.compile("^```.*$");
    private static final int LONG_CELL = 60;

    private final List<String> lines;
    private final Function<String, String> images;
    private final StringBuilder out = new StringBuilder();
    private final Set<String> ids = new HashSet<>();
    private int i;

    private MarkdownToHtml(String markdown, Function<String, String> images) {
        this.lines = markdown.replace("\r\n", "\n").lines().toList();
        this.images = images;
    }

    /** The HTML of {@code markdown}; {@code images} maps an image's target (a file name) to HTML for it, or null. */
    public static String body(String markdown, Function<String, String> images) {
        MarkdownToHtml m = new MarkdownToHtml(markdown, images);
        m.blocks();
        return m.out.toString();
    }

    /** The text of the first level-1 heading, or {@code fallback}. */
    public static String title(String markdown, String fallback) {
        for (String l : markdown.lines().toList()) {
            Matcher h = HEADING.matcher(l);
            if (h.matches() && h.group(1).length() == 1) return h.group(2);
        }
        return fallback;
    }

    private void blocks() {
        while (i < lines.size()) {
            String l = lines.get(i);
            Matcher m;
            if (l.isBlank() || SVG_LINK.matcher(l).matches()) {
                i++;
            } else if (FENCE.matcher(l).matches()) {
                fenced();
            } else if ((m = HEADING.matcher(l)).matches()) {
                heading(m.group(1).length(), m.group(2));
            } else if (RULE.matcher(l).matches()) {
                out.append("<hr>\n");
                i++;
            } else if ((m = IMAGE.matcher(l)).matches()) {
                image(m.group(1), m.group(2));
            } else if (tableStartsAt(i)) {
                table();
            } else if (BULLET.matcher(l).matches()) {
                list("ul", BULLET);
            } else if (NUMBERED.matcher(l).matches()) {
                list("ol", NUMBERED);
            } else {
                paragraph();
            }
        }
    }

    /** Whether line {@code at} starts another block (a paragraph ends there). */
    private boolean startsBlock(int at) {
        String l = lines.get(at);
        return l.isBlank() || FENCE.matcher(l).matches() || HEADING.matcher(l).matches() || RULE.matcher(l).matches()
                || IMAGE.matcher(l).matches() || SVG_LINK.matcher(l).matches() || tableStartsAt(at)
                || BULLET.matcher(l).matches() || NUMBERED.matcher(l).matches();
    }

    private void heading(int level, String text) {
        String id = uniqueId(slug(text));
        out.append("<h").append(level).append(" id=\"").append(id).append("\">").append(InlineMarkdown.toHtml(text))
                .append("</h").append(level).append(">\n");
        i++;
    }

    private void image(String alt, String target) {
        String inline = images.apply(target);
        out.append("<figure class=\"chart\">");
        if (inline != null) {
            out.append(inline);
        } else {
            out.append("<img src=\"").append(InlineMarkdown.escape(target)).append("\" alt=\"").append(InlineMarkdown.escape(alt)).append("\">");
        }
        out.append("</figure>\n");
        i++;
    }

    private void fenced() {
        StringBuilder code = new StringBuilder();
        i++;
        while (i < lines.size() && !lines.get(i).startsWith("```")) code.append(lines.get(i++)).append('\n');
        i++;
        out.append("<pre><code>").append(InlineMarkdown.escape(code.toString())).append("</code></pre>\n");
    }

    private void list(String tag, Pattern item) {
        out.append('<').append(tag).append(">\n");
        Matcher m;
        while (i < lines.size() && (m = item.matcher(lines.get(i))).matches()) {
            StringBuilder text = new StringBuilder(m.group(1));
            i++;
            // A continuation line is indented; durabench writes one line per item, others may not.
            while (i < lines.size() && lines.get(i).startsWith("  ") && !lines.get(i).isBlank()) text.append(' ').append(lines.get(i++).strip());
            out.append("<li>").append(InlineMarkdown.toHtml(text.toString())).append("</li>\n");
        }
        out.append("</").append(tag).append(">\n");
    }

    private void paragraph() {
        List<String> text = new ArrayList<>();
        text.add(lines.get(i++).strip());
        while (i < lines.size() && !startsBlock(i)) text.add(lines.get(i++).strip());
        out.append("<p>").append(InlineMarkdown.toHtml(String.join("\n", text))).append("</p>\n");
    }

    /** A header row of pipes followed by an alignment row with as many columns. */
    private boolean tableStartsAt(int at) {
        if (at + 1 >= lines.size()) return false;
        String header = lines.get(at);
        String align = lines.get(at + 1);
        return header.strip().startsWith("|") && ALIGNMENT.matcher(align).matches() && align.contains("-")
                && cells(header).size() == cells(align).size();
    }

    private void table() {
        List<String> header = cells(lines.get(i));
        List<String> align = cells(lines.get(i + 1));
        i += 2;
        out.append("<div class=\"table-wrap\"><table class=\"sortable\">\n<thead><tr>");
        for (int c = 0; c < header.size(); c++) out.append(cell("th", header.get(c), alignClass(align.get(c))));
        out.append("</tr></thead>\n<tbody>\n");
        while (i < lines.size() && lines.get(i).strip().startsWith("|")) {
            List<String> row = cells(lines.get(i++));
            if (isRule(row)) {
                // "not durable:" with empty cells: the rows below it are another group; they sort among themselves.
                out.append("</tbody>\n<tbody class=\"rule\"><tr><th colspan=\"").append(header.size()).append("\" scope=\"rowgroup\">")
                        .append(InlineMarkdown.toHtml(row.get(0))).append("</th></tr></tbody>\n<tbody>\n");
                continue;
            }
            out.append("<tr>");
            for (int c = 0; c < Math.max(row.size(), header.size()); c++) {
                out.append(cell("td", c < row.size() ? row.get(c) : "", c < align.size() ? alignClass(align.get(c)) : null));
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table></div>\n");
    }

    /** A row that only labels the rows below it: text ending in ':' in the first cell, every other cell empty. */
    private static boolean isRule(List<String> row) {
        return row.size() > 1 && row.get(0).strip().endsWith(":") && row.subList(1, row.size()).stream().allMatch(String::isBlank);
    }

    private static String cell(String tag, String markdown, String alignClass) {
        // A long cell (an n/a row's reason) wraps; every other cell keeps its number on one line.
        String cssClass = tag.equals("td") && markdown.length() > LONG_CELL ? "long" : alignClass;
        String open = cssClass == null ? "<" + tag + ">" : "<" + tag + " class=\"" + cssClass + "\">";
        return open + InlineMarkdown.toHtml(markdown) + "</" + tag + ">";
    }

    private static String alignClass(String spec) {
        String s = spec.strip();
        if (s.startsWith(":") && s.endsWith(":")) return "center";
        return s.endsWith(":") ? "num" : null;
    }

    /** The cells of a pipe row, split at pipes not escaped by a backslash, outer pipes dropped, each stripped. */
    static List<String> cells(String row) {
        String s = row.strip();
        if (s.startsWith("|")) s = s.substring(1);
        if (s.endsWith("|") && !s.endsWith("\\|")) s = s.substring(0, s.length() - 1);
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c == '\\' && k + 1 < s.length()) {
                cell.append(c).append(s.charAt(++k));
            } else if (c == '|') {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString().strip());
        return cells;
    }

    /** GitHub's way: lower case, letters, digits, '-' and '_' kept, spaces to '-', the rest dropped. */
    static String slug(String heading) {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < heading.length(); k++) {
            char c = heading.charAt(k);
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') s.append(Character.toLowerCase(c));
            else if (c == ' ') s.append('-');
        }
        return s.isEmpty() ? "section" : s.toString();
    }

    private String uniqueId(String slug) {
        String id = slug;
        for (int n = 1; !ids.add(id); n++) id = slug + "-" + n;
        return id;
    }
}
