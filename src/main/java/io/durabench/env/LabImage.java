package io.durabench.env;

import com.google.gson.JsonObject;

/**
 * What environment.json says about a lab target (its "lab" object): that the target directory is
 * on a filesystem the lab made, in an image file (or a tmpfs), and how. The "device" section of
 * environment.json already follows the loop device to the disk under the image; this adds what
 * the probe cannot read back: how the image was allocated, the mkfs command line and the mount
 * options the lab asked for, and the loop settings it fixed.
 *
 * @param variant           lab variant name: ext4, ext4-journal, ext4-nobarrier, xfs, btrfs, btrfs-nodatacow, tmpfs
 * @param filesystem        the filesystem type made (ext4, xfs, btrfs, tmpfs)
 * @param image             absolute path of the image file; null for tmpfs
 * @param imageBytes        image size (tmpfs: the size limit of the lab's tmpfs)
 * @param allocation        "zero-filled": every block written with zeros and fsynced before mkfs; null for tmpfs
 * @param backingFilesystem filesystem type of the folder holding the image (the host side of each flush); null for tmpfs
 * @param loopDevice        /dev/loopN the image was attached to; null for tmpfs
 * @param loopDirectIo      whether the loop device does direct I/O on the image (the lab: true); null for tmpfs
 * @param loopSectorSize    the loop device's logical sector size in bytes (the lab: 4096); null for tmpfs
 * @param mkfs              the mkfs command line, with the device; null for tmpfs
 * @param mountOptions      the -o options given to mount (tmpfs: including size=)
 */
public record LabImage(String variant, String filesystem, String image, long imageBytes, String allocation,
                       String backingFilesystem, String loopDevice, Boolean loopDirectIo, Integer loopSectorSize,
                       String mkfs, String mountOptions) {

    /** The inverse of {@link #toJson()}; null stays null (a target that is not a lab image). */
    public static LabImage fromJson(JsonObject o) {
        if (o == null) return null;
        Long bytes = JsonFields.whole(o, "imageBytes");
        return new LabImage(JsonFields.string(o, "variant"), JsonFields.string(o, "filesystem"), JsonFields.string(o, "image"),
                bytes == null ? 0 : bytes, JsonFields.string(o, "allocation"), JsonFields.string(o, "backingFilesystem"),
                JsonFields.string(o, "loopDevice"), JsonFields.bool(o, "loopDirectIo"), JsonFields.integer(o, "loopSectorSize"),
                JsonFields.string(o, "mkfs"), JsonFields.string(o, "mountOptions"));
    }

    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("variant", variant);
        o.addProperty("filesystem", filesystem);
        o.addProperty("image", image);
        o.addProperty("imageBytes", imageBytes);
        o.addProperty("allocation", allocation);
        o.addProperty("backingFilesystem", backingFilesystem);
        o.addProperty("loopDevice", loopDevice);
        o.addProperty("loopDirectIo", loopDirectIo);
        o.addProperty("loopSectorSize", loopSectorSize);
        o.addProperty("mkfs", mkfs);
        o.addProperty("mountOptions", mountOptions);
        return o;
    }
}
