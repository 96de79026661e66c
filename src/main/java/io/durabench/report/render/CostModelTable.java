package io.durabench.report.render;

import io.durabench.output.Column;
import io.durabench.output.GroupedTable;
import io.durabench.report.ContextNames;
import io.durabench.report.CostFit;
import io.durabench.format.Fmt;
import io.durabench.report.Report;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The cost model section: per context, one line per durable method's fit, and the sizes off its line. */
final class CostModelTable {
    static final String TITLE = "Cost model: time per write = fixed + per KiB x block size";
    static final String INTRO = "Least squares over every iteration of the block sizes of a page (4 KiB) or more when there are "
            + "three, else of all sizes; 99.9% Student t intervals. Fixed is what a durable write costs whatever its size "
            + "(mostly the flush), per KiB the bandwidth term. \"off the line\": sizes whose own interval excludes the line.";

    private CostModelTable() {
    }

    static GroupedTable<CostFit> of(Report report) {
        List<Column<CostFit>> columns = List.of(
                Column.text("method", "Method", CostFit::method),
                Column.number("fixed µs [99.9% CI]", "Fixed µs [99.9% CI]", f -> Fmt.usCompact(f.fixedUs().mean())),
                Column.joined("Fixed 99.9% CI (µs)", f -> Fmt.usCompactInterval(f.fixedUs())),
                Column.number("µs per KiB [99.9% CI]", "µs per KiB [99.9% CI]", f -> Fmt.usCompact(f.perKiBUs().mean())),
                Column.joined("Per KiB 99.9% CI (µs)", f -> Fmt.usCompactInterval(f.perKiBUs())),
                Column.number("R²", "R²", f -> Fmt.fixed2(f.rSquared())),
                Column.text("fitted", "Fitted sizes", CostModelTable::fitted),
                Column.text("off the line", "Off the line", CostModelTable::offTheLineSizes));
        GroupedTable<CostFit> table = new GroupedTable<>(columns, f -> null);
        ContextNames names = report.contextNames();
        Map<String, List<CostFit>> byContext = new LinkedHashMap<>();
        report.costModel().forEach(f -> byContext.computeIfAbsent(names.of(f.context()) + " (" + f.conditions() + ")",
                k -> new ArrayList<>()).add(f));
        // The figures of the sizes off the line are a note under the table: a cell of them ran to 150 characters.
        byContext.forEach((heading, fits) -> table.add(heading, "fits", fits,
                fits.stream().filter(f -> !offTheLine(f).equals("-")).map(f -> f.method() + " off the line (measured vs line, µs): "
                        + offTheLine(f)).toList()));
        return table;
    }

    private static String fitted(CostFit f) {
        int largest = f.points().stream().mapToInt(CostFit.Point::blockBytes).max().orElse(0);
        long n = f.points().stream().filter(CostFit.Point::fitted).count();
        return Fmt.bytes(f.fittedFromBytes()) + "-" + Fmt.bytes(largest) + " (" + n + ")";
    }

    /** Which sizes are off the line ("512 B, 64 KiB"), or "-"; their figures are in the note under the table. */
    private static String offTheLineSizes(CostFit f) {
        List<String> off = new ArrayList<>();
        for (CostFit.Point p : f.points()) if (p.offTheLine()) off.add(Fmt.bytes(p.blockBytes()));
        return off.isEmpty() ? "-" : String.join(", ", off);
    }

    /** "512 B 300 vs 241; 64 KiB 410 vs 380", or "-" when every size is within its interval of the line. */
    private static String offTheLine(CostFit f) {
        List<String> off = new ArrayList<>();
        for (CostFit.Point p : f.points()) {
            if (p.offTheLine()) off.add(Fmt.bytes(p.blockBytes()) + " " + Fmt.usCompact(p.measured().mean()) + " vs " + Fmt.usCompact(p.predictedUs()));
        }
        return off.isEmpty() ? "-" : String.join("; ", off);
    }
}
