package io.durabench.witness;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lexical rules of strace's output, in one place: splitting an argument list at its top-level
 * commas, finding the parenthesis that closes it, undoing strace's string escapes, and reading the
 * {@code fd</path>} annotations that {@code -y} adds.
 *
 * <p>What strace (6.1) prints: strings are double-quoted with
 * {@code \"}, {@code \\}, {@code \n}-style and octal ({@code \303\251}) escapes, and may be followed
 * by {@code ...} when truncated; a {@code -y} path is printed between {@code <} and {@code >} with
 * the same escapes plus {@code <} and {@code >} themselves as octal ({@code \74}, {@code \76}), while
 * {@code ,} and {@code )} appear raw; an fd whose file was unlinked reads {@code 3</x/y>(deleted)}.
 */
final class StraceText {
    private static final Pattern FD_ARG = Pattern.compile("(-?\\d+|AT_FDCWD)(?:<(.*)>)?(?:\\(deleted\\))?");

    private StraceText() {
    }

    /** An fd argument or return value: the number (AT_FDCWD is -100) and the path -y printed, or null. */
    record FdRef(int fd, String path) {
        static final int AT_FDCWD = -100;
    }

    /** The arguments of a call and the index just past the parenthesis that closes them (-1: not closed). */
    record Split(List<String> args, int end) {
    }

    /**
     * Splits {@code text} from {@code start} (just past the opening parenthesis) into top-level
     * arguments, up to the matching closing parenthesis. Commas inside strings, {@code <...>} path
     * annotations and nested {@code ()}, {@code []}, {@code {}} do not split.
     */
    static Split splitArgs(String text, int start) {
        List<String> args = new ArrayList<>();
        int depth = 0;
        int argStart = start;
        int i = start;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                i = skipQuoted(text, i, '"');
                continue;
            }
            if (c == '<') {
                i = skipQuoted(text, i, '>');
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ']' || c == '}') {
                depth--;
            } else if (c == ')') {
                if (depth == 0) {
                    addArg(args, text.substring(argStart, i));
                    return new Split(args, i + 1);
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                addArg(args, text.substring(argStart, i));
                argStart = i + 1;
            }
            i++;
        }
        addArg(args, text.substring(argStart));
        return new Split(args, -1);
    }

    private static void addArg(List<String> args, String raw) {
        String a = raw.strip();
        // "f()" has no arguments, not one empty one.
        if (!a.isEmpty() || !args.isEmpty()) args.add(a);
    }

    /** Index just past the {@code >} that closes the {@code <path>} annotation opened at {@code open}. */
    static int skipAnnotation(String text, int open) {
        return skipQuoted(text, open, '>');
    }

    /** Index just past the closing {@code close} of the run opened at {@code open}, honouring backslash escapes. */
    private static int skipQuoted(String text, int open, char close) {
        int i = open + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == close) {
                return i + 1;
            } else {
                i++;
            }
        }
        return text.length();
    }

    /** The fd (and -y path) in an argument such as {@code 79</x/y.log>}, or null when it is not an fd. */
    static FdRef fd(String arg) {
        Matcher m = FD_ARG.matcher(arg);
        if (!m.matches()) return null;
        int fd = m.group(1).equals("AT_FDCWD") ? FdRef.AT_FDCWD : Integer.parseInt(m.group(1));
        return new FdRef(fd, m.group(2) == null ? null : unescape(m.group(2)));
    }

    /** The contents of a quoted string argument ({@code "a\"b"...} gives {@code a"b}), or null if not quoted. */
    static String unquote(String arg) {
        if (!arg.startsWith("\"")) return null;
        int end = skipQuoted(arg, 0, '"');
        return unescape(arg.substring(1, Math.max(1, end - 1)));
    }

    /** Undoes strace's escapes: {@code \\ \" \n \t \r \v \f}, octal {@code \NNN} and hex {@code \xHH}; bytes read as UTF-8. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) return s;
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
                i++;
                continue;
            }
            char e = s.charAt(i + 1);
            if (e >= '0' && e <= '7') {
                int j = i + 1;
                int v = 0;
                while (j < s.length() && j < i + 4 && s.charAt(j) >= '0' && s.charAt(j) <= '7') v = v * 8 + (s.charAt(j++) - '0');
                out.write(v);
                i = j;
            } else if (e == 'x' && isHex(s, i + 2, 2)) {
                out.write(Integer.parseInt(s.substring(i + 2, i + 4), 16));
                i += 4;
            } else {
                out.write(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    case 'v' -> 0x0b;
                    case 'f' -> '\f';
                    default -> e; // \\ \" and anything strace did not need to escape
                });
                i += 2;
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static boolean isHex(String s, int from, int n) {
        if (from + n > s.length()) return false;
        for (int k = from; k < from + n; k++) {
            if (Character.digit(s.charAt(k), 16) < 0) return false;
        }
        return true;
    }

    /** The names in a flag argument such as {@code O_RDWR|O_CREAT|O_DSYNC} ({@code 0} gives none). */
    static List<String> flagNames(String arg) {
        List<String> names = new ArrayList<>();
        for (String part : arg.split("\\|")) {
            String p = part.strip();
            if (!p.isEmpty() && !p.equals("0")) names.add(p);
        }
        return names;
    }
}
