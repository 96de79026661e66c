package io.durabench.trace.block;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.results.DeviceLog.Level;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceVerdictTest {
    private static Level level(int n, String dev, String cache, long flushes, long fua) {
        return new Level(n, dev, "7:" + n, cache, flushes, fua, 10, 81920);
    }

    @Test
    void noFlushAndNoFuaToAWriteBackDeviceIsATrap() {
        DeviceVerdict v = DeviceVerdict.judge(List.of(level(0, "vda", "write back", 0, 0)));
        assertEquals(DeviceVerdict.Kind.TRAP, v.kind());
        assertEquals("no flush reached vda: not durable here", v.text());
    }

    @Test
    void theFirstWriteBackLevelWithoutOneIsNamedEvenWhenTheDiskBelowGotFlushesFromOthers() {
        DeviceVerdict v = DeviceVerdict.judge(List.of(level(0, "loop3", "write back", 0, 0), level(1, "vda", "write back", 7, 0)));
        assertEquals(DeviceVerdict.Kind.TRAP, v.kind());
        assertEquals("loop3", v.device());
    }

    @Test
    void aFlushOrAFuaWriteAtEveryWriteBackLevelReaches() {
        DeviceVerdict v = DeviceVerdict.judge(List.of(level(0, "loop3", "write back", 0, 20), level(1, "vda", "write back", 20, 0)));
        assertEquals(DeviceVerdict.Kind.REACHED, v.kind());
        assertEquals("flushes or FUA writes reached loop3, vda", v.text());
    }

    @Test
    void writeThroughEverywhereNeedsNoFlushAndSaysSo() {
        DeviceVerdict v = DeviceVerdict.judge(List.of(level(0, "sdb", "write through", 0, 0)));
        assertEquals(DeviceVerdict.Kind.NOT_NEEDED, v.kind());
        assertEquals("no volatile cache under it (sdb (write through)): no flush is needed", v.text());
    }

    @Test
    void aWriteThroughLoopOverAWriteBackDiskStillNeedsTheDisksFlush() {
        DeviceVerdict v = DeviceVerdict.judge(List.of(level(0, "loop3", "write through", 0, 0), level(1, "vda", "write back", 0, 0)));
        assertEquals(DeviceVerdict.Kind.TRAP, v.kind());
        assertEquals("vda", v.device());
    }

    @Test
    void aDeviceWhoseCacheSysfsDoesNotStateNeedsAFlushToo() {
        DeviceVerdict v = DeviceVerdict.judge(List.of(level(0, "dm-0", null, 0, 0)));
        assertEquals(DeviceVerdict.Kind.TRAP, v.kind());
        assertEquals("dm-0", v.device());
    }
}
