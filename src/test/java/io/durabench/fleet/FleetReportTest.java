package io.durabench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.Context;
import io.durabench.report.DecisionTable;
import io.durabench.report.Report;
import io.durabench.report.ReportRow;
import io.durabench.report.analysis.Decisions;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.results.FleetFolder;
import io.durabench.results.ResultSet;
import io.durabench.results.ResultsLoader;
import io.durabench.stats.Estimate;
import io.durabench.testing.Evidence;
import io.durabench.testing.FleetFixture;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The fleet view on fleets built from the committed runs ({@link FleetFixture}: nine hosts and an
 * unreachable one; three hosts and the unreachable one): hosts tag their results and name their
 * contexts, every table line within 120 columns whatever the grouping, the unreachable host named
 * with its reason, tmpfs named not durable, flushes too fast per host, the spread rule's findings
 * recomputed here from the rows, none below five hosts (said so), and the fastest-method finding
 * agreeing with the report's decision table.
 */
@Evidence
class FleetReportTest {
    private static final int WIDTH = 120;

    @TempDir
    static Path tmp;
    private static Path nine;
    private static Path three;
    private static Report nineReport;

    @BeforeAll
    static void fleets() {
        nine = FleetFixture.nine(tmp);
        three = FleetFixture.three(tmp);
        nineReport = ReportBuilder.build(ResultsLoader.load(List.of(nine)), SyncMethod.NONE);
    }

    private static FleetView view(Path fleet, Report report, GroupBy by) {
        return FleetView.of(FleetFolder.read(fleet), report, by);
    }

    @Test
    void everySetIsTaggedWithItsHostAndEveryContextNamedByIt() {
        List<ResultSet> sets = ResultsLoader.load(List.of(nine));
        assertEquals(List.of("host-a", "host-b", "host-c", "host-d", "host-e", "host-f", "host-g", "host-h", "host-i"),
                sets.stream().map(ResultSet::host).distinct().toList());
        // Four hosts measured the same directory: told apart by host, never by a "[path]" suffix.
        for (Context c : nineReport.contexts()) {
            assertTrue(c.label().startsWith(c.host() + ": "), c.label());
            assertFalse(c.label().contains("["), c.label());
        }
        assertEquals("host-e", nineReport.contextNames().of(nineReport.contexts().stream().filter(c -> "host-e".equals(c.host()))
                .findFirst().orElseThrow()));
        FleetFolder.Fleet fleet = FleetFolder.read(nine);
        assertEquals("lab9", fleet.name());
        assertEquals(List.of("host-x"), fleet.notMeasured().stream().map(FleetFolder.Host::host).toList());
    }

    /** The playbook stages archives in FLEET/.incoming: a hidden folder is never a host. */
    @Test
    void aHiddenFolderIsThePlaybooksNotAHost() throws java.io.IOException {
        java.nio.file.Files.createDirectories(nine.resolve(".incoming"));
        try {
            assertEquals(List.of("host-x"), FleetFolder.read(nine).notMeasured().stream().map(FleetFolder.Host::host).toList());
        } finally {
            java.nio.file.Files.delete(nine.resolve(".incoming"));
        }
    }

    @ParameterizedTest
    @EnumSource(GroupBy.class)
    void everyTableLineFitsIn120ColumnsWhateverTheGrouping(GroupBy by) {
        FleetView v = view(nine, nineReport, by);
        assertFalse(v.tables().isEmpty());
        String text = FleetText.render(v);
        List<String> tableLines = text.lines().filter(l -> l.startsWith("  ") && !l.startsWith("   ")).toList();
        assertEquals(List.of(), tableLines.stream().filter(l -> l.length() > WIDTH).toList());
        List<String> md = FleetMarkdown.render(v, List.of()).lines().filter(l -> l.startsWith("|")).toList();
        assertFalse(md.isEmpty());
        assertEquals(List.of(), md.stream().filter(l -> l.length() > WIDTH).toList());
        // Every host with stable storage is a column (host) or in one (a group); the centre cell's table comes first.
        FleetTable first = v.tables().get(0);
        assertTrue(first.group().contains("8192 B, 1 write per sync, prealloc NONE"), first.group());
        Set<String> inColumns = new TreeSet<>();
        first.columns().forEach(c -> inColumns.addAll(c.hosts()));
        assertEquals(new TreeSet<>(v.measuredHosts()), inColumns);
    }

