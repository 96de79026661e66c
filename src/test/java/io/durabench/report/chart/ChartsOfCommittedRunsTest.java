package io.durabench.report.chart;

import io.durabench.chart.Figure;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.report.Report;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultsLoader;
import io.durabench.testing.Evidence;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ChartPaletteTest's checks on the committed runs whose charts the issue found wrong: no legend entry is
 * a path (a run of six JVM slots, an A/A run in rounds, the standard run), and on the standard run tmpfs
 * shares no y axis with a disk and each disk has one cost-model panel of at most six methods.
 */
@Evidence
class ChartsOfCommittedRunsTest {
    private static Report report(String run) {
        return ReportBuilder.build(ResultsLoader.load(List.of(Path.of("results", run))), SyncMethod.NONE);
    }

    @Test
    void noLegendEntryIsAPathAndJvmSlotsAreNamedAfterTheirFolders() {
        Report slots = report("compare-aa-jdk17-rounds");
        for (Report r : List.of(slots, report("compare-aa-long"), report("reference-standard"))) {
            ChartPaletteTest.assertNoLegendEntryIsAPath(r);
        }
        List<String> names = Charts.specs(slots).get(0).figure().legend().stream().map(Figure.LegendEntry::label).toList();
        assertEquals(List.of("ext4 jvm1-17.0.15", "ext4 jvm2-17.0.15", "ext4 jvm3-17.0.15", "ext4 jvm4-17.0.15", "ext4 jvm5-17.0.15",
                "ext4 jvm6-17.0.15"), names, "a run's JVM slots are named after their folders");
    }

    @Test
    void onTheStandardRunTmpfsSharesNoYAxisAndEachDiskHasOneCostModelPanel() {
        Report standard = report("reference-standard");
        ChartPaletteTest.assertTmpfsSharesNoYAxisWithADisk(standard);
        ChartPaletteTest.assertCostModelPanels(standard);
    }
}
