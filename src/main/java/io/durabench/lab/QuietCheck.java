package io.durabench.lab;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.NativeLayers;
import io.durabench.nativeio.OpenFlags;
import io.durabench.nativeio.Syscalls;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Proves that the lab's images are quiet: a fresh image, prepared as `lab up` prepares it and
 * attached with the lab's loop settings, takes {@code writes} write+fdatasync of {@code blockSize}
 * bytes through a region of the loop device, twice over the same offsets. On a quiet image both
 * passes cost the same; on a sparse image (the {@code sparse} control) the first pays the host's
 * block allocation.
 *
 * <p>On the loop device, not through a filesystem, because only there are both passes the same work
 * on the same blocks by construction; the host side of a flush is the same either way. What mkfs
 * leaves unwritten is checked separately and exactly, from the image's extent map ({@link Lab#audit()}).
 *
 * <p>This is a measurement: run it only when nothing else runs on the machine.
 */
public final class QuietCheck {
    static final double CONFIDENCE = 0.95;
    private static final int WARMUP_OPS = 2000;
    /** The region starts 1 MiB in: clear of anything at the start of the device. */
    private static final long REGION_OFFSET = 1 << 20;

    private final Syscalls sys;

    QuietCheck(Syscalls sys) {
        this.sys = sys;
    }

    /**
     * `durabench lab check`: one fresh image in its own folder, attached, measured, torn down
     * whatever happens (also on Ctrl-C).
     *
     * @param sparse the control experiment: a sparse image instead of a zero-filled one, which
     *               should come out FIRST_PASS_SLOWER, showing that the check can see the trap
     */
    public static QuietReport check(LabConfig config, boolean sparse, int blockSize, int writes, Consumer<String> progress, LabHost host) {
        if (blockSize <= 0 || blockSize % LoopSettings.LAB.sectorSize() != 0) {
            throw new LabRefusal("--block-size must be a positive multiple of " + LoopSettings.LAB.sectorSize() + " (the loop sector), not " + blockSize);
        }
        if (writes < MedianInterval.MIN_SAMPLES) throw new LabRefusal("--writes must be at least " + MedianInterval.MIN_SAMPLES + ", not " + writes);
        if (REGION_OFFSET + (long) blockSize * writes > config.sizeMiB() << 20) {
            throw new LabRefusal(writes + " writes of " + blockSize + " B do not fit in a " + config.sizeMiB()
                    + " MiB image: pass fewer --writes or a larger --size");
        }
        ImageFile.Allocation allocation = sparse ? ImageFile.Allocation.SPARSE : ImageFile.Allocation.ZERO_FILLED;
        try (Lab lab = Lab.create(config, progress, host, allocation)) {
            lab.installShutdownHook();
            String device = lab.upImageOnly("check");
            progress.accept("lab check: " + allocation.label() + (sparse ? " (the control)" : "") + " " + config.sizeMiB()
                    + " MiB image in " + config.labDir() + " on " + LabBuilder.filesystemOf(config.labDir()) + ", " + device
                    + " direct-io=" + (LoopSettings.LAB.directIo() ? "on" : "off") + " sector " + LoopSettings.LAB.sectorSize()
                    + "; 2 passes of " + writes + " x " + blockSize + " B write+fdatasync over the same offsets");
            return new QuietCheck(NativeLayers.current()).run(Path.of(device), blockSize, writes);
        }
    }

    QuietReport run(Path device, int blockSize, int writes) {
        warmUp(blockSize);
        long[] first = pass(device, blockSize, writes);
        long[] second = pass(device, blockSize, writes);
        return new QuietReport(MedianInterval.of(first, CONFIDENCE), MedianInterval.of(second, CONFIDENCE));
    }

    /** One pass over the region; the time of each write+fdatasync, in nanoseconds. */
    long[] pass(Path device, int blockSize, int writes) {
        ByteBuffer block = AlignedBuffers.patterned(blockSize, AlignedBuffers.DEFAULT_ALIGNMENT);
        long[] nanos = new long[writes];
        try (NativeFile dev = NativeFile.open(sys, device, OpenFlags.O_WRONLY, 0)) {
            for (int i = 0; i < writes; i++) {
                long t0 = System.nanoTime();
                dev.pwrite(block, blockSize, REGION_OFFSET + (long) i * blockSize);
                dev.fdatasync();
                nanos[i] = System.nanoTime() - t0;
            }
        }
        return nanos;
    }

    /**
     * Warms the JIT on the same code path in /dev/shm (tmpfs: no device), not on the image, whose
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
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                throw new LabFailure("cannot delete " + path + ": " + e.getMessage());
            }
        }
    }
}