    @Test
    void groupingByDeviceAndKernelMakesTheirColumnsAndCellsTheMedianOfTheirHosts() {
        FleetView device = view(nine, nineReport, GroupBy.DEVICE);
        FleetTable t = device.tables().get(0);
        assertEquals(List.of("VD-1000", "VD-2000", "model unknown", "device unknown*"), t.columns().stream().map(FleetTable.FleetColumn::name).toList());
        assertEquals(List.of("host-a", "host-b", "host-c"), t.columns().get(0).hosts());
        FleetView kernel = view(nine, nineReport, GroupBy.KERNEL);
        assertEquals(List.of("6.18.44-fc-v669", "6.18.44-fc-v657", "6.18.44-fc-v669*"),
                kernel.tables().get(0).columns().stream().map(FleetTable.FleetColumn::name).toList());
        // A column of several hosts: the median of their costs, from the lowest to the highest, recomputed from the rows.
        FleetTable.Line fdatasync = t.lines().stream().filter(l -> l.method().equals("FDATASYNC")).findFirst().orElseThrow();
        FleetTable.FleetCell cell = fdatasync.cells().get(0);
        double[] costs = nineReport.rows().stream().filter(r -> r.groupLabel().equals(t.group()) && r.methodLabel().equals("FDATASYNC")
                && List.of("host-a", "host-b", "host-c").contains(r.context().host())).mapToDouble(r -> r.cost().mean()).sorted().toArray();
        assertEquals(3, costs.length);
        assertTrue(cell.range());
        assertEquals(costs[1], cell.value(), 1e-9);
        assertEquals(costs[0], cell.low(), 1e-9);
        assertEquals(costs[2], cell.high(), 1e-9);
    }

    @Test
    void theUnreachableHostIsListedWithItsReasonAndTmpfsIsNamedNotDurable() {
        FleetView v = view(nine, nineReport, GroupBy.HOST);
        String text = FleetText.render(v);
        assertTrue(text.lines().anyMatch(l -> l.matches("  host-x +unreachable +\\(no results\\).*")), text);
        FleetFinding unreachable = only(v, FleetFinding.Kind.NOT_MEASURED);
        assertEquals(List.of("host-x"), unreachable.hosts());
        assertTrue(unreachable.message().contains("unreachable: " + FleetFixture.UNREACHABLE_REASON), unreachable.message());
        FleetFinding tmpfs = only(v, FleetFinding.Kind.NOT_DURABLE);
        assertEquals(List.of("host-d"), tmpfs.hosts());
        assertTrue(tmpfs.message().startsWith("host-d: tmpfs ") && tmpfs.message().contains("has no stable storage"), tmpfs.message());
        assertTrue(v.tables().get(0).columns().stream().anyMatch(c -> c.name().equals("host-d*") && c.noStableStorage()));
    }

    @Test
    void flushesTooFastForTheDeviceAreFoundPerHost() {
        FleetView v = view(nine, nineReport, GroupBy.HOST);
        List<FleetFinding> fast = v.findings().stream().filter(f -> f.kind() == FleetFinding.Kind.IMPLAUSIBLY_FAST).toList();
        // Every host shares the lab's virtio disk (which claims to spin), but each host is its own device: one line each.
        assertTrue(fast.size() >= 5, fast.toString());
        for (FleetFinding f : fast) {
            assertEquals(1, f.hosts().size(), f.toString());
            assertTrue(f.message().contains(" on " + f.hosts().get(0) + " flush in < 1,000 µs"), f.message());
        }
        assertEquals(fast.size(), fast.stream().map(f -> f.hosts().get(0)).distinct().count());
    }

