package io.durabench.workload;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeLayers;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Each of PWRITEV2_DSYNC and the io_uring methods for real in DIR, through this JVM's native layer:
 * 100 writes of 8 KiB through a region of 64 blocks (one start-over, an incomplete batch submitted before
 * it), then the pending batch submitted. One line per run: the method, the batch, what the loop counted
 * and whether the file holds exactly the blocks written since the start-over. Run by RingMethodsIT in
 * Temurin 25 on each layer, whose outputs must be the same word for word.
 *
 * <pre>java ... RingRunMain DIR</pre>
 */
public final class RingRunMain {
    static final int BLOCK = 8192;
    static final int WRITES = 100;
    static final long REGION = 64L * BLOCK;
    static final List<SyncMethod> METHODS = List.of(SyncMethod.PWRITEV2_DSYNC, SyncMethod.URING_FDATASYNC, SyncMethod.URING_DSYNC,
            SyncMethod.URING_DIRECT_DSYNC);

    private RingRunMain() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("layer\t" + NativeLayers.current().kind().word());
        Path dir = Path.of(args[0]);
        for (SyncMethod m : METHODS) {
            for (int n : m.takesBatches() ? List.of(1, 10) : List.of(1)) System.out.println(run(dir, m, n));
        }
    }

    private static String run(Path dir, SyncMethod m, int writesPerSync) throws Exception {
        WorkloadConfig cfg = WorkloadConfig.of(dir, m, BLOCK, writesPerSync, Preallocation.NONE).withRegionBytes(REGION);
        try (DurableWriteLoop loop = DurableWriteLoop.open(NativeLayers.current(), cfg)) {
            for (int i = 0; i < WRITES; i++) loop.writeOne();
            loop.syncPending();
            WriteCounters c = loop.counters();
            byte[] file = Files.readAllBytes(loop.path());
            boolean intact = Arrays.equals(file, blocks(WRITES - (int) (REGION / BLOCK)));
            return m + " " + writesPerSync + ": writes " + c.writes + ", syncCalls " + c.syncCalls + ", syncedWrites " + c.syncedWrites
                    + ", ringEnters " + c.ringEnters + ", recycles " + c.recycles + ", file " + (intact ? "intact" : "WRONG (" + file.length + " bytes)");
        }
    }

    private static byte[] blocks(int n) {
        ByteBuffer one = AlignedBuffers.patterned(BLOCK, AlignedBuffers.DEFAULT_ALIGNMENT);
        byte[] all = new byte[n * BLOCK];
        for (int b = 0; b < n; b++) one.get(0, all, b * BLOCK, BLOCK);
        return all;
    }
}
