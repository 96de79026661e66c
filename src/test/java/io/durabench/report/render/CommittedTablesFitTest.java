package io.durabench.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.report.Context;
import io.durabench.report.ContextNames;
import io.durabench.format.Fmt;
import io.durabench.report.PlainRow;
import io.durabench.report.Rendered;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.Evidence;
import io.durabench.workload.SyncMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tables of the committed runs as a reviewer reads them: every Markdown table line and every
 * text line from the first table on within 120 characters by default; every table whose ratios
 * are over a baseline shows that very baseline row (a batched table the batch-1 NONE, marked so);
 * every "other results" line names the target it ran on.
 */
@Evidence
class CommittedTablesFitTest {
    private static final int WIDTH = 120;

    private static Report report(String run) {
        Path dir = Path.of("results", run);
        assumeTrue(Files.isDirectory(dir), run + " is not in this checkout");
        return ReportBuilder.build(ResultsLoader.load(List.of(dir)), SyncMethod.NONE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"reference-standard", "reference-quick"})
    void everyTableLineFitsByDefault(String run) {
        Report report = report(run);
        List<String> md = Rendered.markdown(report, List.of()).lines().filter(l -> l.startsWith("|")).toList();
        assertFalse(md.isEmpty());
        assertEquals(List.of(), md.stream().filter(l -> l.length() > WIDTH).toList(), "Markdown table lines over " + WIDTH);
        List<String> text = Rendered.text(report).lines().toList();
        int first = text.indexOf(text.stream().filter(l -> l.startsWith("  method ")).findFirst().orElseThrow());
        assertEquals(List.of(), text.subList(first, text.size()).stream().filter(l -> l.length() > WIDTH).toList(),
                "text lines over " + WIDTH + " from the first table on");
    }

    @ParameterizedTest
    @ValueSource(strings = {"reference-standard", "reference-quick"})
    void everyTableShowsTheBaselineItsRatiosUse(String run) {
        Report report = report(run);
        String md = Rendered.markdown(report, List.of());
        String text = Rendered.text(report);
        int batched = 0;
        for (List<ReportRow> g : groups(report.rows()).values()) {
            List<ReportRow> bases = g.stream().filter(r -> r.ratio() != null).map(r -> r.baselineRow() == null ? r : r.baselineRow())
                    .distinct().toList();
            if (bases.isEmpty()) continue;
            assertEquals(1, bases.size(), "one baseline per table: " + g.get(0).groupLabel());
            ReportRow base = bases.get(0);
            assertTrue(base.baseline(), "the row a ratio is over is a baseline");
            boolean borrowed = g.stream().noneMatch(r -> r.id() == base.id());
            String label = base.methodLabel() + (borrowed ? " (baseline, from 1 write per sync)" : " (baseline)");
            String figure = (Fmt.usCompact(base.meanUs()) + " " + Fmt.usCompactInterval(base.figure())).strip();
            String table = markdownTable(md, g.get(0));
            assertTrue(table.contains("\n| " + label + " | " + figure + " | "), label + " " + figure + " in\n" + table);
            String textTable = textTable(text, g.get(0));
            String textLabel = borrowed ? base.methodLabel() + " (baseline" : label;
            assertTrue(textTable.lines().anyMatch(l -> l.startsWith("  " + textLabel) && l.contains(Fmt.usCompact(base.meanUs()))),
                    textLabel + " in\n" + textTable);
            if (borrowed) batched++;
        }
        assertTrue(batched > 0, "the committed runs have batched tables over batch 1's NONE");
    }

    // The two committed runs that measured NativeCallCost on their targets (the quick run has no other results).
    @ParameterizedTest
    @ValueSource(strings = {"reference-standard", "reference-standard-forks"})
    void everyOtherResultLineNamesItsTarget(String run) {
        Report report = report(run);
        assertFalse(report.plainRows().isEmpty(), run + " has other results");
        List<Context> contexts = new ArrayList<>(report.contexts());
        report.plainRows().forEach(r -> contexts.add(r.context()));
        ContextNames names = ContextNames.of(contexts);
        List<String> md = section(Rendered.markdown(report, List.of()), "## Other JMH results", "\n## ").lines()
                .filter(l -> l.startsWith("| ") && !l.startsWith("| Target")).toList();
        List<String> text = section(Rendered.text(report), "== Other JMH results", "\n\n").lines().skip(3).toList();
        assertEquals(report.plainRows().size(), md.size());
        assertEquals(report.plainRows().size(), text.size());
        for (int i = 0; i < md.size(); i++) {
            PlainRow r = report.plainRows().get(i);
            assertTrue(r.context().directory() != null, "a committed run's result knows its target: " + r);
            assertTrue(md.get(i).startsWith("| " + names.of(r.context()) + " | " + r.benchmark()), md.get(i));
            assertTrue(text.get(i).startsWith(names.of(r.context()) + " "), text.get(i));
        }
        long targets = report.contexts().stream().map(Context::directory).distinct().count();
        assertEquals(targets, report.plainRows().stream().map(PlainRow::context).distinct().count(), "each target's lines told apart");
    }

    private static Map<String, List<ReportRow>> groups(List<ReportRow> rows) {
        Map<String, List<ReportRow>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(r.groupKey(), k -> new ArrayList<>()).add(r));
        return groups;
    }

    /** The Markdown table of a row's group: under its context's section, from its heading to the next heading. */
    private static String markdownTable(String md, ReportRow head) {
        String context = section(md, "\n## " + head.context().label() + "\n", "\n## ");
        return section(context, "#### " + head.groupLabel() + " (", "\n#### ");
    }

    /** The text rows of a row's group: under its context's section, from its heading line to the next line that is not a row. */
    private static String textTable(String text, ReportRow head) {
        String context = section(text, "\n== " + head.context().label() + " ==\n", "\n== ");
        String from = section(context, "\n" + head.groupLabel() + " (", "\n\n");
        StringBuilder rows = new StringBuilder();
        for (String l : from.substring(1).lines().skip(1).toList()) {
            if (!l.startsWith("  ")) break;
            rows.append(l).append('\n');
        }
        return rows.toString();
    }

    private static String section(String s, String start, String end) {
        int a = s.indexOf(start);
        assertTrue(a >= 0, "no " + start.strip());
        int b = s.indexOf(end, a + start.length());
        return s.substring(a, b < 0 ? s.length() : b);
    }
}
