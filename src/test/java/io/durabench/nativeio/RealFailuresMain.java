package io.durabench.nativeio;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Real failures from the kernel through this JVM's native layer, each as NativeFile reports it (one
 * line per case: its name, a tab, the exception's message), so that two layers' outputs can be
 * compared byte for byte. Run by RealFailuresIT in Temurin 25 on each layer.
 *
 * <pre>java ... RealFailuresMain KIND DIR</pre>
 * KIND {@code disk}: EBADF (a pwrite through a read-only descriptor) and EINVAL (an O_DIRECT pwrite
 * from a misaligned buffer) in DIR on a disk; {@code full}: ENOSPC from fallocate past the end of a
 * tiny filesystem at DIR, then from pwrites that fill it. Every file made is deleted.
 */
public final class RealFailuresMain {
    private RealFailuresMain() {
    }

    public static void main(String[] args) throws Exception {
        NativeLayer layer = NativeLayers.current();
        System.out.println("layer\t" + layer.kind().word());
        Path dir = Path.of(args[1]);
        if (args[0].equals("disk")) {
            report("EBADF", () -> {
                try (NativeFile f = NativeFile.open(layer, touch(dir.resolve("read-only")), OpenFlags.O_RDONLY, 0)) {
                    f.pwrite(AlignedBuffers.patterned(4096, 4096), 4096, 0);
                }
            }, dir.resolve("read-only"));
            report("EINVAL", () -> {
                try (NativeFile f = NativeFile.open(layer, dir.resolve("direct"), OpenFlags.O_WRONLY | OpenFlags.O_CREAT | OpenFlags.O_DIRECT, 0600)) {
                    ByteBuffer misaligned = AlignedBuffers.allocate(8192, 4096).slice(1, 4096);
                    f.pwrite(misaligned, 4096, 0);
                }
            }, dir.resolve("direct"));
        } else {
            report("ENOSPC fallocate", () -> {
                try (NativeFile f = NativeFile.open(layer, dir.resolve("allocated"), OpenFlags.O_RDWR | OpenFlags.O_CREAT, 0600)) {
                    f.fallocate(0, 64L << 20);
                }
            }, dir.resolve("allocated"));
            report("ENOSPC pwrite", () -> {
                try (NativeFile f = NativeFile.open(layer, dir.resolve("filled"), OpenFlags.O_RDWR | OpenFlags.O_CREAT, 0600)) {
                    ByteBuffer block = AlignedBuffers.patterned(64 << 10, 4096);
                    for (long at = 0; ; at += block.capacity()) f.pwrite(block, block.capacity(), at);
                }
            }, dir.resolve("filled"));
        }
    }

    private static Path touch(Path file) {
        try {
            return Files.writeString(file, "");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void report(String name, Runnable failing, Path made) throws Exception {
        try {
            failing.run();
            System.out.println(name + "\tno failure");
        } catch (NativeCallException e) {
            System.out.println(name + "\t" + e.getMessage());
        } finally {
            Files.deleteIfExists(made);
        }
    }
}
