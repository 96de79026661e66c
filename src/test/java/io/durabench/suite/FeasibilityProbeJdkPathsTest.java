package io.durabench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.jdkio.InjectingJdkCalls;
import io.durabench.jdkio.JdkCall;
import io.durabench.jdkio.JdkCallsOnSyscalls;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.testing.ScratchDir;
import io.durabench.testing.ScratchDir.Medium;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The feasibility probe on the JDK paths: a method the cell's JVM cannot run is n/a with the reason
 * (asked of that JVM's version, not the probe's), the JDK's own O_DIRECT alignment refusal is n/a
 * like the kernel's EINVAL, and a JDK call that really fails is FAILED with its errno and path.
 */
class FeasibilityProbeJdkPathsTest {

    private static Cell cell(Path dir, SyncMethod m, int block) {
        return Cell.of(Catalogue.SYNC_WRITE_COST.writeBlock()).with(Catalogue.TARGET_DIR, dir.toString())
                .with(SyncWriteCostFamily.SYNC_METHOD, m).with(SyncWriteCostFamily.BLOCK_SIZE, block)
                .with(SyncWriteCostFamily.WRITES_PER_SYNC, 1).with(SyncWriteCostFamily.PREALLOCATION, Preallocation.NONE);
    }

    @Test
    void virtualThreadCellsAreNotApplicableOnAJdk17ThatRunsThemWhateverRunsTheProbe() {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            FeasibilityProbe on17 = new FeasibilityProbe(JnrSyscalls.get(), "ext4", true, 512, Runtime.Version.parse("17.0.15"));
            assertEquals(Optional.of(new FeasibilityProbe.Outcome(true, "virtual threads need JDK 21+ (this JVM is 17.0.15)")),
                    on17.check(cell(dir.path(), SyncMethod.CHANNEL_FORCE_DATA_VIRTUAL, 4096)));
            assertEquals(Optional.empty(), on17.check(cell(dir.path(), SyncMethod.CHANNEL_FORCE_DATA_PLATFORM, 4096)));
            FeasibilityProbe on25 = new FeasibilityProbe(JnrSyscalls.get(), "ext4", true, 512, Runtime.Version.parse("25.0.3"));
            assertEquals(Optional.empty(), on25.check(cell(dir.path(), SyncMethod.CHANNEL_DSYNC_VIRTUAL, 4096)),
                    "runnable by a JDK 25 fork (tried here only when this JVM can run it too)");
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void theJdksDirectAlignmentRefusalIsNotApplicableWithItsWords() throws IOException {
        try (ScratchDir dir = ScratchDir.on(Medium.DISK)) {
            long jdkAlignment = Files.getFileStore(dir.path()).getBlockSize();
            assumeTrue(jdkAlignment > 512, "the JDK's DIRECT alignment here is " + jdkAlignment + " B: 512-byte blocks are aligned");
            // The device takes 512-byte direct writes (logical block size 512), the JDK does not.
            FeasibilityProbe probe = new FeasibilityProbe(JnrSyscalls.get(), "ext4", true, 512);
            Optional<FeasibilityProbe.Outcome> o = probe.check(cell(dir.path(), SyncMethod.CHANNEL_DIRECT, 512));
            assertTrue(o.isPresent() && o.get().unsupported(), o.toString());
            assertTrue(o.get().reason().startsWith("EINVAL: FileChannel.write failed: EINVAL (refused by the JDK before the kernel, which would say"
                    + " EINVAL: Number of remaining bytes (512) is not a multiple of the block size (" + jdkAlignment + ")) on "), o.get().reason());
            assertEquals(List.of(), dir.listing());
        }
    }

    @Test
    void aJdkCallThatFailsIsAFailureWithItsErrnoAndPath() {
        try (ScratchDir dir = ScratchDir.on(Medium.SHM)) {
            int force = 3; // open, write, then its force (one sync per write)
            InjectingJdkCalls jdk = InjectingJdkCalls.failing(force, "EIO");
            FeasibilityProbe probe = new FeasibilityProbe(new JdkCallsOnSyscalls(jdk), "tmpfs", false, null);
            Cell c = cell(dir.path(), SyncMethod.CHANNEL_FORCE_DATA, 4096);
            Optional<FeasibilityProbe.Outcome> o = probe.check(c);
            assertEquals(JdkCall.CHANNEL_FORCE, jdk.calls().get(force - 1));
            assertTrue(o.isPresent() && !o.get().unsupported(), "a failed force is a failure, not n/a: " + o);
            assertTrue(o.get().reason().matches("FileChannel.force failed: EIO \\(Input/output error\\) on "
                    + java.util.regex.Pattern.quote(dir.path().toString()) + "/durabench-channel_force_data-\\d+\\.log"), o.get().reason());
            assertEquals(List.of(), dir.listing());
        }
    }
}
