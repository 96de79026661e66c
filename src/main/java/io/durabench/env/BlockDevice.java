package io.durabench.env;

import com.google.gson.JsonNull;
import com.google.gson.JsonObject;

/**
 * The block device under a filesystem, as sysfs describes its queue: the facts that decide what a
 * flush costs. Every field is null when its sysfs file is missing (older kernels, virtual devices).
 *
 * @param name       the whole disk ("vda", "nvme0n1", "loop3"); the queue flags belong to it
 * @param partition  the partition the filesystem is on ("vda1"), or null for a whole-disk filesystem
 * @param writeCache queue/write_cache: "write back" (a volatile cache: flushes are real work) or
 *                   "write through"
 * @param loop       for a loop device, the file behind it and where that file lives; null otherwise
 */
public record BlockDevice(String name, String partition, String sysfsPath, String writeCache,
                          Integer fua, Integer rotational, String scheduler, Integer logicalBlockSize,
                          Integer physicalBlockSize, String model, LoopBacking loop) {

    /** A loop device's backing file, its filesystem and (recursively) that filesystem's device. */
    public record LoopBacking(String backingFile, TargetFilesystem backingFilesystem, BlockDevice backingDevice) {
        static LoopBacking fromJson(JsonObject o) {
            if (o == null) return null;
            return new LoopBacking(JsonFields.string(o, "backingFile"),
                    TargetFilesystem.fromJson(JsonFields.object(o, "backingFilesystem")),
                    BlockDevice.fromJson(JsonFields.object(o, "backingDevice")));
        }

        JsonObject toJson() {
            JsonObject o = new JsonObject();
            o.addProperty("backingFile", backingFile);
            o.add("backingFilesystem", backingFilesystem == null ? JsonNull.INSTANCE : backingFilesystem.toJson());
            o.add("backingDevice", backingDevice == null ? JsonNull.INSTANCE : backingDevice.toJson());
            return o;
        }
    }

    BlockDevice withLoop(LoopBacking backing) {
        return new BlockDevice(name, partition, sysfsPath, writeCache, fua, rotational, scheduler,
                logicalBlockSize, physicalBlockSize, model, backing);
    }

    /**
     * Where a loop device's data goes: "loop0 over /dev/shm/x.img on tmpfs", and on down a loop over
     * a loop ("loop1 over /a.img on ext4 on loop0 over /dev/shm/b.img on tmpfs"); null for any other device.
     */
    public String loopChain() {
        if (loop == null) return null;
        StringBuilder s = new StringBuilder(name).append(" over ").append(loop.backingFile());
        if (loop.backingFilesystem() != null) s.append(" on ").append(loop.backingFilesystem().filesystem());
        String deeper = loop.backingDevice() == null ? null : loop.backingDevice().loopChain();
        if (deeper != null) s.append(" on ").append(deeper);
        return s.toString();
    }

    /** RAM disks (zram, brd's ram0...) are block devices whose "storage" vanishes at power loss. */
    boolean isRamDisk() {
        return name.startsWith("zram") || name.matches("ram\\d+");
    }

    /** The inverse of {@link #toJson()}; missing fields read as null. */
    public static BlockDevice fromJson(JsonObject o) {
        if (o == null) return null;
        return new BlockDevice(JsonFields.string(o, "name"), JsonFields.string(o, "partition"), JsonFields.string(o, "sysfsPath"),
                JsonFields.string(o, "writeCache"), JsonFields.integer(o, "fua"), JsonFields.integer(o, "rotational"),
                JsonFields.string(o, "scheduler"), JsonFields.integer(o, "logicalBlockSize"), JsonFields.integer(o, "physicalBlockSize"),
                JsonFields.string(o, "model"), LoopBacking.fromJson(JsonFields.object(o, "loop")));
    }

    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("name", name);
        o.addProperty("partition", partition);
        o.addProperty("sysfsPath", sysfsPath);
        o.addProperty("writeCache", writeCache);
        o.addProperty("fua", fua);
        o.addProperty("rotational", rotational);
        o.addProperty("scheduler", scheduler);
        o.addProperty("logicalBlockSize", logicalBlockSize);
        o.addProperty("physicalBlockSize", physicalBlockSize);
        o.addProperty("model", model);
        o.add("loop", loop == null ? JsonNull.INSTANCE : loop.toJson());
        return o;
    }
}
