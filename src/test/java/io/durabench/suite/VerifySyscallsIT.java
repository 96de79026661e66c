package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.nativeio.JnrSyscalls;
import io.durabench.results.NotMeasured;
import io.durabench.results.NotMeasuredFile;
import io.durabench.testing.Requires;
import io.durabench.testing.TimingFree;
import io.durabench.witness.LyingWitnesses;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * `durabench run --verify-syscalls`: honest workloads pass and are measured; a workload that drops
 * one fdatasync in 100, or whose counter says one sync more than it made, is FAILED by the kernel's
 * view and never measured.
 */
@TimingFree
class VerifySyscallsIT {
    private static final List<String> SHORT = List.of("SyncWriteCost", "-p", "syncMethod=FDATASYNC,CHANNEL_FORCE_DATA",
            "-p", "preallocation=NONE", "-p", "writesPerSync=1", "-f", "1", "-wi", "0", "-i", "1", "-r", "50ms");

    @BeforeAll
    static void allowConcurrentJmh() {
        System.setProperty("jmh.ignoreLock", "true"); // a functional test: behaviour, not speed
    }

    @Test
    void honestCountersPassAndLiesFail() throws Exception {
        Requires.strace();
        Path dir = Files.createDirectories(Path.of("target/verify-syscalls-it/data")).toAbsolutePath();
        Path out = Files.createTempDirectory(Path.of("target/verify-syscalls-it"), "out-");
        StringWriter text = new StringWriter(), err = new StringWriter();
        // Cell 0 (FDATASYNC) drops its 61st fdatasync (one of the 100 measured writes); cell 1 (CHANNEL_FORCE_DATA) counts one sync too many.
        SuiteRun run = new SuiteRun(Profile.QUICK, JmhSettings.of(Profile.QUICK, SHORT), SHORT, List.of(JvmSlot.launcher()),
                new SuiteRun.Options(false, true, false), JnrSyscalls.get(), new PrintWriter(text, true), new PrintWriter(err, true))
                .withWitnesses(LyingWitnesses.lying(Map.of(0, "drop-fdatasync:61", 1, "count-one-more:syncCalls")));
        assertTrue(run.run(List.of(RunTarget.directory(dir)), out, List.of()), text.toString());
        List<NotMeasured> failed = NotMeasuredFile.read(out.resolve(io.durabench.env.TargetLabel.label(dir)).resolve("not-applicable.json"));
        assertEquals(2, failed.stream().filter(NotMeasured::failed).count(), failed.toString());
        String all = text.toString();
        Files.writeString(out.resolve("console.txt"), all); // the run as a user would have seen it
        assertTrue(all.contains("syncMethod=FDATASYNC") && all.contains("syscall witness:") && all.contains("the kernel saw 99"), all);
        assertTrue(all.contains("syncMethod=CHANNEL_FORCE_DATA"), all);
        assertFalse(all.lines().anyMatch(l -> l.contains(" avgt ") && l.contains("FDATASYNC")), "a lying cell is never measured:\n" + all);

        Path honest = Files.createTempDirectory(Path.of("target/verify-syscalls-it"), "honest-");
        StringWriter text2 = new StringWriter();
        SuiteRun clean = new SuiteRun(Profile.QUICK, JmhSettings.of(Profile.QUICK, SHORT), SHORT, List.of(JvmSlot.launcher()),
                new SuiteRun.Options(false, true, false), JnrSyscalls.get(), new PrintWriter(text2, true), new PrintWriter(err, true));
        assertFalse(clean.run(List.of(RunTarget.directory(dir)), honest, List.of()), text2.toString());
        assertTrue(text2.toString().contains("2 of 2 workloads confirmed by the kernel"), text2.toString());
    }
}
