package io.durabench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeviceLogTest {

    @Test
    void forksReadBackAsWrittenAndARoundRecordedTwiceCountsOnceTheLater(@TempDir Path dir) {
        Path log = dir.resolve(DeviceLog.FILE);
        DeviceLog.Level loop = new DeviceLog.Level(0, "loop3", "7:3", "write back", 20, 0, 40, 327680);
        DeviceLog.Level disk = new DeviceLog.Level(1, "vda", "254:0", null, 21, 1, 60, 409600);
        DeviceLog.Fork first = new DeviceLog.Fork("avgt", "B|{a=1}", 0, DeviceLog.Status.OK, null, 20, List.of(loop, disk));
        DeviceLog.Fork na = new DeviceLog.Fork("avgt", "B|{a=2}", 0, DeviceLog.Status.NA, "needs root", 0, List.of());
        DeviceLog.Fork again = new DeviceLog.Fork("avgt", "B|{a=1}", 0, DeviceLog.Status.FAILED, "lost events", 0, List.of());
        DeviceLog.append(log, first);
        DeviceLog.append(log, na);
        assertEquals(List.of(first, na), DeviceLog.read(log));
        DeviceLog.append(log, again);
        assertEquals(List.of(na, again), DeviceLog.read(log));
    }

    @Test
    void noFileIsNoForksAndABrokenLineNamesItsFile(@TempDir Path dir) throws Exception {
        assertEquals(List.of(), DeviceLog.read(dir.resolve("none.jsonl")));
        Path bad = Files.writeString(dir.resolve(DeviceLog.FILE), "{\"mode\":\"avgt\"}\n");
        assertThrows(ResultsFileException.class, () -> DeviceLog.read(bad));
    }
}
