package io.durabench.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * fio's JSON as fio 3.33 wrote it for etcd's job on lab ext4 (round 1 of a real etcd-check, trimmed
 * to the job's read/write/trim/sync sections): the figures read are the numbers in the file, in µs.
 */
class EtcdFioJsonTest {
    private static final Path REAL = Path.of("src/test/resources/etcd/fio-3.33-etcd-job-ext4.json");

    @Test
    void readsTheSyncSectionsLatencyAndTheWritesCompletionLatency() throws IOException {
        JobFigures f = FioJson.parse(Files.readString(REAL), REAL.toString());
        // Copied from the file by eye: sync.lat_ns.percentile and max, write.clat_ns.percentile and max, write.iops.
        assertEquals(288.768, f.syncP50(), 1e-9);
        assertEquals(9502.720, f.syncP99(), 1e-9);
        assertEquals(60030.976, f.syncP999(), 1e-9);
        assertEquals(257298.923, f.syncMax(), 1e-9);
        assertEquals(6.560, f.writeP50(), 1e-9);
        assertEquals(31.104, f.writeP99(), 1e-9);
        assertEquals(52.480, f.writeP999(), 1e-9);
        assertEquals(309.216, f.writeMax(), 1e-9);
        assertEquals(1334.353379, f.opsPerSec(), 1e-9);
        // fio's sync.total_ios is 0; its lat_ns.N counts the fdatasyncs: one per whole 2,300-byte block of 22 MiB.
        assertEquals(EtcdJob.WRITES, f.syncs());
    }

    @Test
    void percentileKeysAreFiosPrintfF() {
        assertEquals("99.000000", FioJson.key(99));
        assertEquals("99.900000", FioJson.key(99.9));
        assertEquals("50.000000", FioJson.key(50));
    }

    @Test
    void aNoteBeforeTheJsonIsSkipped() throws IOException {
        String text = "note: both iodepth >= 1 and synchronous I/O engine are selected, queue depth will be capped at 1\n" + Files.readString(REAL);
        assertEquals(9502.720, FioJson.parse(text, "x").syncP99(), 1e-9);
    }

    @Test
    void whatIsNotFiosJobJsonIsRefusedNamingTheFileAndWhatIsMissing() throws IOException {
        String real = Files.readString(REAL);
        assertMessage(() -> FioJson.parse("", "a.json"), "a.json: no JSON in it");
        assertMessage(() -> FioJson.parse("{\"jobs\": []}", "b.json"), "b.json: not fio's JSON output with a job");
        assertMessage(() -> FioJson.parse("{\"jobs\": [", "c.json"), "c.json: not fio's JSON output with a job");
        assertMessage(() -> FioJson.parse(real.replace("\"sync\"", "\"nosync\""), "d.json"), "no \"sync.lat_ns\" object");
        assertMessage(() -> FioJson.parse(real.replace("\"99.000000\"", "\"99.0\""), "e.json"), "no number \"99.000000\"");
        assertMessage(() -> FioJson.parse(real.replace("\"error\": 0", "\"error\": 5"), "f.json"), "fio's job ended with error 5");
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable e, String fragment) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().contains(fragment), x.getMessage());
    }
}