    @Test
    void aHostOutsideTheSpreadIsNamedWithItsFigureAndItsIntervalReallyExcludesTheBand() {
        FleetView v = view(nine, nineReport, GroupBy.HOST);
        List<FleetFinding> outside = v.findings().stream().filter(f -> f.kind() == FleetFinding.Kind.OUTSIDE_SPREAD).toList();
        assertFalse(outside.isEmpty(), v.findings().toString());
        for (FleetFinding f : outside) {
            // "host-f: MMAP_FORCE below the fleet's spread at GROUP: 7.06 µs [6.16, 7.96], 0.3 x the fleet's median 22 µs (band 13 to 37 µs over 8 hosts)"
            String host = f.hosts().get(0);
            String method = f.message().substring(host.length() + 2, f.message().indexOf(' ', host.length() + 2));
            String group = f.message().substring(f.message().indexOf(" spread at ") + 11, f.message().lastIndexOf(": "));
            List<ReportRow> rows = nineReport.rows().stream().filter(r -> r.groupLabel().equals(group) && r.methodLabel().equals(method)
                    && r.durable() && r.measured() && !r.context().hasNoStableStorage() && r.cost() != null && r.cost().mean() > 0).toList();
            double[] logs = rows.stream().mapToDouble(r -> Math.log(r.cost().mean())).sorted().toArray();
            double centre = median(logs);
            double mad = median(Arrays.stream(logs).map(x -> Math.abs(x - centre)).toArray());
            double half = Math.max(3 * 1.4826 * mad, Math.log(1.1));
            Estimate e = rows.stream().filter(r -> r.context().host().equals(host)).findFirst().orElseThrow().cost();
            assertTrue(e.low() > Math.exp(centre + half) || e.high() < Math.exp(centre - half), f.message());
            assertTrue(f.message().contains("over " + rows.size() + " hosts"), f.message());
        }
    }

    @Test
    void belowFiveHostsTheTablesStandWithoutSpreadFindingsAndSaySo() {
        Report report = ReportBuilder.build(ResultsLoader.load(List.of(three)), SyncMethod.NONE);
        FleetView v = view(three, report, GroupBy.HOST);
        assertTrue(v.findings().stream().noneMatch(f -> f.kind() == FleetFinding.Kind.OUTSIDE_SPREAD));
        FleetFinding note = only(v, FleetFinding.Kind.NOTE);
        assertTrue(note.message().startsWith("2 hosts with stable storage: no host is judged against the fleet's spread, which needs 5"),
                note.message());
        String text = FleetText.render(v);
        assertTrue(text.contains("no host is judged against the fleet's spread"), text);
        assertEquals(List.of("host-a", "host-b", "host-d*"), v.tables().get(0).columns().stream().map(FleetTable.FleetColumn::name).toList());
    }

    @Test
    void theFastestMethodFindingAgreesWithTheDecisionTable() {
        FleetView v = view(nine, nineReport, GroupBy.HOST);
        List<String> expected = new ArrayList<>();
        for (DecisionTable t : Decisions.of(nineReport.rows(), nineReport.contexts())) {
            if (t.targets().size() < 2 || t.durable().isEmpty()) continue;
            DecisionTable.Line best = t.durable().stream().reduce((a, b) -> b.fastestIn().size() > a.fastestIn().size() ? b : a).orElseThrow();
            for (Context c : t.targets()) if (!t.fastestOn(c).isEmpty() && !best.fastestIn().contains(c)) expected.add(c.host());
        }
        assertEquals(expected, v.findings().stream().filter(f -> f.kind() == FleetFinding.Kind.FASTEST_DIFFERS).map(f -> f.hosts().get(0)).toList());
    }

    private static FleetFinding only(FleetView v, FleetFinding.Kind kind) {
        List<FleetFinding> fs = v.findings().stream().filter(f -> f.kind() == kind).toList();
        assertEquals(1, fs.size(), kind + ": " + v.findings());
        return fs.get(0);
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
