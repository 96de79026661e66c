package io.durabench.lab;

import io.durabench.env.MountInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a state file says is up, checked against the live system, as lines for `lab status`.
 *
 * @param ownerAlive whether the process that brought the lab up still runs
 * @param lines      one line for the owner, then one per target: variant, directory, device, image size, backing filesystem, live state
 */
public record LabStatus(long ownerPid, boolean ownerAlive, List<String> lines) {

    static LabStatus of(LabState s, LoopDevices loops) {
        boolean alive = s.owner.isAlive();
        List<String> lines = new ArrayList<>();
        lines.add("lab in " + s.labDir + ", owner pid " + s.owner.pid() + ": "
                + (alive ? "alive (durabench lab down refuses while it runs, unless --force)"
                         : "gone (lab up returned, or its owner was killed): durabench lab down tears it down"));
        for (LabState.Target t : s.targets) lines.add(line(t, loops));
        if (s.targets.isEmpty()) lines.add("(no targets: the lab was interrupted before it made any)");
        return new LabStatus(s.owner.pid(), alive, List.copyOf(lines));
    }

    private static String line(LabState.Target t, LoopDevices loops) {
        StringBuilder b = new StringBuilder(String.format("%-16s", t.variant == null ? "(bare image)" : t.variant.id()));
        b.append(t.directory != null ? t.directory : t.mountPoint != null ? t.mountPoint : "(not mounted)");
        b.append("  ").append(t.loopDevice != null ? t.loopDevice : t.image == null ? "tmpfs" : "(no loop device)");
        b.append("  ").append(t.sizeBytes >> 20).append(" MiB");
        if (t.image != null) b.append("  image ").append(t.image).append(" on ").append(t.backingFilesystem);
        b.append("  [").append(liveState(t, loops)).append("]");
        return b.toString();
    }

    private static String liveState(LabState.Target t, LoopDevices loops) {
        List<String> facts = new ArrayList<>();
        Optional<MountInfo> m = t.mountPoint == null ? Optional.empty() : Mounts.at(Path.of(t.mountPoint));
        if (t.variant == null) facts.add("no filesystem");
        else if (m.isEmpty()) facts.add("NOT mounted");
        else if (m.get().source().equals(t.mountSource)) facts.add("mounted " + m.get().fsType() + " " + m.get().superOptions());
        else facts.add("mount point holds " + m.get().source() + ", not the lab's");
        if (t.loopDevice != null && t.image != null) {
            facts.add(loops.backs(t.loopDevice, Path.of(t.image), t.imageInode) ? "loop attached" : "loop device no longer backs the image");
        }
        return String.join(", ", facts);
    }
}
