package io.durabench.trace.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.durabench.lab.Variant;
import io.durabench.nativeio.NativeLayers;
import io.durabench.results.DeviceLog;
import io.durabench.testing.Commands;
import io.durabench.testing.Requires;
import io.durabench.testing.TestMounts;
import io.durabench.workload.DurableWriteLoop;
import io.durabench.workload.Preallocation;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 42's acceptance, on loop-mounted filesystems of the test's own (the lab's loop settings: direct I/O, 4 KiB
 * sectors, so a guest flush reaches the disk under the image): at 8 KiB appends, every durable SyncWriteCost method
 * sends at least one flush or FUA write per operation to the loop device under the filesystem; NONE, O_DIRECT,
 * SYNC_FILE_RANGE and CHANNEL_DIRECT send none; and on ext4 mounted with barrier=0 every durable method is the trap
 * ("no flush reached loopN"). The counts are taken at the loop device, where nothing but the test writes; each
 * window follows a sync of the filesystem, so no journal commit of earlier work falls into it. Not timing-free:
 * it attaches loop devices and mounts (global state).
 */
class DeviceWitnessIT {
    private static final int OPS = 12;
    private static final int WARMUP = 2;
    private static final int BLOCK = 8192;

    @Test
    void onExt4EveryDurableMethodFlushesPerOperationAndTheOthersNever() throws Exception {
        perOperationFlushes(Variant.EXT4);
    }

    @Test
    void onXfsEveryDurableMethodFlushesPerOperationAndTheOthersNever() throws Exception {
        Requires.command("mkfs.xfs", "xfsprogs");
        Requires.filesystem("xfs");
        perOperationFlushes(Variant.XFS);
    }

    @Test
    void ext4WithoutBarriersIsTheTrapForEveryDurableMethod() throws Exception {
        Map<SyncMethod, List<DeviceLog.Level>> counts = measure(Variant.EXT4_NOBARRIER);
        List<String> notTrapped = new ArrayList<>();
        counts.forEach((m, levels) -> {
            if (!m.durable()) return;
            DeviceVerdict v = DeviceVerdict.judge(levels);
            if (v.kind() != DeviceVerdict.Kind.TRAP || !v.device().equals(levels.get(0).device())) notTrapped.add(m + ": " + v.text() + " " + levels);
            else assertEquals("no flush reached " + levels.get(0).device() + ": not durable here", v.text());
        });
        assertEquals(List.of(), notTrapped, "with barrier=0 no durable method may send a flush or FUA write to the loop device");
    }

    private static void perOperationFlushes(Variant variant) throws Exception {
        Map<SyncMethod, List<DeviceLog.Level>> counts = measure(variant);
        List<String> wrong = new ArrayList<>();
        counts.forEach((m, levels) -> {
            DeviceLog.Level loop = levels.get(0);
            long durablePoints = loop.flushes() + loop.fuaWrites();
            if (m.durable() && durablePoints < OPS) wrong.add(m + " sent " + durablePoints + " flushes and FUA writes for " + OPS + " ops: " + loop);
            if (!m.durable() && durablePoints != 0) wrong.add(m + " (not durable) sent " + durablePoints + " flushes and FUA writes: " + loop);
            if (m.durable() && DeviceVerdict.judge(levels).kind() != DeviceVerdict.Kind.REACHED) wrong.add(m + ": " + DeviceVerdict.judge(levels).text());
            if (m.durable() && loop.bytesWritten() < (long) OPS * BLOCK) wrong.add(m + " wrote " + loop.bytesWritten() + " bytes to the device: " + loop);
        });
        assertEquals(List.of(), wrong, variant + ": what reached " + counts.values().iterator().next().get(0).device());
    }

    /** Each method's counts per device over {@value #OPS} appends of 8 KiB, one sync each, after {@value #WARMUP} unrecorded. */
    private static Map<SyncMethod, List<DeviceLog.Level>> measure(Variant variant) throws Exception {
        Requires.loopDevices();
        Requires.command(variant.mkfsProgram().orElseThrow(), variant == Variant.XFS ? "xfsprogs" : "e2fsprogs");
        Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target", "device-witness-it").toAbsolutePath()), variant.id() + "-");
        Map<SyncMethod, List<DeviceLog.Level>> out = new LinkedHashMap<>();
        try (TestMounts mounts = new TestMounts()) {
            Path mnt = mounts.labFilesystem(root, variant);
            for (SyncMethod m : SyncMethod.values()) {
                if (m.unavailableOn(Runtime.version()).isPresent()) continue;
                out.put(m, countOne(mnt, m));
            }
            assertTrue(out.values().iterator().next().get(0).device().startsWith("loop"), "the chain starts at the loop device: " + out);
            releaseMappings(mnt);
        } finally {
            Commands.deleteTree(root);
        }
        return out;
    }

    private static List<DeviceLog.Level> countOne(Path mnt, SyncMethod m) throws Exception {
        Path dir = Files.createDirectory(mnt.resolve(m.name()));
        try (BlockWitness witness = BlockWitness.open(dir)) {
            DurableWriteLoop loop = DurableWriteLoop.open(NativeLayers.current(), WorkloadConfig.of(dir, m, BLOCK, 1, Preallocation.NONE));
            try {
                for (int i = 0; i < WARMUP; i++) loop.writeOne();
                Commands.run("sync", "-f", dir.toString());
                witness.start();
                for (int i = 0; i < OPS; i++) loop.writeOne();
                witness.stop();
            } finally {
                loop.close();
            }
            return witness.levels();
        }
    }

    /**
     * MMAP_FORCE's mapping outlives its closed channel until the buffer is collected (the JDK has no unmap), and a
     * mapped file keeps its filesystem busy: collect, and wait for the cleaner to unmap it, before unmounting.
     */
    private static void releaseMappings(Path mnt) throws Exception {
        for (int i = 0; i < 50; i++) {
            if (Files.readAllLines(Path.of("/proc/self/maps")).stream().noneMatch(l -> l.contains(mnt.toString()))) return;
            System.gc();
            Thread.sleep(100);
        }
        throw new AssertionError("a mapping in " + mnt + " is still there after 5 s of collecting");
    }
}
