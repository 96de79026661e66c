package io.durabench.report;

import io.durabench.format.Fmt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.durabench.report.analysis.ReportBuilder;
import io.durabench.report.render.JsonRenderer;
import io.durabench.report.render.Tables;
import io.durabench.results.ResultsLoader;
import io.durabench.stats.Estimate;
import io.durabench.workload.SyncMethod;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Findings computed from synthetic results whose answers are known, each row measured in 5 forks: on
 * ext4 O_DIRECT_DSYNC is resolved cheaper than FDATASYNC by 100 µs while O_DSYNC's wide interval
 * resolves nothing; batching and zero-fill are resolved gains on ext4; on xfs zero-fill resolves
 * nothing; O_DIRECT (not durable) is the fastest row; tmpfs has no stable storage. Every figure
 * quoted must be the rows' own. The same figures measured in one fork each (a run from before forks
 * were the unit of replication) resolve nothing, and the findings say why first.
 */
class FindingsTest {
    @TempDir
    Path dir;

    private Report report;

    static Path run(Path dir) {
        return run(new SyntheticRun(dir));
    }

    static Path run(SyntheticRun run) {
        run.target("/data", "ext4", "nvme0n1", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 5.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 305.0, 2.0)
                .write("O_DIRECT_DSYNC", 8192, 1, "NONE", 205.0, 2.0)
                .write("O_DSYNC", 8192, 1, "NONE", 300.0, 60.0)
                .write("O_DIRECT", 8192, 1, "NONE", 30.0, 1.0)
                .write("FDATASYNC", 8192, 100, "NONE", 15.0, 0.2)
                .write("NONE", 8192, 1, "ZERO_FILL", 25.0, 0.5)
                .write("FDATASYNC", 8192, 1, "ZERO_FILL", 155.0, 2.0);
        run.target("/xfs", "xfs", "nvme1n1", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 4.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 204.0, 2.0)
                .write("NONE", 8192, 1, "ZERO_FILL", 15.0, 0.3)
                .write("FDATASYNC", 8192, 1, "ZERO_FILL", 215.0, 40.0);
        run.memory("/dev/shm")
                .write("NONE", 8192, 1, "NONE", 3.0, 0.1)
                .write("FDATASYNC", 8192, 1, "NONE", 4.0, 0.1);
        return run.save();
    }

    @BeforeEach
    void build() {
        report = ReportBuilder.build(ResultsLoader.load(List.of(run(dir))), SyncMethod.NONE);
    }

    private ReportRow row(String fs, String method, String prealloc, int batch) {
        return report.rows().stream().filter(r -> fs.equals(r.context().filesystem()) && r.method().equals(method)
                && r.cell().describe().contains("preallocation=" + prealloc) && r.cell().describe().contains("writesPerSync=" + batch))
                .findFirst().orElseThrow();
    }

    private Finding finding(Finding.Kind kind, String fs) {
        return report.findings().stream().filter(f -> f.kind() == kind
                && (fs == null ? f.context() == null : f.context() != null && f.context().startsWith(fs + " "))).findFirst()
                .orElseThrow(() -> new AssertionError(kind + " on " + fs + " missing: " + report.findings()));
    }

    @Test
    void aResolvedDifferenceNamesTheCheaperMethodAndAnUnresolvedOneNamesNoWinner() {
        String m = finding(Finding.Kind.DURABILITY_COST, "ext4").message();
        ReportRow fdatasync = row("ext4", "FDATASYNC", "NONE", 1);
        assertEquals(Estimate.Basis.FORKS, fdatasync.time().basis(), "5 forks: the interval is between forks");
        assertEquals(5, fdatasync.time().n());
        assertEquals(5, fdatasync.replicateUs().length, "one replicate per fork");
        assertTrue(m.contains("FDATASYNC costs " + Fmt.usWithInterval(fdatasync.cost()) + " more than NONE"), m);
        assertEquals("300 µs", Fmt.usRounded(fdatasync.cost().mean()) + " µs");
        assertTrue(m.contains("cheaper: O_DIRECT_DSYNC by 100 µs ["), m);
        assertTrue(m.contains("no difference resolved from O_DSYNC"), m);
        assertFalse(m.contains("O_DSYNC by"), "O_DSYNC's interval includes zero: never a winner or a loser: " + m);
        assertFalse(m.contains("O_DIRECT,") || m.contains("O_DIRECT "), "a method that is not durable has no durability cost here: " + m);
    }

