package io.durabench.lab;

import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import io.durabench.env.JsonFields;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one lab created, as the state file records it (schema {@value #SCHEMA}). It is
 * written before each step that creates something (the intent) and after it (the result), so a lab
 * whose owner was killed at any point can be torn down from the file alone; teardown still checks
 * every recorded thing against the live system before touching it.
 */
final class LabState {
    static final String SCHEMA = "durabench-lab-state/1";

    /** One variant's image, loop device and mount; fields fill in as `up` proceeds. */
    static final class Target {
        /** Null for a bare image (the quiet check's): no filesystem, nothing mounted. */
        final Variant variant;
        /** The image file (null for tmpfs). Recorded before the file is created. */
        String image;
        /** st_ino of the image once created: a file at that path with another inode is not ours. */
        Long imageInode;
        /** The image's birth time (stat %w), null if the filesystem keeps none: inode numbers are reused. */
        String imageBirth;
        long sizeBytes;
        String allocation;
        /** Filesystem type of the folder holding the image (the host side of every flush). */
        String backingFilesystem;
        /** /dev/loopN once attached (a device attached but not yet recorded is found by its image). */
        String loopDevice;
        Boolean loopDirectIo;
        Integer loopSectorSize;
        List<String> mkfs = List.of();
        String mountPoint;
        boolean createdMountPoint;
        /** What the mount's source must be for it to be ours: the loop device, or the lab's tmpfs tag. */
        String mountSource;
        String mountOptions;
        /** Set just before mount(8) runs; teardown then looks for the mount. */
        boolean mountAttempted;
        /** The directory to benchmark, inside the mount. */
        String directory;

        Target(Variant variant) {
            this.variant = variant;
        }

        JsonObject toJson() {
            JsonObject o = new JsonObject();
            o.addProperty("variant", variant == null ? null : variant.id());
            o.addProperty("image", image);
            o.addProperty("imageInode", imageInode);
            o.addProperty("imageBirth", imageBirth);
            o.addProperty("sizeBytes", sizeBytes);
            o.addProperty("allocation", allocation);
            o.addProperty("backingFilesystem", backingFilesystem);
            o.addProperty("loopDevice", loopDevice);
            o.addProperty("loopDirectIo", loopDirectIo);
            o.addProperty("loopSectorSize", loopSectorSize);
            o.add("mkfs", JsonFields.arrayOf(mkfs));
            o.addProperty("mountPoint", mountPoint);
            o.addProperty("createdMountPoint", createdMountPoint);
            o.addProperty("mountSource", mountSource);
            o.addProperty("mountOptions", mountOptions);
            o.addProperty("mountAttempted", mountAttempted);
            o.addProperty("directory", directory);
            return o;
        }

        static Target fromJson(JsonObject o) {
            String variant = string(o, "variant");
            Target t = new Target(variant == null ? null : Variant.parse(variant));
            t.image = string(o, "image");
            t.imageInode = o.has("imageInode") && !o.get("imageInode").isJsonNull() ? o.get("imageInode").getAsLong() : null;
            t.imageBirth = string(o, "imageBirth");
            t.sizeBytes = o.get("sizeBytes").getAsLong();
            t.allocation = string(o, "allocation");
            t.backingFilesystem = string(o, "backingFilesystem");
            t.loopDevice = string(o, "loopDevice");
            t.loopDirectIo = o.has("loopDirectIo") && !o.get("loopDirectIo").isJsonNull() ? o.get("loopDirectIo").getAsBoolean() : null;
            t.loopSectorSize = o.has("loopSectorSize") && !o.get("loopSectorSize").isJsonNull() ? o.get("loopSectorSize").getAsInt() : null;
            List<String> cmd = new ArrayList<>();
            for (JsonElement e : o.getAsJsonArray("mkfs")) cmd.add(e.getAsString());
            t.mkfs = List.copyOf(cmd);
            t.mountPoint = string(o, "mountPoint");
            t.createdMountPoint = o.get("createdMountPoint").getAsBoolean();
            t.mountSource = string(o, "mountSource");
            t.mountOptions = string(o, "mountOptions");
            t.mountAttempted = o.get("mountAttempted").getAsBoolean();
            t.directory = string(o, "directory");
            return t;
        }
    }

    final Owner owner;
    final String labDir;
    final String mountRoot;
    /** Set when this lab made its folder; teardown removes it (after the state file) if it is then empty. */
    boolean createdLabDir;
    /** Set when this lab made the mount root; teardown then removes it if it is empty. */
    boolean createdMountRoot;
    final List<Target> targets = new ArrayList<>();

    LabState(Owner owner, String labDir, String mountRoot) {
        this.owner = owner;
        this.labDir = labDir;
        this.mountRoot = mountRoot;
    }

    JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("schema", SCHEMA);
        JsonObject own = new JsonObject();
        own.addProperty("pid", owner.pid());
        own.addProperty("bootId", owner.bootId());
        own.addProperty("startTicks", owner.startTicks());
        o.add("owner", own);
        o.addProperty("labDir", labDir);
        o.addProperty("createdLabDir", createdLabDir);
        o.addProperty("mountRoot", mountRoot);
        o.addProperty("createdMountRoot", createdMountRoot);
        o.add("targets", JsonFields.arrayOf(targets.stream().map(Target::toJson).toList()));
        return o;
    }

    static LabState fromJson(JsonObject o) {
        JsonElement schema = o.get("schema");
        if (schema == null || !SCHEMA.equals(schema.getAsString())) {
            throw new LabFailure("not a " + SCHEMA + " state file (schema " + schema + ")");
        }
        JsonObject own = o.getAsJsonObject("owner");
        Owner owner = new Owner(own.get("pid").getAsLong(), own.get("bootId").getAsString(), own.get("startTicks").getAsLong());
        LabState s = new LabState(owner, o.get("labDir").getAsString(), o.get("mountRoot").getAsString());
        s.createdLabDir = o.get("createdLabDir").getAsBoolean();
        s.createdMountRoot = o.get("createdMountRoot").getAsBoolean();
        for (JsonElement e : o.getAsJsonArray("targets")) s.targets.add(Target.fromJson(e.getAsJsonObject()));
        return s;
    }

    private static String string(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e == null || e instanceof JsonNull ? null : e.getAsString();
    }
}
