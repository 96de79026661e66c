package io.durabench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The code's comments speak in the present: no comment in src/main or src/jmh carries a date or a
 * measured figure with its interval ("+4.3 µs [3.8, 4.8]"). Such figures and the history behind a
 * design belong in results/README.md and docs/, where they are kept with the runs that made them;
 * a comment says what the code does and why. Text in double quotes inside a comment (also over a
 * line break) is an example of what the code prints ("612 µs [480, 790] (n = 3 forks)") and is not checked.
 */
class CodeCommentsTest {
    private static final List<Path> TREES = List.of(Path.of("src/main"), Path.of("src/jmh"));
    private static final Pattern DATE = Pattern.compile("(?<![\\d-])(19|20)\\d{2}-[01]\\d-[0-3]\\d(?!\\d)");
    private static final String NUMBER = "[-+−]?\\d[\\d,]*(\\.\\d+)?";
    private static final Pattern FIGURE_WITH_INTERVAL = Pattern.compile(
            NUMBER + " ?(µs|us|ms|ns|s|%|x)\\s*\\[\\s*" + NUMBER + "\\s*,\\s*" + NUMBER + "\\s*\\]");
    private static final Pattern QUOTED = Pattern.compile("\"[^\"]{0,400}\"");

    @Test
    void noCommentCarriesADateOrAMeasuredInterval() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path tree : TREES) {
            try (Stream<Path> files = Files.walk(tree)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    for (String finding : findings(Files.readString(f))) found.add(f + ":" + finding);
                }
            }
        }
        assertEquals(List.of(), found, "comments carrying a date or a measured interval: move the figure or the history to"
                + " results/README.md or docs/ and say the reason in words");
    }

    @Test
    void theRuleFindsWhatItIsFor() {
        assertEquals(List.of("2: date 2026-12-03"), findings("class A {\n  /** Until 2026-12-03 this was slower. */\n}"));
        assertEquals(List.of("1: figure +4.3 µs [3.8, 4.8]"), findings("// side B's 5 µs spin measured +4.3 µs [3.8, 4.8]\nint x;"));
        assertEquals(List.of("2: figure −11% [−34, +21]"), findings("/*\n * MMAP_FORCE −11% [−34, +21] in 3 fork pairs\n */"));
    }

    @Test
    void theRuleLeavesAloneWhatIsNotAComment() {
        assertEquals(List.of(), findings("String s = \"2026-12-03\"; // the day's folder\nlong seed = 20_261_203L;"));
        assertEquals(List.of(), findings("/** \"612 µs [480, 790] (n = 3 forks)\": a verdict's figure. */"));
        assertEquals(List.of(), findings("/**\n * (\"O_DIRECT_DSYNC: 24% [19, 29] cheaper here,\n * 92 µs [71, 112] per write\") */"));
        assertEquals(List.of(), findings("String t = \"\"\"\n  323 µs [276, 369] // not a comment\n  \"\"\";"));
        assertEquals(List.of(), findings("char c = '\"'; // a quote, then 5 µs with no interval"));
    }

    /** Every date, and every figure with an interval outside quotes, in the comments of {@code source}: "line: what". */
    static List<String> findings(String source) {
        List<String> out = new ArrayList<>();
        for (int[] c : comments(source)) {
            String text = source.substring(c[0], c[1]);
            int line = 1 + (int) source.substring(0, c[0]).chars().filter(ch -> ch == '\n').count();
            Matcher d = DATE.matcher(text);
            while (d.find()) out.add(lineOf(line, text, d.start()) + ": date " + d.group());
            String unquoted = QUOTED.matcher(text).replaceAll(m -> "\"" + m.group().substring(1, m.group().length() - 1).replaceAll("[^\\n]", " ") + "\"");
            Matcher f = FIGURE_WITH_INTERVAL.matcher(unquoted);
            while (f.find()) out.add(lineOf(line, text, f.start()) + ": figure " + f.group());
        }
        return out;
    }

    private static int lineOf(int first, String text, int at) {
        return first + (int) text.substring(0, at).chars().filter(ch -> ch == '\n').count();
    }

    /** [start, end) of every comment, skipping string, text-block and char literals. */
    private static List<int[]> comments(String s) {
        List<int[]> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            if (s.startsWith("//", i)) {
                int end = s.indexOf('\n', i);
                end = end < 0 ? n : end;
                out.add(new int[] {i, end});
                i = end;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                out.add(new int[] {i, end});
                i = end;
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                i = end < 0 ? n : end + 3;
            } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
                char quote = s.charAt(i);
                int j = i + 1;
                while (j < n && s.charAt(j) != quote && s.charAt(j) != '\n') j += s.charAt(j) == '\\' ? 2 : 1;
                i = j + 1;
            } else {
                i++;
            }
        }
        return out;
    }
}
