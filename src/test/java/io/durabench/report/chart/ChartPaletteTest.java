package io.durabench.report.chart;

import io.durabench.chart.Axis;
import io.durabench.chart.Figure;
import io.durabench.chart.Look;
import io.durabench.chart.Marker;
import io.durabench.chart.Palette;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.Report;
import io.durabench.report.SyntheticRun;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the issue found in the committed charts, checked on synthetic runs (ChartsOfCommittedRunsTest
 * checks the committed runs themselves the same way): a filesystem's colour does not depend on which
 * other targets a run holds; no legend entry is a path; tmpfs never shares a y axis with a disk; no
 * cost-model panel has more than six methods; a method's look is fixed by its name.
 */
class ChartPaletteTest {
    private static final List<String> DISKS = List.of("ext4", "xfs", "btrfs");

    @TempDir
    Path dir;

    /** A run with the given filesystems ("tmpfs" for a memory target), every method at three block sizes, percentiles too. */
    private Report run(Path root, String... filesystems) {
        SyntheticRun run = new SyntheticRun(root);
        for (String fs : filesystems) {
            SyntheticRun.Target t = fs.equals("tmpfs") ? run.memory("/dev/shm/durabench")
                    : run.target("/mnt/durabench-lab/" + fs + "/data", fs, "vda", 1, "write back");
            double scale = fs.equals("tmpfs") ? 0.01 : 1 + DISKS.indexOf(fs) * 0.3;
            for (SyncMethod m : SyncMethod.values()) {
                for (int block : new int[] {4096, 8192, 65536}) {
                    double mean = scale * (m.durable() ? 300 + 20 * m.ordinal() + block / 1024.0 : 5 + block / 8192.0);
                    t.write(m.name(), block, 1, "NONE", mean, mean * 0.02);
                    t.sample(m.name(), block, 1, "NONE", mean * 0.9, mean * 2, mean * 5);
                }
            }
        }
        return ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
    }

    private static Figure figure(Report report, String name) {
        return Charts.specs(report).stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow().figure();
    }

    /** The colour a figure gives the target whose legend entry starts with {@code fs}. */
    private static Color legendColour(Figure f, String fs) {
        return f.legend().stream().filter(e -> e.label().startsWith(fs)).findFirst().orElseThrow().colour();
    }

    @Test
    void aFilesystemHasOneColourWhateverElseTheRunHolds() {
        Figure withExt4 = figure(run(dir.resolve("a"), "ext4", "btrfs"), DurabilityCostChart.NAME);
        Figure withoutExt4 = figure(run(dir.resolve("b"), "btrfs", "xfs", "tmpfs"), DurabilityCostChart.NAME);
        assertEquals(legendColour(withExt4, "btrfs"), legendColour(withoutExt4, "btrfs"), "btrfs with and without ext4");
        assertEquals(Palette.filesystem("btrfs"), legendColour(withExt4, "btrfs"));
        assertEquals(Palette.filesystem("ext4"), legendColour(withExt4, "ext4"));
        assertEquals(Palette.filesystem("xfs"), legendColour(withoutExt4, "xfs"));
        Set<Color> fixed = new HashSet<>();
        for (String fs : List.of("ext4", "xfs", "btrfs", "zfs", "f2fs", "tmpfs")) fixed.add(Palette.filesystem(fs));
        assertEquals(6, fixed.size(), "the named filesystems have six different colours");
        assertEquals(Palette.filesystem("nilfs2"), Palette.filesystem("NILFS2"), "another filesystem: one colour for its name");
        assertEquals(Palette.filesystem("tmpfs"), Palette.filesystem("ramfs"), "no stable storage: one grey");
    }

    @Test
    void aMethodLooksTheSameInEveryChartAndNoTwoMethodsLookAlike() {
        Set<Look> looks = new HashSet<>();
        for (SyncMethod m : SyncMethod.values()) assertTrue(looks.add(MethodLooks.of(m.name())), m + " looks like another method");
        assertEquals(MethodLooks.of("FDATASYNC"), MethodLooks.of("FDATASYNC *"), "the chart's star does not change the look");
        assertEquals(MethodLooks.of("OPEN_DATASYNC"), MethodLooks.of("OPEN_DATASYNC"), "an unknown label: fixed by its name");
        Figure single = figure(run(dir.resolve("c"), "xfs"), CostModelChart.NAME);
        for (Figure.Panel p : single.panels()) {
            for (Figure.Series s : p.series()) {
                if (s.marker() != Marker.NONE) assertEquals(MethodLooks.of(s.name()).colour(), s.colour(), s.name());
            }
        }
    }

