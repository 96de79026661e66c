package io.durabench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Keeps the split between the default suite and the evidence tag ({@link Evidence}) true, from the test sources: a test
 * class that reads the committed results/ folder, itself or through a helper class that does, carries the tag; a class
 * with the tag reads results/ (else it is a test of the code, hidden from the default suite). A source reads results/
 * when it has a string literal "results" or "results/RUN..." naming a folder committed there, not as the argument of
 * resolve (a test's own folder of that name under a temporary root). Comments do not count.
 */
class EvidenceTagTest {
    private static final Path SOURCES = Path.of("src/test/java");
    private static final Path RESULTS = Path.of("results");
    private static final Pattern LITERAL = Pattern.compile("\"results(/[^\"]*)?\"");
    private static final Pattern TEST_METHOD = Pattern.compile("@(Test|ParameterizedTest|TestFactory|RepeatedTest|TestTemplate)\\b");

    @Test
    void aTestClassReadsTheCommittedResultsIfAndOnlyIfItIsTaggedEvidence() throws Exception {
        assertTrue(Files.isDirectory(SOURCES) && Files.isDirectory(RESULTS), "run from the project's folder: " + Path.of("").toAbsolutePath());
        Map<String, String> sources = new TreeMap<>(); // class name -> source without comments
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String name = SOURCES.relativize(f).toString().replace('/', '.').replaceFirst("\\.java$", "");
                sources.put(name, withoutComments(Files.readString(f)));
            }
        }
        Set<String> readers = readers(sources);
        assertTrue(readers.contains("io.durabench.compare.CommittedJavaVsCPlacementTest"), "the scan finds a known reader: " + readers);
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            if (!TEST_METHOD.matcher(e.getValue()).find()) continue; // a helper: the classes that use it are judged
            if (e.getKey().equals(EvidenceTagTest.class.getName())) continue; // this scan: it names results/ to look, not to read
            boolean tagged = isEvidence(Class.forName(e.getKey(), false, getClass().getClassLoader()));
            boolean reads = readers.contains(e.getKey());
            if (reads && !tagged) wrong.add(e.getKey() + " reads results/ but is not @Evidence: tag it, or give it a fixture under src/test/resources");
            if (tagged && !reads) wrong.add(e.getKey() + " is @Evidence but reads nothing in results/: it belongs in the default suite");
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void theScanTellsAReadFromAMentionOrAFolderOfTheTestsOwn() {
        Map<String, String> sources = Map.of(
                "a.Direct", withoutComments("class Direct { Path p = Path.of(\"results/reference-quick\"); }"),
                "a.Root", withoutComments("class Root { Path p = Path.of(\"results\", run); }"),
                "a.Helper", withoutComments("final class Helper { static Path p = Path.of(\"results\").resolve(\"x\"); }"),
                "a.UsesHelper", withoutComments("class UsesHelper { Path p = Helper.p; }"),
                "a.Comment", withoutComments("/** results/reference-quick */ class Comment { // \"results/reference-quick\"\n }"),
                "a.Own", withoutComments("class Own { Path p = root.resolve(\"results/fleet-it\"); }"),
                "a.Label", withoutComments("class Label { String s = \"results/no-such-run-committed\"; }"),
                "a.Unrelated", withoutComments("class Unrelated { String s = \"no results here\"; }"));
        assertEquals(Set.of("a.Direct", "a.Root", "a.Helper", "a.UsesHelper"), readers(sources));
    }

    @Test
    void theTagIsFoundThroughTheMetaAnnotation() {
        @Evidence
        class Tagged {
        }
        class Plain {
        }
        assertTrue(isEvidence(Tagged.class));
        assertFalse(isEvidence(Plain.class));
    }

    private static boolean isEvidence(Class<?> c) {
        return AnnotationSupport.findRepeatableAnnotations(c, Tag.class).stream().anyMatch(t -> t.value().equals(Evidence.TAG));
    }

    /** The classes that read results/ themselves, then those naming such a class, until none is added. */
    private static Set<String> readers(Map<String, String> sources) {
        Set<String> readers = new TreeSet<>();
        sources.forEach((name, source) -> {
            if (readsResults(source)) readers.add(name);
        });
        boolean added = true;
        while (added) {
            added = false;
            for (Map.Entry<String, String> e : sources.entrySet()) {
                if (readers.contains(e.getKey())) continue;
                for (String r : List.copyOf(readers)) {
                    String simple = r.substring(r.lastIndexOf('.') + 1);
                    if (Pattern.compile("\\b" + simple + "\\b").matcher(e.getValue()).find()) {
                        readers.add(e.getKey());
                        added = true;
                        break;
                    }
                }
            }
        }
        return readers;
    }

    private static boolean readsResults(String source) {
        Matcher m = LITERAL.matcher(source);
        while (m.find()) {
            if (source.substring(0, m.start()).stripTrailing().endsWith("resolve(")) continue;
            String rest = m.group(1) == null ? "" : m.group(1).substring(1);
            String run = rest.split("[/,]", 2)[0];
            if (Files.exists(RESULTS.resolve(run))) return true;
        }
        return false;
    }

    /** The source with its comments blanked (string and char literals kept, text blocks too). */
    static String withoutComments(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            if (s.startsWith("//", i)) {
                while (i < s.length() && s.charAt(i) != '\n') i++;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? s.length() : end + 2;
                out.append(' ');
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                end = end < 0 ? s.length() : end + 3;
                out.append(s, i, end);
                i = end;
            } else if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
                char quote = s.charAt(i);
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != quote) j += s.charAt(j) == '\\' ? 2 : 1;
                j = Math.min(j + 1, s.length());
                out.append(s, i, j);
                i = j;
            } else {
                out.append(s.charAt(i++));
            }
        }
        return out.toString();
    }
}
