package io.durabench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.analysis.ReportFilter;
import io.durabench.selection.Selection;
import io.durabench.results.ResultsLoader;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Filters choose what is shown; every figure shown is still the full data's, baseline or not shown. */
class ReportFilterTest {
    @TempDir
    Path dir;

    private Report full;

    @BeforeEach
    void build() {
        full = ReportBuilder.build(ResultsLoader.load(List.of(FindingsTest.run(dir))), SyncMethod.NONE);
    }

    private static Selection methods(String... m) {
        return new Selection(List.of(), List.of(m), List.of(), List.of());
    }

    @Test
    void costsAndRatiosStayAgainstABaselineThatIsNotShown() {
        Report shown = ReportFilter.apply(full, methods("FDATASYNC"));
        assertFalse(shown.rows().isEmpty());
        assertTrue(shown.rows().stream().allMatch(r -> r.method().equals("FDATASYNC")), "only FDATASYNC");
        assertTrue(shown.rows().stream().noneMatch(ReportRow::baseline), "the baseline is not shown");
        Map<Integer, ReportRow> byId = full.rows().stream().collect(Collectors.toMap(ReportRow::id, Function.identity()));
        for (ReportRow r : shown.rows()) {
            ReportRow same = byId.get(r.id());
            assertEquals(same.cost(), r.cost(), "the cost is the full data's");
            assertEquals(same.ratio(), r.ratio());
            assertEquals(same.baselineUs(), r.baselineUs());
        }
        // The findings speak of what is shown, with the same figures.
        String cost = shown.findings().stream().filter(f -> f.kind() == Finding.Kind.DURABILITY_COST && f.context().startsWith("ext4"))
                .findFirst().orElseThrow().message();
        assertTrue(cost.contains("FDATASYNC costs 300 µs [") && cost.contains("more than NONE"), cost);
        assertFalse(cost.contains("O_DIRECT_DSYNC"), "a method not shown is not compared: " + cost);
    }

    @Test
    void globsListsAndCaseAreAccepted() {
        Report shown = ReportFilter.apply(full, methods("none", "o_direct*"));
        assertEquals(List.of("NONE", "O_DIRECT", "O_DIRECT_DSYNC"), shown.rows().stream().map(ReportRow::method).distinct().sorted().toList());
        Report xfs = ReportFilter.apply(full, new Selection(List.of("xfs"), List.of(), List.of(), List.of()));
        assertTrue(xfs.rows().stream().allMatch(r -> r.context().filesystem().equals("xfs")));
        assertEquals(1, xfs.contexts().size());
        assertTrue(xfs.findings().stream().noneMatch(f -> f.kind() == Finding.Kind.ACROSS_CONTEXTS), "one context: nothing to compare");
        Report byDir = ReportFilter.apply(full, new Selection(List.of("/dev/*"), List.of(), List.of(), List.of()));
        assertEquals(List.of("tmpfs"), byDir.contexts().stream().map(Context::filesystem).toList());
        Report bench = ReportFilter.apply(full, new Selection(List.of(), List.of(), List.of("SyncWriteCost"), List.of()));
        assertEquals(full.rows().size(), bench.rows().size());
    }

    @Test
    void warningsAreAboutTheShownRows() {
        Report shown = ReportFilter.apply(full, methods("FDATASYNC"));
        assertTrue(shown.warnings().stream().noneMatch(w -> w.message().contains("O_DIRECT")), shown.warnings().toString());
        // The noisy baselines of the shown groups still warn: their ratios are shown.
        assertTrue(shown.warnings().stream().anyMatch(w -> w.kind() == ReportWarning.Kind.NOISY_BASELINE), shown.warnings().toString());
    }

    @Test
    void aPatternThatMatchesNothingSaysWhatThereIs() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReportFilter.apply(full, methods("FSYNCC")));
        assertTrue(e.getMessage().startsWith("--method FSYNCC matches nothing in the results; try one of: NONE, FDATASYNC"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ReportFilter.apply(full, new Selection(List.of("zfs"), List.of(), List.of(),
                List.of())));
        assertTrue(e.getMessage().contains("try one of: ext4, tmpfs, xfs"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ReportFilter.apply(full, new Selection(List.of("tmpfs"), List.of("O_DIRECT"), List.of(), List.of())));
        assertTrue(e.getMessage().startsWith("the filters select no row together (--context tmpfs --method O_DIRECT)"), e.getMessage());
    }
}
