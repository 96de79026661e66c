package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.PanelAxes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.Report;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.Evidence;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * On the committed standard run, tmpfs "commits" ~1,000,000 times a second and the disks ~2,000 to
 * 40,000: a commits/s axis shared with tmpfs drew every disk's line flat on the floor. The disks
 * share one axis, scaled to them; tmpfs has its own, and its titles say so.
 */
@Evidence
class GroupCommitChartScaleTest {
    private static final Path STANDARD = Path.of("results/reference-standard");

    @Test
    void contextsWithoutStableStorageDoNotStretchTheDisksSharedAxis() {
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(STANDARD)), SyncMethod.NONE);
        Figure f = GroupCommitChart.spec(report).figure();
        double disks = Double.NaN;
        int own = 0;
        for (Figure.Panel p : f.panels()) {
            if (!p.title().startsWith("tmpfs") && p.title().contains("commits/s")) {
                double max = ((Axis.Linear) p.y()).max;
                if (!Double.isNaN(disks)) assertEquals(disks, max, "the disks share one commits/s axis");
                disks = max;
                assertTrue(max < 100_000, "scaled to the disks' tens of thousands of commits/s, not tmpfs's million: " + max);
                double top = PanelAxes.highest(List.of(p));
                assertTrue(top > 0.1 * max, p.title() + ": its highest point " + top + " is visible on an axis up to " + max);
            }
            if (p.title().startsWith("tmpfs")) {
                own++;
                assertTrue(p.title().endsWith("(own scale)"), p.title());
                assertTrue(((Axis.Linear) p.y()).max >= PanelAxes.highest(List.of(p)), "tmpfs's points fit its own axis");
            }
        }
        assertEquals(2, own, "tmpfs's commits/s and p99 panels");
    }
}
