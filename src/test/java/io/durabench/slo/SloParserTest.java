package io.durabench.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.SyncWriteCostFamily;
import java.util.List;
import org.junit.jupiter.api.Test;

class SloParserTest {

    @Test
    void aPercentileWithATimeUnit() {
        Slo s = SloParser.parse("FDATASYNC p99 < 10ms");
        assertEquals("FDATASYNC", s.method());
        assertEquals(SloMetric.P99, s.metric());
        assertEquals(SloOp.LT, s.op());
        assertEquals(10_000, s.threshold(), 1e-9, "thresholds are held in µs");
        assertEquals(List.of(), s.params());
        assertEquals("FDATASYNC p99 < 10 ms", s.describe());
    }

    @Test
    void aSizeAndOpsPerSecond() {
        Slo s = SloParser.parse("FDATASYNC 8KiB ops/s >= 5000");
        assertEquals(SloMetric.OPS_PER_SEC, s.metric());
        assertEquals(SloOp.GE, s.op());
        assertEquals(5000, s.threshold());
        assertEquals(List.of(new Slo.CellParam(SyncWriteCostFamily.BLOCK_SIZE.name(), "8192", "8KiB")), s.params());
        assertEquals("8192", SloParser.parse("FDATASYNC 8192B mean < 1ms").params().get(0).value());
    }

    @Test
    void everyUnitAndComparison() {
        assertEquals(500, SloParser.parse("O_DSYNC mean <= 500us").threshold(), 1e-9);
        assertEquals(500, SloParser.parse("O_DSYNC mean <= 500µs").threshold(), 1e-9);
        assertEquals(0.25, SloParser.parse("O_DSYNC mean > 250ns").threshold(), 1e-9);
        assertEquals(1.5e6, SloParser.parse("O_DSYNC p99.9 >= 1.5 s").threshold(), 1e-9);
        assertEquals(SloOp.LE, SloParser.parse("O_DSYNC mean<=500us").op(), "no spaces needed around the comparison");
        assertEquals(SloMetric.P999, SloParser.parse("o_dsync P99.9 < 2ms").metric(), "case-insensitive");
    }

    @Test
    void syncCallLatencyAndKeyValueParameters() {
        assertEquals(SloMetric.SYNC_P99, SloParser.parse("FDATASYNC sync p99 < 10ms").metric());
        Slo s = SloParser.parse("FDATASYNC writesperSync=10 preallocation=ZERO_FILL mean < 50us");
        assertEquals(List.of(SyncWriteCostFamily.WRITES_PER_SYNC.name(), SyncWriteCostFamily.PREALLOCATION.name()),
                s.params().stream().map(Slo.CellParam::key).toList(), "keys spelled as the catalogue spells them");
        assertEquals("syncDirectory=true", SloParser.parse("syncDirectory=true p99 < 5ms").method());
    }

    @Test
    void eachMistakeIsNamedWithTheChoices() {
        refused("NOPE p99 < 1ms", "no method 'NOPE'; methods: ", "FDATASYNC", "syncDirectory=true");
        refused("FDATASYNC p99 < 10h", "no time unit 'h'; units: ns, us, µs, ms, s");
        refused("FDATASYNC p98 < 10ms", "no metric 'p98'; metrics: mean, p50, p99, p99.9, ops/s, sync p50");
        refused("FDATASYNC sync mean < 10ms", "no metric 'sync mean'");
        refused("FDATASYNC p99 10ms", "no comparison", "METHOD [SIZE|KEY=VALUE ...] METRIC OP VALUE[UNIT]");
        refused("FDATASYNC p99 < 10", "p99 needs a time unit");
        refused("FDATASYNC p99 < fast", "'fast' is not a number");
        refused("FDATASYNC ops/s >= 5000ms", "ops/s takes a plain number");
        refused("FDATASYNC foo=1 p99 < 1ms", "no parameter 'foo'; keys: ", SyncWriteCostFamily.BLOCK_SIZE.name());
        refused("FDATASYNC 8KB p99 < 1ms", "'8KB' is neither a size");
        refused("p99 < 1ms", "needs a method and a metric");
    }

    private static void refused(String slo, String... fragments) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SloParser.parse(slo));
        assertTrue(e.getMessage().startsWith("--slo '" + slo + "': "), e.getMessage());
        for (String f : fragments) assertTrue(e.getMessage().contains(f), "\"" + f + "\" missing from: " + e.getMessage());
    }
}
