package io.durabench.report.chart;

import io.durabench.chart.ChartFile;
import io.durabench.chart.FigureFiles;
import io.durabench.chart.FigureLayout;
import io.durabench.chart.FigurePainter;
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
        List<ChartFile> files = new ArrayList<>();
        for (ChartSpec spec : specs(report)) {
            files.add(spec.figure() == null ? new ChartFile(spec.title(), null, null, spec.skippedBecause())
                    : FigureFiles.write(spec.figure(), dir, spec.name(), spec.title(), svg));
        }
        return files;
    }

    /** Every chart the report has, before drawing. */
    static List<ChartSpec> specs(Report report) {
        Headline centre = Headline.of(report.rows());
        List<ChartSpec> specs = new ArrayList<>();
        specs.add(DurabilityCostChart.spec(report, centre));
        if (!report.references().isEmpty()) specs.add(LockStepChart.spec(report, centre));
        specs.add(BatchSizeChart.spec(report, centre));
        specs.add(PercentileChart.spec(report, centre));
        specs.add(PreallocationChart.spec(report, centre));
        specs.add(CostModelChart.spec(report));
        if (!report.groupCommitRows().isEmpty()) specs.add(GroupCommitChart.spec(report));
        return specs;
    }
}
