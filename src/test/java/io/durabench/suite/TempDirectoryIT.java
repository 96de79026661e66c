package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.durabench.testing.CliProcess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a run leaves in the temporary directory (its own, {@code -Djava.io.tmpdir}, so nothing else
 * on the machine can fool the count): nothing of durabench's or JMH's, after a plain run and after
 * one stopped by Ctrl-C to its process group. JMH's runner (in {@link JmhHost}) makes its compiler
 * hints file there ({@code jmh…compilecommand}) with File.deleteOnExit, so the host must end through
 * the JVM's exit, not halt. A run whose lock-step side is SIGKILLed is counted in {@link KilledSideIT}.
 */
class TempDirectoryIT {
    private static List<String> run(PrivateTmpRun run, String iterations) {
        return new ArrayList<>(List.of("run", "--profile", "compare", "--dir", run.dir().toString(), "--out", run.out().toString(), "--",
                "SyncWriteCost", "-p", "syncMethod=FDATASYNC", "-p", "blockSizeBytes=8192", "-p", "writesPerSync=1", "-p", "preallocation=NONE",
                "-f", "1", "-wi", "0", "-i", iterations, "-r", "200ms"));
    }

    @Test
    void aPlainRunLeavesNothingInTheTemporaryDirectory() {
        try (PrivateTmpRun run = PrivateTmpRun.create("tmp-plain")) {
            CliProcess cli = run.start(run(run, "1"));
            assertEquals(0, run.awaitEnd(), cli.transcript());
            run.assertNothingLeft("after a plain run");
        }
    }

    @Test
    void aRunStoppedByCtrlCLeavesNothingInTheTemporaryDirectory() {
        try (PrivateTmpRun run = PrivateTmpRun.create("tmp-ctrl-c")) {
            CliProcess cli = run.start(run(run, "50"));
            run.awaitWorkloadFiles(1); // JMH's fork is measuring: its host has made its temporary files
            run.group().signal("INT");
            assertEquals(130, run.awaitEnd(), cli.transcript());
            run.assertNothingLeft("after Ctrl-C");
        }
    }
}