    @Test
    void noLegendEntryIsAPath() {
        assertNoLegendEntryIsAPath(run(dir.resolve("d"), "ext4", "xfs", "btrfs", "tmpfs"));
    }

    static void assertNoLegendEntryIsAPath(Report r) {
        for (ChartSpec spec : Charts.specs(r)) {
            if (spec.figure() == null) continue;
            Set<String> labels = new HashSet<>();
            for (Figure.LegendEntry e : spec.figure().legend()) {
                assertFalse(e.label().contains("/"), spec.name() + ": a path in the legend: " + e.label());
                assertTrue(e.label().length() <= 40, spec.name() + ": a long legend entry: " + e.label());
                assertTrue(labels.add(e.label()), spec.name() + ": two legend entries say " + e.label());
            }
            for (Figure.Panel p : spec.figure().panels()) {
                assertFalse(p.title().contains(".json") || p.title().contains("/mnt"), spec.name() + ": a path in a title: " + p.title());
            }
        }
    }

    @Test
    void tmpfsSharesNoYAxisWithADisk() {
        assertTmpfsSharesNoYAxisWithADisk(run(dir.resolve("e"), "ext4", "xfs", "btrfs", "tmpfs"));
    }

    static void assertTmpfsSharesNoYAxisWithADisk(Report r) {
        for (ChartSpec spec : Charts.specs(r)) {
            if (spec.figure() == null) continue;
            List<Axis> diskAxes = new ArrayList<>(), memoryAxes = new ArrayList<>();
            for (Figure.Panel p : spec.figure().panels()) {
                boolean memory = mentions(p, List.of("tmpfs")), disk = mentions(p, DISKS);
                assertFalse(memory && disk, spec.name() + ": tmpfs and a disk in one panel: " + p.title());
                if (memory) memoryAxes.add(p.y());
                if (disk) diskAxes.add(p.y());
            }
            for (Axis m : memoryAxes) {
                for (Axis d : diskAxes) {
                    assertTrue(m != d && !sameRange(m, d), spec.name() + ": tmpfs on a disk's y axis");
                }
            }
        }
    }

    /** A panel's target, by its title or its series' names (the targets' names where colour is the target). */
    private static boolean mentions(Figure.Panel p, List<String> filesystems) {
        List<String> names = new ArrayList<>(p.series().stream().map(Figure.Series::name).toList());
        names.add(p.title());
        return names.stream().anyMatch(n -> filesystems.stream().anyMatch(fs -> n.startsWith(fs + " ") || n.equals(fs) || n.startsWith(fs + ":")));
    }

    private static boolean sameRange(Axis a, Axis b) {
        if (a instanceof Axis.Log x && b instanceof Axis.Log y) return x.min == y.min && x.max == y.max;
        if (a instanceof Axis.Linear x && b instanceof Axis.Linear y) return x.min == y.min && x.max == y.max;
        return false;
    }

    @Test
    void noCostModelPanelHasMoreThanSixMethodsAndEachTargetHasOnePanel() {
        assertCostModelPanels(run(dir.resolve("f"), "ext4", "xfs", "btrfs"));
    }

    /** One cost-model panel per disk target (three here), each with five to six methods, a colour and a mark each. */
    static void assertCostModelPanels(Report r) {
        Figure f = figure(r, CostModelChart.NAME);
        assertEquals(3, f.panels().size(), "one panel per target");
        for (Figure.Panel p : f.panels()) {
            List<Figure.Series> methods = p.series().stream().filter(s -> s.marker() != Marker.NONE).toList();
            assertTrue(methods.size() <= CostModelChart.MAX_METHODS, p.title() + ": " + methods.size() + " methods");
            assertTrue(methods.size() >= 5, p.title() + ": the panel still shows the native calls");
            assertEquals(methods.size(), methods.stream().map(Figure.Series::colour).distinct().count(), p.title() + ": a colour each");
            assertEquals(methods.size(), methods.stream().map(Figure.Series::marker).distinct().count(), p.title() + ": a mark each");
            assertFalse(p.title().contains("(1/2)"), p.title());
        }
    }
}
