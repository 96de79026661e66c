package io.durabench.lab;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.JnrSyscalls;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Proves that a lab filesystem is quiet: two identical passes of {@code writes} pwrite+fdatasync
 * of {@code blockSize} bytes, each on a new file that is created, appended to, deleted and synced
 * away, so the filesystem does the same work in both passes and (having just freed them) puts the
 * second pass on the same blocks as the first. Those blocks are the image's blocks on the host:
 * on a quiet image both passes cost the same; on a sparse image the first pass pays the host's
 * block allocation and is slower. The block reuse is measured (filefrag), not assumed.
 *
 * <p>This is a measurement: run it only when nothing else runs on the machine.
 */
public final class QuietCheck {
    static final String FILE_NAME = "quiet-check.dat";
    private static final int WARMUP_OPS = 2000;
    static final double CONFIDENCE = 0.95;

    private final Syscalls sys;
    private final Shell shell;

    QuietCheck(Syscalls sys, Shell shell) {
        this.sys = sys;
        this.shell = shell;
    }

    /**
     * `durabench lab check`: brings up a fresh lab of one variant (in its own folder and mount
     * root), runs the two passes on it, and tears it down whatever happens.
     *
     * @param sparse the control experiment: a sparse image instead of a zero-filled one, which
     *               should show FIRST_PASS_SLOWER (proving the check can see the trap at all)
     */
    public static QuietReport check(Variant variant, LabConfig config, boolean sparse, int blockSize, int writes,
                                    Consumer<String> progress) {
        return check(variant, config, sparse, blockSize, writes, progress, LabHost.system());
    }

    public static QuietReport check(Variant variant, LabConfig config, boolean sparse, int blockSize, int writes,
                                    Consumer<String> progress, LabHost host) {
        if (!variant.usesImage()) throw new LabRefusal(variant.id() + " has no image: there is no first touch to check");
        if (blockSize <= 0 || blockSize % 512 != 0) throw new LabRefusal("--block-size must be a positive multiple of 512, not " + blockSize);
        if (writes < MedianInterval.MIN_SAMPLES) throw new LabRefusal("--writes must be at least " + MedianInterval.MIN_SAMPLES + ", not " + writes);
        if ((long) blockSize * writes > (config.sizeMiB() << 20) / 2) {
            throw new LabRefusal(writes + " writes of " + blockSize + " B do not fit in half of a " + config.sizeMiB()
                    + " MiB image: pass fewer --writes or a larger --size");
        }
        ImageFile.Allocation allocation = sparse ? ImageFile.Allocation.SPARSE : ImageFile.Allocation.ZERO_FILLED;
        try (Lab lab = Lab.create(config, progress, host, allocation)) {
            lab.installShutdownHook();
            LabTarget target = lab.up(List.of(variant)).get(0);
            progress.accept("lab check " + variant.id() + ": " + (sparse ? "SPARSE (control) " : "zero-filled ")
                    + (config.sizeMiB()) + " MiB image on " + target.backingFilesystem() + ", " + target.loopDevice()
                    + " direct-io=" + (target.loop().directIo() ? "on" : "off") + " sector " + target.loop().sectorSize()
                    + "; 2 passes of " + writes + " x " + blockSize + " B pwrite+fdatasync, each on a new file");
            return new QuietCheck(JnrSyscalls.get(), host.shell()).run(target.directory(), blockSize, writes);
        }
    }

    QuietReport run(Path dir, int blockSize, int writes) {
        if (blockSize <= 0 || blockSize % 512 != 0) throw new LabRefusal("--block-size must be a positive multiple of 512, not " + blockSize);
        if (writes < MedianInterval.MIN_SAMPLES) throw new LabRefusal("--writes must be at least " + MedianInterval.MIN_SAMPLES + ", not " + writes);
        warmUp(blockSize);
        long[] first = new long[writes];
        Extents firstExtents = pass(dir, blockSize, first);
        long[] second = new long[writes];
        Extents secondExtents = pass(dir, blockSize, second);
        double reuse = firstExtents == null || secondExtents == null ? Double.NaN : secondExtents.fractionCoveredBy(firstExtents);
        return new QuietReport(MedianInterval.of(first, CONFIDENCE), MedianInterval.of(second, CONFIDENCE), reuse);
    }

    /** One pass; fills {@code nanos} with the time of each write+fdatasync and returns where the data went. */
    Extents pass(Path dir, int blockSize, long[] nanos) {
        Path path = dir.resolve(FILE_NAME);
        ByteBuffer block = AlignedBuffers.patterned(blockSize, AlignedBuffers.DEFAULT_ALIGNMENT);
        Extents extents;
        try (NativeFile file = NativeFile.open(sys, path, OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_TRUNC, 0644)) {
            syncDirectory(dir); // the new name is durable before timing starts, as in both passes
            for (int i = 0; i < nanos.length; i++) {
                long t0 = System.nanoTime();
                file.pwrite(block, blockSize, (long) i * blockSize);
                file.fdatasync();
                nanos[i] = System.nanoTime() - t0;
            }
            extents = mapExtents(path);
        } finally {
            delete(path);
        }
        syncDirectory(dir);
        // syncfs: commits the transaction that freed the blocks, so the next pass may reuse them.
        shell.require(List.of("sync", "-f", dir.toString()));
        return extents;
    }

    private Extents mapExtents(Path file) {
        Shell.Result r = shell.run(List.of("filefrag", "-v", file.toString()));
        return r.ok() ? Extents.parseFilefrag(r.stdout()) : null;
    }

    /**
     * Warms the JIT on the same code path in /dev/shm (tmpfs: no device), not on the target, whose
     * blocks must stay untouched until the first pass.
     */
    private void warmUp(int blockSize) {
        Path shm = Path.of("/dev/shm");
        if (!Files.isDirectory(shm)) return;
        Path path = shm.resolve("durabench-quiet-check-warmup-" + ProcessHandle.current().pid());
        ByteBuffer block = AlignedBuffers.patterned(blockSize, AlignedBuffers.DEFAULT_ALIGNMENT);
        try (NativeFile file = NativeFile.open(sys, path, OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_TRUNC, 0600)) {
            for (int i = 0; i < WARMUP_OPS; i++) {
                file.pwrite(block, blockSize, (long) (i % 64) * blockSize);
                file.fdatasync();
            }
        } finally {
            delete(path);
        }
    }

    private void syncDirectory(Path dir) {
        try (NativeFile d = NativeFile.openDirectory(sys, dir)) {
            d.fsync();
        }
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new LabFailure("cannot delete " + path + ": " + e.getMessage());
        }
    }
}
