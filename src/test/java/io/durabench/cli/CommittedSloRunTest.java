package io.durabench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.testing.Evidence;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Issue 19's acceptance on the committed run that timed its syncs (results/slo-quick: quick profile,
 * lab ext4 and XFS and a tmpfs, 3 forks): a sync-call SLO gets a verdict per target from the forks'
 * call-latency.hlog, an impossible one is missed (exit 1), a bad one is refused (exit 2).
 */
@Evidence
class CommittedSloRunTest {
    private static final String RUN = "results/slo-quick";

    @Test
    void theRunsForksLoggedTheirSyncCalls() {
        for (String t : new String[] {"mnt-durabench-lab-ext4-data", "mnt-durabench-lab-xfs-data"}) {
            assertTrue(Files.isRegularFile(Path.of(RUN, t, "call-latency.hlog")), t);
        }
        assertTrue(!Files.exists(Path.of(RUN, "dev-shm-durabench", "call-latency.hlog")), "tmpfs: no stable storage, no timing");
    }

    @Test
    void aVerdictPerTargetOnTheSyncCallsP99() {
        CliRun r = CliRun.of("report", RUN, "--slo", "FDATASYNC sync p99 < 10ms");
        assertEquals(0, r.exitCode(), r.err());
        for (String target : new String[] {"ext4", "xfs"}) {
            assertTrue(r.out().matches("(?s).*\\* FDATASYNC sync p99 < 10 ms on " + target + ": (met|missed|undecided) — [0-9,.]+ µs over 3 forks, .*"),
                    target + ":\n" + r.out());
        }
        assertTrue(r.out().contains("FDATASYNC sync p99 < 10 ms on tmpfs: not durable here"), r.out());
    }

    @Test
    void anImpossibleSloIsMissedAndABadOneRefused() {
        CliRun missed = CliRun.of("report", RUN, "--slo", "FDATASYNC sync p99 < 1us");
        assertEquals(1, missed.exitCode(), missed.out());
        assertTrue(missed.out().contains("FDATASYNC sync p99 < 1 us on ext4: missed — "), missed.out());
        CliRun.of("report", RUN, "--slo", "NOPE p99 < 1ms").assertRefused("--slo 'NOPE p99 < 1ms': no method 'NOPE'");
    }
}