    @Test
    void batchingAndZeroFillAreQuotedWithTheRowsFigures() {
        String batching = finding(Finding.Kind.BATCHING, "ext4").message();
        ReportRow one = row("ext4", "FDATASYNC", "NONE", 1), hundred = row("ext4", "FDATASYNC", "NONE", 100);
        assertTrue(batching.contains("one sync per 100 writes: " + Fmt.usWithInterval(hundred.time()) + " per write (20x less)"), batching);
        assertTrue(batching.contains("against " + Fmt.usWithInterval(one.time()) + " with one sync per write"), batching);

        String ext4 = finding(Finding.Kind.PREALLOC, "ext4").message();
        ReportRow zero = row("ext4", "FDATASYNC", "ZERO_FILL", 1);
        assertEquals(130.0, zero.cost().mean(), 1e-9);
        assertTrue(ext4.contains("ZERO_FILL " + Fmt.usWithInterval(zero.cost()) + ", 170 µs ["), ext4);
        assertTrue(ext4.contains(" less"), ext4);

        String xfs = finding(Finding.Kind.PREALLOC, "xfs").message();
        assertTrue(xfs.contains("ZERO_FILL 200 µs [") && xfs.contains("no difference resolved"), xfs);
        assertFalse(xfs.contains(" less") || xfs.contains("MORE"), xfs);
    }

    @Test
    void contextsAreComparedByCostNeverByRatio() {
        String m = finding(Finding.Kind.ACROSS_CONTEXTS, null).message();
        assertTrue(m.startsWith("FDATASYNC's durability cost (8 KiB, 1 write per sync, prealloc NONE): xfs 200 µs ["), m);
        assertTrue(m.contains("ext4 300 µs ["), m);
        assertTrue(m.contains("xfs is cheaper than ext4 by 100 µs ["), m);
        assertTrue(m.contains("tmpfs: not durable (no stable storage)"), m);
        assertFalse(m.matches(".*\\d+x .*"), "no ratio quoted as a comparison: " + m);
    }

    @Test
    void theTrapsAreSaidOnceUpFront() {
        List<Finding> traps = report.findings().stream().filter(f -> f.kind() == Finding.Kind.TRAP).toList();
        assertEquals(2, traps.size(), traps.toString());
        assertTrue(traps.stream().anyMatch(f -> f.message().startsWith("tmpfs (/dev/shm) has no stable storage: none of its 2 rows is durable")),
                traps.toString());
        Finding fastest = traps.stream().filter(f -> f.message().startsWith("O_DIRECT is faster than every durable method in 1 group on ext4"))
                .findFirst().orElseThrow(() -> new AssertionError(traps.toString()));
        assertTrue(fastest.message().contains("NOT durable"), fastest.message());
        assertEquals(0, report.findings().indexOf(traps.get(0)), "traps come first");
        assertTrue(report.findings().stream().noneMatch(f -> f.context() != null && f.context().startsWith("tmpfs")
                && f.kind() != Finding.Kind.TRAP), "nothing is said of durability costs where nothing is durable");
    }

    @Test
    void theFastestDurableMethodIsNamedOnlyWhenResolvedFromTheOthers() {
        List<String> lines = Tables.fastestDurable(report.rows());
        // ext4, prealloc NONE: O_DIRECT_DSYNC (205 µs) is resolved from FDATASYNC (305 µs) but not from O_DSYNC (300 ± 60 µs).
        assertTrue(lines.contains("SyncWriteCost.writeBlock, 8192 B, 1 write per sync, prealloc NONE: fastest durable: O_DIRECT_DSYNC, "
                + "O_DSYNC (not resolved apart), 205.00–300.00 µs per write"), String.join("\n", lines));
        assertTrue(lines.stream().noneMatch(l -> l.contains("O_DIRECT,") || l.contains("O_DIRECT ")), "never a method that is not durable");
        assertTrue(lines.stream().noneMatch(l -> l.contains("FDATASYNC (not resolved apart)") || l.contains("O_DSYNC, FDATASYNC")),
                "FDATASYNC is resolved slower than O_DIRECT_DSYNC: not in the set");

        SyntheticRun run = new SyntheticRun(dir.resolve("resolved"));
        run.target("/data", "ext4", "nvme0n1", 0, "write through")
                .write("NONE", 8192, 1, "NONE", 5.0, 0.05)
                .write("FDATASYNC", 8192, 1, "NONE", 305.0, 2.0)
                .write("O_DIRECT_DSYNC", 8192, 1, "NONE", 205.0, 2.0)
                .write("FSYNC", 8192, 1, "NONE", 320.0, 2.0);
        Report resolved = ReportBuilder.build(ResultsLoader.load(List.of(run.save())), SyncMethod.NONE);
        assertEquals(List.of("SyncWriteCost.writeBlock, 8192 B, 1 write per sync, prealloc NONE: fastest durable method is O_DIRECT_DSYNC, "
                + "205.00 µs per write (durability cost 200.00 µs), resolved from every other durable method"),
                Tables.fastestDurable(resolved.rows()));
    }

