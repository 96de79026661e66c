package io.durabench.env;

import com.google.gson.JsonObject;

/**
 * The filesystem a directory lives on, from its mountinfo line, and whether data synced there
 * reaches durable storage.
 *
 * @param durableStorage true: backed by a (non-RAM) block device; false: RAM or no storage at all
 *                       (tmpfs, ramfs, proc, a loop device over a tmpfs file); null: cannot be told
 *                       from this machine (nfs, fuse, zfs, an overlay whose upper layer is not
 *                       visible here) — see {@code durableStorageReason}
 */
public record TargetFilesystem(String directory, String mountPoint, String filesystem, String mountSource,
                               String mountOptions, String superOptions, Boolean durableStorage,
                               String durableStorageReason) {

    /** The inverse of {@link #toJson()}; missing fields read as null. */
    public static TargetFilesystem fromJson(JsonObject o) {
        if (o == null) return null;
        return new TargetFilesystem(JsonFields.string(o, "directory"), JsonFields.string(o, "mountPoint"),
                JsonFields.string(o, "filesystem"), JsonFields.string(o, "mountSource"), JsonFields.string(o, "mountOptions"),
                JsonFields.string(o, "superOptions"), JsonFields.bool(o, "durableStorage"), JsonFields.string(o, "durableStorageReason"));
    }

    /** proc, sysfs, cgroup...: not storage at all. */
    public boolean isPseudoFilesystem() {
        return filesystem != null && KernelFilesystems.isPseudo(filesystem);
    }

    /**
     * Mounted read-only ("ro" among the mount or superblock options), or made so by an error: ext4
     * on Linux 6.x refuses every write after one with errors=remount-ro while its options still say
     * "rw", and shows "emergency_ro" among the superblock options.
     */
    public boolean readOnly() {
        return hasOption(mountOptions, "ro") || hasOption(superOptions, "ro") || readOnlyAfterError();
    }

    /** Made read-only by an error (ext4's emergency_ro): a remount cannot undo that, only unmount, fsck and mount. */
    public boolean readOnlyAfterError() {
        return hasOption(superOptions, "emergency_ro");
    }

    private static boolean hasOption(String options, String option) {
        if (options == null) return false;
        for (String o : options.split(",")) if (o.equals(option)) return true;
        return false;
    }

    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("directory", directory);
        o.addProperty("mountPoint", mountPoint);
        o.addProperty("filesystem", filesystem);
        o.addProperty("mountSource", mountSource);
        o.addProperty("mountOptions", mountOptions);
        o.addProperty("superOptions", superOptions);
        o.addProperty("durableStorage", durableStorage);
        o.addProperty("durableStorageReason", durableStorageReason);
        return o;
    }
}
