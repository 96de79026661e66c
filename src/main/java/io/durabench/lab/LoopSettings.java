package io.durabench.lab;

import java.util.List;

/**
 * The loop-device settings that change what a flush costs, fixed for every lab image and
 * recorded with it.
 *
 * <p><b>Direct I/O on (losetup --direct-io=on).</b> With it off, the loop device writes into the
 * host's page cache: the guest's writes stop in host memory (a guest O_DIRECT write becomes a
 * memory copy, so the O_DIRECT rows would not measure a device write), the data is cached twice
 * (guest and host), and each flush has to write back everything dirty since the last one before it
 * can fsync the image. With it on, a write reaches the disk when the guest filesystem submits it,
 * as on a real disk, and a flush is an fsync of a fully allocated image: essentially the disk's own
 * cache flush. The lab checks /sys/block/loopN/loop/dio afterwards, because the kernel may refuse
 * direct I/O (backing filesystem or alignment) and losetup does not always fail when it does.
 *
 * <p><b>Logical sector size 4096 (--sector-size 4096).</b> 4096 is the block size of ext4, XFS and
 * btrfs and the page size, so every request reaches the image as whole host-filesystem blocks and
 * whole 4 KiB physical sectors: the host never does sub-block work for us (ext4's unaligned-DIO
 * serialisation, a read-modify-write in a 512e disk). Direct I/O also requires the loop's sector
 * to be a multiple of the backing disk's logical sector, and 4096 is that on 512, 512e and 4Kn
 * disks alike, so the same setting works on every machine. XFS takes it as its sector size (4 KiB
 * log writes, like a 4Kn or most NVMe disks). The price: O_DIRECT writes smaller than 4 KiB are
 * refused (EINVAL) on the lab; {@link Variant#notApplicable(String, int)} says so.
 */
public record LoopSettings(boolean directIo, int sectorSize) {
    public static final LoopSettings LAB = new LoopSettings(true, 4096);

    /** losetup arguments that attach {@code image} to a free device and print its name. */
    List<String> losetupCommand(String image) {
        return List.of("losetup", "--find", "--show", "--direct-io=" + (directIo ? "on" : "off"),
                "--sector-size", Integer.toString(sectorSize), image);
    }
}
