package io.durabench.lab;

import io.durabench.env.LabImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One filesystem of a lab that is up: the directory to benchmark and how it was made.
 *
 * @param directory         the directory to benchmark (inside the mount, empty, writable)
 * @param mountPoint        where the variant is mounted
 * @param image             the image file; null for tmpfs
 * @param sizeBytes         image size (tmpfs: its size limit)
 * @param allocation        "zero-filled" (always, for `lab up`); null for tmpfs
 * @param backingFilesystem the filesystem type holding the image; null for tmpfs
 * @param loopDevice        /dev/loopN; null for tmpfs
 * @param loop              direct I/O and sector size of the loop device; null for tmpfs
 * @param mkfsCommand       the mkfs command line that made the filesystem; empty for tmpfs
 * @param mountOptions      the -o options the lab passed to mount
 * @param superOptions      the filesystem's own options as mounted (mountinfo), e.g. "rw,data=journal"
 */
public record LabTarget(Variant variant, Path directory, Path mountPoint, Path image, long sizeBytes,
                        String allocation, String backingFilesystem, String loopDevice, LoopSettings loop,
                        List<String> mkfsCommand, String mountOptions, String superOptions) {

    /** Why a sync method is n/a on this target, if it is (see {@link Variant#notApplicable(String, int)}). */
    public Optional<String> notApplicable(String syncMethodName, int blockSizeBytes) {
        return variant.notApplicable(syncMethodName, blockSizeBytes, sectorSize());
    }

    /** Why a cell that opens its file with O_DIRECT is n/a on this target (see {@link Variant#notApplicableForDirectIo}). */
    public Optional<String> notApplicableForDirectIo(String method, Integer blockSizeBytes) {
        return variant.notApplicableForDirectIo(method, blockSizeBytes, sectorSize());
    }

    /** The loop device's logical sector; the lab's default where there is none (tmpfs: no direct-I/O rule applies). */
    public int sectorSize() {
        return loop == null ? LoopSettings.LAB.sectorSize() : loop.sectorSize();
    }

    /** The record environment.json carries as its "lab" object. */
    public LabImage labImage() {
        return new LabImage(variant.id(), variant.fsType(), image == null ? null : image.toString(), sizeBytes, allocation,
                backingFilesystem, loopDevice, loop == null ? null : loop.directIo(), loop == null ? null : loop.sectorSize(),
                mkfsCommand.isEmpty() ? null : String.join(" ", mkfsCommand), mountOptions);
    }
}
