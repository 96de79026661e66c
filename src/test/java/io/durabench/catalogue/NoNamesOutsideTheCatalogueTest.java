package io.durabench.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No benchmark, parameter or counter name is spelled as a string literal in src/main outside the
 * catalogue: code that needs one asks the catalogue, so renaming a @Param is a change in one place
 * (and CatalogueConsistencyTest says where) instead of silently emptied report columns.
 */
class NoNamesOutsideTheCatalogueTest {
    private static final Path MAIN = Path.of("src/main/java");
    private static final Path CATALOGUE = MAIN.resolve("io/durabench/catalogue");
    /** A Java string literal, escapes included. */
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    static Set<String> catalogueNames() {
        Set<String> names = new TreeSet<>();
        for (BenchmarkFamily f : Catalogue.families()) {
            names.add(f.simpleName());
            names.add(f.className());
            names.addAll(f.counters().names());
            for (Benchmark b : f.benchmarks()) {
                // A bare method name ("groupCommit") is not a benchmark's name: report.json's "groupCommit"
                // section is a word of the report; the benchmark is "GroupCommit.groupCommit".
                names.add(b.jmhName());
                names.add(b.shortName());
                b.parameters().forEach(p -> names.add(p.name()));
            }
        }
        return names;
    }

    @Test
    void mainCodeOutsideTheCatalogueSpellsNoCatalogueName() throws IOException {
        Set<String> names = catalogueNames();
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java") && !p.startsWith(CATALOGUE)).sorted().toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher m = LITERAL.matcher(lines.get(i));
                    while (m.find()) {
                        if (names.contains(m.group(1))) found.add(MAIN.relativize(f) + ":" + (i + 1) + " \"" + m.group(1) + "\"");
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void theScanSeesALiteralWhenThereIsOne() {
        Matcher m = LITERAL.matcher("x = cell.get(\"syncMethod\") + \"a\\\"b\";");
        List<String> seen = new ArrayList<>();
        while (m.find()) seen.add(m.group(1));
        assertEquals(List.of("syncMethod", "a\\\"b"), seen);
        assertEquals(true, catalogueNames().containsAll(List.of("syncMethod", "writes", "GroupCommit", "targetDir",
                "io.durabench.bench.SyncWriteCost.writeBlock", "commitSiblings")));
    }
}
