package io.durabench.report;

import io.durabench.format.Fmt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.JsonRenderer;
import io.durabench.results.ResultsLoader;
import io.durabench.stats.Estimate;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost model on synthetic data of known intercept and slope: FDATASYNC costs 240 µs plus
 * 1.9 µs per KiB at 4, 8, 16 and 64 KiB (each size's 5 fork means, the replicates, spread
 * symmetrically about the line, so the least-squares line is exactly that), and 512 B costs 400 µs,
 * far above the line: below a page the write is fitted out and shown against the line.
 */
class CostModelTest {
    private static final double FIXED = 240, PER_KIB = 1.9;

    @TempDir
    Path dir;

    private Report report() {
        SyntheticRun run = new SyntheticRun(dir);
        SyntheticRun.Target t = run.target("/xfs", "xfs", "nvme0n1", 0, "write through");
        for (int block : new int[] {4096, 8192, 16384, 65536}) {
            t.write("NONE", block, 1, "NONE", 2 + block / 8192.0, 0.05);
            t.write("FDATASYNC", block, 1, "NONE", FIXED + PER_KIB * block / 1024.0, 3.0);
        }
        t.write("NONE", 512, 1, "NONE", 1.5, 0.05);
        t.write("FDATASYNC", 512, 1, "NONE", 400, 3.0);
        // Only two sizes: too few for a line.
        t.write("FSYNC", 4096, 1, "NONE", 300, 3.0).write("FSYNC", 8192, 1, "NONE", 310, 3.0);
        return ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
    }

    @Test
    void theLineThroughAKnownSweepIsRecoveredWithIntervalsThatHoldIt() {
        Report report = report();
        assertEquals(1, report.costModel().size(), "FDATASYNC only: NONE is not durable, FSYNC has two sizes: " + report.costModel());
        CostFit fit = report.costModel().get(0);
        assertEquals("FDATASYNC", fit.method());
        assertEquals(FIXED, fit.fixedUs().mean(), 1e-6);
        assertEquals(PER_KIB, fit.perKiBUs().mean(), 1e-9);
        assertInside(FIXED, fit.fixedUs());
        assertInside(PER_KIB, fit.perKiBUs());
        assertTrue(fit.fixedUs().high() - fit.fixedUs().low() < 20, "4 sizes x 5 forks pin the intercept: " + fit.fixedUs());
        assertTrue(fit.rSquared() > 0.99, "R² " + fit.rSquared());
        assertEquals(20, fit.iterations(), "one point per fork (4 sizes x 5 forks), not one per iteration (100)");
        assertEquals(4096, fit.fittedFromBytes());
        assertEquals("1 write per sync, prealloc NONE", fit.conditions());

        CostFit.Point small = fit.points().get(0);
        assertEquals(512, small.blockBytes());
        assertFalse(small.fitted(), "below a page: not in the fit");
        assertTrue(small.offTheLine(), "and shown to be off it");
        assertEquals(400 - (FIXED + PER_KIB * 0.5), small.residualUs(), 1e-6);
        assertTrue(fit.points().subList(1, 5).stream().allMatch(p -> p.fitted() && !p.offTheLine()), fit.points().toString());
    }

    @Test
    void theFitIsAFindingATableAndAJsonArray() {
        Report report = report();
        Finding f = report.findings().stream().filter(x -> x.kind() == Finding.Kind.COST_MODEL).findFirst().orElseThrow();
        CostFit fit = report.costModel().get(0);
        assertTrue(f.message().startsWith("cost model, FDATASYNC from 4 KiB to 64 KiB (1 write per sync, prealloc NONE): a durable write costs "
                + Fmt.usWithInterval(fit.fixedUs()) + " plus " + Fmt.usWithInterval(fit.perKiBUs()) + " per KiB (R² 0.99, 20 replicates)"),
                f.message());
        assertTrue(f.message().contains("off the line: 512 B measured 400 µs ["), f.message());
        assertTrue(f.message().contains("above the line (241 µs)"), f.message());

        String text = Rendered.text(report);
        assertTrue(text.contains("== Cost model: time per write = fixed + per KiB x block size =="), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("  FDATASYNC ") && l.endsWith("  512 B")), text);
        String md = io.durabench.report.Rendered.markdown(report, List.of());
        assertTrue(md.contains(" | 512 B |") && md.contains("* FDATASYNC off the line (measured vs line, µs): 512 B 400.0 vs 241.0"), md);

        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject().getAsJsonArray("costModel")
                .get(0).getAsJsonObject();
        assertEquals(FIXED, json.get("fixedUs").getAsDouble(), 1e-6);
        assertEquals(PER_KIB, json.get("perKiBUs").getAsDouble(), 1e-9);
        assertTrue(json.get("fixedLowUs").getAsDouble() < FIXED && FIXED < json.get("fixedHighUs").getAsDouble());
        assertEquals(5, json.getAsJsonArray("points").size());
        JsonObject point = json.getAsJsonArray("points").get(0).getAsJsonObject();
        assertEquals(512, point.get("blockSizeBytes").getAsInt());
        assertFalse(point.get("fitted").getAsBoolean());
        assertTrue(point.get("offTheLine").getAsBoolean());
    }

    @Test
    void theReplicatesAreTheForkMeans() {
        Report report = report();
        ReportRow r = report.rows().stream().filter(x -> x.method().equals("FDATASYNC") && x.cell().describe().contains("blockSizeBytes=4096"))
                .findFirst().orElseThrow();
        double mean = FIXED + PER_KIB * 4;
        double[] forks = {mean - 6, mean - 3, mean, mean + 3, mean + 6};
        assertEquals(forks.length, r.replicateUs().length, java.util.Arrays.toString(r.replicateUs()));
        for (int i = 0; i < forks.length; i++) assertEquals(forks[i], r.replicateUs()[i], 1e-9);
        assertEquals(Estimate.Basis.FORKS, r.time().basis());
    }

    private static void assertInside(double truth, Estimate e) {
        assertTrue(e.low() <= truth && truth <= e.high(), truth + " in " + e);
    }
}
