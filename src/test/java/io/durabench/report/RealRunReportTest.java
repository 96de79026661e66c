package io.durabench.report;

import io.durabench.report.analysis.*;
import io.durabench.report.render.*;
import io.durabench.report.chart.*;
import io.durabench.results.*;
import io.durabench.stats.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real SyncWriteCost run (avgt + sample) on /dev/shm and ext4, laid out as `durabench run --out` does. */
class RealRunReportTest {
    static final List<String> ROW_FIELDS = List.of("benchmark", "context", "params", "method", "meanUs", "ciLowUs", "ciHighUs",
            "opsPerSec", "p50Us", "p99Us", "p999Us", "baselineUs", "ratio", "ratioLow", "ratioHigh", "durabilityCostUs",
            "syncsPerWrite", "durable", "na");

    @TempDir
    Path out;

    @Test
    void writesAllFormatsAndFourCharts() throws IOException {
        Report report = Fixtures.report("real-run");
        List<Path> written = Rendered.writeAll(report, out);
        for (String name : List.of("report.md", "report.html", "report-sync-write.csv", "report.json", "chart-durability-cost.png", "chart-durability-cost.svg",
                "chart-batch-size.png", "chart-batch-size.svg", "chart-percentiles.png", "chart-percentiles.svg",
                "chart-preallocation.png", "chart-preallocation.svg")) {
            assertTrue(written.contains(out.resolve(name)), name);
            assertTrue(Files.size(out.resolve(name)) > 200, name);
        }
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("![Durability cost per sync method](chart-durability-cost.png)"), md);
        assertTrue(md.contains("* Device: vda, write_cache write back, fua 0, rotational 1"), md);
        assertTrue(md.contains("| Method | µs/op w/o stalls [95% CI] | ops/s | Durability cost µs [99.9% CI] | Ratio | Syncs/op | Durable |"), md);
        assertEquals(report.rows().size() + 1, Files.readAllLines(out.resolve("report-sync-write.csv")).size());
    }

    @Test
    void jsonRowsCarryTheContractFields() {
        Report report = Fixtures.report("real-run");
        JsonObject root = JsonParser.parseString(JsonRenderer.render(report)).getAsJsonObject();
        assertEquals(report.rows().size(), root.getAsJsonArray("rows").size());
        root.getAsJsonArray("rows").forEach(e -> ROW_FIELDS.forEach(f -> assertTrue(e.getAsJsonObject().has(f), f)));
        root.getAsJsonArray("warnings").forEach(e -> {
            assertTrue(e.getAsJsonObject().has("kind"));
            assertTrue(e.getAsJsonObject().has("message"));
            assertFalse(e.getAsJsonObject().getAsJsonArray("rows").isEmpty());
        });
        JsonObject sampled = root.getAsJsonArray("rows").get(0).getAsJsonObject();
        assertTrue(sampled.get("p99Us").getAsDouble() > 0, "SampleTime percentiles merged into the avgt row");
    }

    @Test
    void realFiguresAreRecomputedFromRawData() {
        Report report = Fixtures.report("real-run");
        ReportRow shmFdatasync = report.rows().stream()
                .filter(r -> r.context().place().equals("tmpfs /dev/shm") && r.method().equals("FDATASYNC")).findFirst().orElseThrow();
        assertEquals(3, shmFdatasync.time().n());
        assertEquals(1.0, shmFdatasync.syncsPerWrite(), 1e-9);
        assertFalse(shmFdatasync.durable());
        ReportRow batched = report.rows().stream().filter(r -> Integer.valueOf(10).equals(r.cell().get(io.durabench.catalogue.SyncWriteCostFamily.WRITES_PER_SYNC))).findFirst().orElseThrow();
        assertEquals(0.1, batched.syncsPerWrite(), 1e-3);
        assertTrue(Double.isFinite(batched.baselineUs()), "batch 10 compares with the batch-1 NONE baseline");
    }
}
