package io.durabench.report.chart;

import io.durabench.report.Report;
import io.durabench.report.analysis.Headline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's charts, drawn by durabench's own small renderer ({@link FigureLayout},
 * {@link FigurePainter}) so their layout can be checked: durability cost per method per context,
 * time per write vs batch size, latency percentiles, preallocation strategies, the cost model's
 * fit and, with GroupCommit results, the group-commit knee. All fix the parameters they do not vary
 * at the same centre ({@link Headline}). A chart without data of its kind is skipped, with why.
 */
public final class Charts {
    private Charts() {
    }

    /** PNG and SVG. */
    public static List<ChartFile> write(Report report, Path dir) {
        return write(report, dir, true);
    }

    /** PNG always; SVG when {@code svg} (a vector copy for papers; the PNGs are what the reports link). */
    public static List<ChartFile> write(Report report, Path dir, boolean svg) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
        }
        Headline centre = Headline.of(report.rows());
        List<ChartFile> files = new ArrayList<>();
        files.add(DurabilityCostChart.write(report, centre, dir, svg));
        files.add(BatchSizeChart.write(report, centre, dir, svg));
        files.add(PercentileChart.write(report, centre, dir, svg));
        files.add(PreallocationChart.write(report, centre, dir, svg));
        files.add(CostModelChart.write(report, dir, svg));
        if (!report.groupCommitRows().isEmpty()) files.add(GroupCommitChart.write(report, dir, svg));
        return files;
    }
}
