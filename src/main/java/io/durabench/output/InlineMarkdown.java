package io.durabench.output;

/**
 * The inline Markdown durabench writes, as HTML: {@code **bold**}, {@code _italic_}, {@code `code`},
 * {@code [text](link)} and backslash escapes ({@code \|} in table cells). Everything else is text,
 * escaped; a marker without its closing twin stays as it was written. An underscore opens italics
 * only at the start of a word and closes only at its end, so names like {@code O_DIRECT_DSYNC} or
 * {@code write_cache} stay names.
 */
public final class InlineMarkdown {
    private InlineMarkdown() {
    }

    static String toHtml(String s) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int next = switch (c) {
                case '\\' -> backslash(s, i, out);
                case '`' -> code(s, i, out);
                case '*' -> bold(s, i, out);
                case '_' -> italic(s, i, out);
                case '[' -> link(s, i, out);
                default -> -1;
            };
            if (next < 0) {
                escapeTo(out, c);
                next = i + 1;
            }
            i = next;
        }
        return out.toString();
    }

    /** HTML text or attribute value: &amp;, &lt;, &gt; and both quotes escaped. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) escapeTo(out, s.charAt(i));
        return out.toString();
    }

    private static void escapeTo(StringBuilder out, char c) {
        switch (c) {
            case '&' -> out.append("&amp;");
            case '<' -> out.append("&lt;");
            case '>' -> out.append("&gt;");
            case '"' -> out.append("&quot;");
            case '\'' -> out.append("&#39;");
            default -> out.append(c);
        }
    }

    /** {@code \X} for ASCII punctuation X is X itself; any other backslash is a backslash. */
    private static int backslash(String s, int i, StringBuilder out) {
        if (i + 1 >= s.length() || !isAsciiPunctuation(s.charAt(i + 1))) return -1;
        escapeTo(out, s.charAt(i + 1));
        return i + 2;
    }

    private static int code(String s, int i, StringBuilder out) {
        int end = s.indexOf('`', i + 1);
        if (end < 0) return -1;
        out.append("<code>").append(escape(s.substring(i + 1, end))).append("</code>");
        return end + 1;
    }

    private static int bold(String s, int i, StringBuilder out) {
        if (!s.startsWith("**", i)) return -1;
        int end = s.indexOf("**", i + 2);
        if (end <= i + 2) return -1;
        out.append("<strong>").append(toHtml(s.substring(i + 2, end))).append("</strong>");
        return end + 2;
    }

    private static int italic(String s, int i, StringBuilder out) {
        boolean opens = (i == 0 || !isWordChar(s.charAt(i - 1))) && i + 1 < s.length() && !Character.isWhitespace(s.charAt(i + 1));
        if (!opens) return -1;
        for (int end = s.indexOf('_', i + 2); end > 0; end = s.indexOf('_', end + 1)) {
            boolean closes = !Character.isWhitespace(s.charAt(end - 1)) && (end + 1 == s.length() || !isWordChar(s.charAt(end + 1)));
            if (closes) {
                out.append("<em>").append(toHtml(s.substring(i + 1, end))).append("</em>");
                return end + 1;
            }
        }
        return -1;
    }

    /** {@code [text](target)}; a target with a scheme other than http(s) or none at all (javascript:) is not linked. */
    private static int link(String s, int i, StringBuilder out) {
        int close = s.indexOf("](", i + 1);
        if (close < 0) return -1;
        int end = s.indexOf(')', close + 2);
        if (end < 0) return -1;
        String target = s.substring(close + 2, end).strip();
        if (target.isEmpty() || target.contains(" ") || !safe(target)) return -1;
        out.append("<a href=\"").append(escape(target)).append("\">").append(toHtml(s.substring(i + 1, close))).append("</a>");
        return end + 1;
    }

    private static boolean safe(String target) {
        int colon = target.indexOf(':');
        int slash = target.indexOf('/');
        boolean hasScheme = colon > 0 && (slash < 0 || colon < slash);
        return !hasScheme || target.startsWith("http://") || target.startsWith("https://");
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static boolean isAsciiPunctuation(char c) {
        return c < 128 && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".indexOf(c) >= 0;
    }
}
