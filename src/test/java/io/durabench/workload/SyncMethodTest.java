package io.durabench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.catalogue.Catalogue;
import io.durabench.catalogue.Cell;
import io.durabench.catalogue.GroupCommitFamily;
import io.durabench.catalogue.SyncWriteCostFamily;
import io.durabench.workload.groupcommit.GroupCommitConfig;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What each JDK-path method claims about itself: durability, where its sync is (which decides the
 * batching and group-commit rules), and which JVM can run it, through the type and the catalogue.
 */
class SyncMethodTest {
    private static final Runtime.Version JDK17 = Runtime.Version.parse("17.0.15");
    private static final Runtime.Version JDK21 = Runtime.Version.parse("21");
    private static final Runtime.Version JDK25 = Runtime.Version.parse("25.0.3+9-LTS");

    @Test
    void onlyTheDirectChannelAmongTheJdkPathsIsNotDurable() {
        assertFalse(SyncMethod.CHANNEL_DIRECT.durable());
        assertEquals("FileChannel(DIRECT).write, no sync does not reach stable storage", SyncMethod.CHANNEL_DIRECT.notDurableBecause());
        for (SyncMethod m : SyncMethod.values()) {
            if (m.api() != SyncMethod.Api.NATIVE && m != SyncMethod.CHANNEL_DIRECT) {
                assertTrue(m.durable(), m + " is durable");
                assertNull(m.notDurableBecause(), m.toString());
            }
        }
    }

    @Test
    void whereEachNewMethodSyncsDecidesItsBatching() {
        Set<SyncMethod> syncEveryWrite = EnumSet.of(SyncMethod.RAF_RWD, SyncMethod.RAF_RWS, SyncMethod.CHANNEL_SYNC,
                SyncMethod.CHANNEL_DIRECT_DSYNC, SyncMethod.CHANNEL_DSYNC_VIRTUAL, SyncMethod.CHANNEL_DSYNC_PLATFORM);
        Set<SyncMethod> separateSync = EnumSet.of(SyncMethod.STREAM_FD_SYNC, SyncMethod.CHANNEL_FORCE_DATA_VIRTUAL,
                SyncMethod.CHANNEL_FORCE_ALL_VIRTUAL, SyncMethod.CHANNEL_FORCE_DATA_PLATFORM, SyncMethod.CHANNEL_FORCE_ALL_PLATFORM);
        for (SyncMethod m : syncEveryWrite) {
            assertTrue(m.syncsInWrite() && !m.hasExplicitSync(), m.toString());
            assertEquals(Optional.of("writesPerSync=10 does not apply to " + m + ": it issues no separate sync call and submits no batch (use writesPerSync=1)"),
                    WorkloadConfig.whyInvalid(m, 10, Preallocation.NONE));
        }
        for (SyncMethod m : separateSync) {
            assertTrue(m.hasExplicitSync() && !m.syncsInWrite(), m.toString());
        }
        assertFalse(SyncMethod.CHANNEL_DIRECT.hasExplicitSync() || SyncMethod.CHANNEL_DIRECT.syncsInWrite());
        assertEquals(SyncMethod.Sync.FD_SYNC, SyncMethod.STREAM_FD_SYNC.sync());
        assertEquals(SyncMethod.CHANNEL_FORCE_DATA.sync(), SyncMethod.CHANNEL_FORCE_DATA_VIRTUAL.sync());
        assertTrue(Stream.of(SyncMethod.CHANNEL_DIRECT, SyncMethod.CHANNEL_DIRECT_DSYNC).allMatch(SyncMethod::usesDirectIo));
    }

    @Test
    void theRingMethodsTakeBatchesAndSayTheirQueueDepth() {
        for (SyncMethod m : List.of(SyncMethod.URING_FDATASYNC, SyncMethod.URING_DSYNC, SyncMethod.URING_DIRECT_DSYNC)) {
            assertTrue(m.durable() && m.throughRing() && m.takesBatches() && !m.sweptByProfiles(), m.toString());
            assertEquals(Optional.empty(), WorkloadConfig.whyInvalid(m, 100, Preallocation.ZERO_FILL));
        }
        assertTrue(SyncMethod.URING_FDATASYNC.hasExplicitSync() && !SyncMethod.URING_DSYNC.hasExplicitSync());
        assertTrue(SyncMethod.URING_DSYNC.syncsInWrite() && SyncMethod.URING_DIRECT_DSYNC.usesDirectIo() && !SyncMethod.URING_DSYNC.usesDirectIo());
        assertTrue(SyncMethod.PWRITEV2_DSYNC.syncsInWrite() && !SyncMethod.PWRITEV2_DSYNC.takesBatches() && !SyncMethod.PWRITEV2_DSYNC.throughRing());
        assertEquals("io_uring write + fsync(DATASYNC), linked, QD 1", SyncMethod.URING_FDATASYNC.description(1));
        assertEquals("io_uring write + fsync(DATASYNC), drained, QD 10", SyncMethod.URING_FDATASYNC.description(10));
        assertEquals("io_uring write(RWF_DSYNC), QD 100", SyncMethod.URING_DSYNC.description(100));
        assertEquals("pwrite + fdatasync", SyncMethod.FDATASYNC.description(10));
    }

