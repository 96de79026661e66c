package io.durabench.lab;

import java.util.List;

/**
 * The loop-device settings that change what a flush costs, fixed for every lab image and
 * recorded with it.
 *
 * <p><b>Direct I/O on (losetup --direct-io=on)</b>, so that a guest write reaches the disk when the
 * guest filesystem submits it and a flush is an fsync of a fully allocated image, as on a real disk.
 * Off, the guest's writes stop in the host's page cache (a guest O_DIRECT write becomes a memory
 * copy) and each flush first writes back everything dirty on the host. The lab checks
 * /sys/block/loopN/loop/dio afterwards, because the kernel may refuse direct I/O without losetup failing.
 *
 * <p><b>Logical sector size 4096 (--sector-size 4096)</b>: the block size of ext4, XFS and btrfs and
 * the page size, so every request reaches the image as whole host blocks and whole 4 KiB sectors and
 * the host does no sub-block work for us; direct I/O also needs a multiple of the backing disk's
 * logical sector, which 4096 is on 512, 512e and 4Kn disks alike; XFS takes it as its sector size. The price: O_DIRECT writes smaller
 * than 4 KiB are refused (EINVAL) on the lab; {@link Variant#notApplicable(String, int)} says so.
 */
public record LoopSettings(boolean directIo, int sectorSize) {
    public static final LoopSettings LAB = new LoopSettings(true, 4096);

    /** losetup arguments that attach {@code image} to a free device and print its name. */
    List<String> losetupCommand(String image) {
        return List.of("losetup", "--find", "--show", "--direct-io=" + (directIo ? "on" : "off"),
                "--sector-size", Integer.toString(sectorSize), image);
    }
}