    @Test
    void oneForkResultsResolveNothingAndSaySoFirst() {
        Report oneFork = ReportBuilder.build(ResultsLoader.load(List.of(run(SyntheticRun.oneFork(dir.resolve("one-fork"))))), SyncMethod.NONE);
        List<ReportRow> measured = oneFork.rows().stream().filter(ReportRow::measured).toList();
        assertEquals(14, measured.size());
        assertTrue(measured.stream().allMatch(r -> r.time().basis() == Estimate.Basis.ITERATIONS_OF_ONE_FORK && r.time().low() > 0),
                "iterations of one fork, on the log scale");

        List<Finding> traps = oneFork.findings().stream().filter(f -> f.kind() == Finding.Kind.TRAP).toList();
        assertEquals(3, traps.size(), traps.toString());
        Finding trap = traps.stream().filter(f -> f.message().startsWith("ext4, tmpfs and xfs measured each cell in one fork (14 rows): "))
                .findFirst().orElseThrow(() -> new AssertionError(traps.toString()));
        assertTrue(trap.message().contains("no difference there is called resolved"), trap.message());
        assertEquals(measured.stream().map(ReportRow::id).toList(), trap.rows());
        assertTrue(oneFork.findings().indexOf(trap) < traps.size(), "said with the traps, before any other finding");

        // The same figures as the 5-fork run, every one of which is resolved there, and none is here.
        String cost = oneFork.findings().stream().filter(f -> f.kind() == Finding.Kind.DURABILITY_COST && f.context().startsWith("ext4 "))
                .findFirst().orElseThrow().message();
        assertTrue(cost.contains("FDATASYNC's cost over NONE is not resolved: 300 µs ["), cost);
        assertTrue(cost.contains("no difference resolved from O_DIRECT_DSYNC and O_DSYNC"), cost);
        for (Finding f : oneFork.findings()) {
            if (f.kind() == Finding.Kind.TRAP) continue;
            String m = f.message();
            assertFalse(m.contains("cheaper") || m.contains(" less") || m.contains(" costs "), "nothing resolved: " + m);
        }
        String across = oneFork.findings().stream().filter(f -> f.kind() == Finding.Kind.ACROSS_CONTEXTS).findFirst().orElseThrow().message();
        assertTrue(across.contains("no difference resolved between xfs and ext4"), across);
        assertTrue(Tables.fastestDurable(oneFork.rows()).contains("SyncWriteCost.writeBlock, 8192 B, 1 write per sync, prealloc NONE: "
                + "lowest durable mean: O_DIRECT_DSYNC, 205.00 µs per write (durability cost 200.00 µs); intervals within one fork, "
                + "so no fastest is resolved"), Tables.fastestDurable(oneFork.rows()).toString());
        assertTrue(Tables.fastestDurable(oneFork.rows()).stream().noneMatch(l -> l.contains("fastest durable")), "no fastest crowned");
    }

    @Test
    void everyFormatOpensWithTheFindings() {
        String text = Rendered.text(report);
        int findings = text.indexOf("FINDINGS"), firstTable = text.indexOf("\n  method ");
        assertTrue(findings > 0 && firstTable > findings, text);
        assertTrue(text.indexOf("WARNINGS") < 0 || text.indexOf("WARNINGS") < firstTable, text);
        String md = Rendered.markdown(report, List.of());
        assertTrue(md.indexOf("## Decision") < md.indexOf("## Findings"), md);
        assertTrue(md.indexOf("## Findings") < md.indexOf("## ext4 "), "run-wide findings before the first target's section: " + md);
        JsonObject json = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        assertEquals(report.findings().size(), json.getAsJsonArray("findings").size());
        JsonObject first = json.getAsJsonArray("findings").get(0).getAsJsonObject();
        assertEquals("trap", first.get("kind").getAsString());
        assertFalse(first.getAsJsonArray("rows").isEmpty());
    }

    /** The durable method the findings compare with is the run's recorded reference (run --reference), not a constant. */
    @Test
    void theDurabilityCostFindingNamesTheRecordedReference() {
        Report r = Fixtures.report("xfs-quick");
        java.util.function.Function<SyncMethod, String> costs = ref -> io.durabench.report.analysis.Findings.of(r.rows(), r.costModel(),
                SyncMethod.NONE, ref).stream().map(io.durabench.report.Finding::message).filter(m -> m.startsWith("durable ")).findFirst().orElse("");
        assertTrue(costs.apply(SyncMethod.FDATASYNC).contains("): FDATASYNC"), costs.apply(SyncMethod.FDATASYNC));
        assertTrue(costs.apply(SyncMethod.O_DSYNC).contains("): O_DSYNC"), costs.apply(SyncMethod.O_DSYNC));
    }
}