    @Test
    void aHandOffDescribesItselfAsItsMethodPlusTheThread() {
        assertEquals("FileChannel.write + force(false), each call on a new virtual thread", SyncMethod.CHANNEL_FORCE_DATA_VIRTUAL.description());
        assertEquals("FileChannel(DSYNC).write, each call handed to a one-thread platform executor", SyncMethod.CHANNEL_DSYNC_PLATFORM.description());
    }

    @Test
    void virtualThreadsNeedJdk21AndTheReasonNamesTheJvm() {
        for (SyncMethod m : SyncMethod.values()) {
            boolean virtual = m.caller() == SyncMethod.Caller.VIRTUAL_THREAD;
            assertEquals(virtual ? 21 : 0, m.minimumJavaFeature(), m.toString());
            assertEquals(virtual ? Optional.of("virtual threads need JDK 21+ (this JVM is 17.0.15)") : Optional.empty(), m.unavailableOn(JDK17));
            assertEquals(Optional.empty(), m.unavailableOn(JDK21));
            assertEquals(Optional.empty(), m.unavailableOn(JDK25));
        }
        assertEquals(List.of(SyncMethod.values()), SyncMethod.availableOn(JDK25).toList());
        assertEquals(SyncMethod.values().length - 3, SyncMethod.availableOn(JDK17).count());
    }

    @Test
    void theCatalogueAsksTheRuleOfTheJvmThatRunsTheCell() {
        Cell virtual = Cell.of(Catalogue.SYNC_WRITE_COST.writeBlock()).with(Catalogue.TARGET_DIR, "/tmp")
                .with(SyncWriteCostFamily.SYNC_METHOD, SyncMethod.CHANNEL_DSYNC_VIRTUAL);
        Cell platform = virtual.with(SyncWriteCostFamily.SYNC_METHOD, SyncMethod.CHANNEL_DSYNC_PLATFORM);
        assertEquals(Optional.of("virtual threads need JDK 21+ (this JVM is 17.0.15)"), virtual.family().unavailableOn(virtual, JDK17));
        assertEquals(Optional.empty(), virtual.family().unavailableOn(virtual, JDK25));
        assertEquals(Optional.empty(), platform.family().unavailableOn(platform, JDK17));
        Cell group = Cell.of(Catalogue.GROUP_COMMIT.groupCommit()).with(GroupCommitFamily.SYNC_METHOD, SyncMethod.STREAM_FD_SYNC);
        assertEquals(Optional.empty(), group.family().unavailableOn(group, JDK17));
        Cell pg = Cell.of(Catalogue.PG_TEST_FSYNC.benchmark());
        assertEquals(Optional.empty(), pg.family().unavailableOn(pg, JDK17), "a family without a sync method has no JVM rule");
    }

    @Test
    void onlyTheStreamsSeparateSyncJoinsGroupCommitAmongTheNewMethods() {
        assertEquals(EnumSet.of(SyncMethod.FSYNC, SyncMethod.FDATASYNC, SyncMethod.CHANNEL_FORCE_DATA, SyncMethod.CHANNEL_FORCE_ALL,
                SyncMethod.STREAM_FD_SYNC), GroupCommitConfig.GROUPABLE);
        String allowed = ": use FSYNC, FDATASYNC, CHANNEL_FORCE_DATA, CHANNEL_FORCE_ALL, STREAM_FD_SYNC";
        assertEquals("sync method RAF_RWD makes every write its own flush, so committers have no shared sync to group" + allowed,
                GroupCommitConfig.whyNotGroupable(SyncMethod.RAF_RWD));
        assertEquals("sync method CHANNEL_DIRECT is not durable, so there is nothing to commit" + allowed,
                GroupCommitConfig.whyNotGroupable(SyncMethod.CHANNEL_DIRECT));
        assertEquals("sync method CHANNEL_FORCE_DATA_VIRTUAL hands every call to another thread, and group commit measures committers"
                + " that sync on their own threads" + allowed, GroupCommitConfig.whyNotGroupable(SyncMethod.CHANNEL_FORCE_DATA_VIRTUAL));
        assertEquals(List.copyOf(GroupCommitConfig.GROUPABLE), GroupCommitFamily.SYNC_METHOD.allowedValues());
    }
}
