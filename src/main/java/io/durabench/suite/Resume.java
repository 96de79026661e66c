package io.durabench.suite;

import io.durabench.env.Environment;
import io.durabench.env.EnvironmentProbe;
import io.durabench.nativeio.NativeLayer;
import io.durabench.results.ResultsFileException;
import io.durabench.results.ResultsFolder;
import io.durabench.results.RunManifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * `durabench run --resume FOLDER`: the settings of a cut-short run, read back from its run.json,
 * and the check that the machine is still the one it measured (a resumed run must not mix two
 * environments in one table). Only cells without an outcome are measured; what is there stays.
 */
public record Resume(Path folder, RunManifest manifest) {

    public static Resume of(Path folder) {
        Path file = folder.resolve(ResultsFolder.RUN_MANIFEST);
        if (!Files.isRegularFile(file)) {
            throw new BadTargetException("--resume " + folder + ": no run.json there; name the folder a `durabench run` wrote");
        }
        RunManifest m = RunManifest.read(file);
        if (m.finished() != null) {
            throw new BadTargetException("--resume " + folder + ": that run finished (" + m.finished() + "); nothing is missing");
        }
        if (m.profile() == null || m.targets().isEmpty()) throw new ResultsFileException(file + ": no profile or targets to resume");
        return new Resume(folder, m);
    }

    public Profile profile() {
        return Profile.valueOf(manifest.profile().toUpperCase(java.util.Locale.ROOT));
    }

    /** The target directories the run had (for a lab run: the lab's, made again with the same variants). */
    public List<Path> dirs() {
        return manifest.targets().stream().map(t -> Path.of(t.dir())).toList();
    }

    /**
     * Refuses when what decides the figures changed since the run measured: the filesystem and its
     * options, the device (for a loop image: the disk under it), the kernel, the CPUs, the JVM.
     */
    public void checkUnchanged(RunTarget target, JvmSlot slot) {
        ResultsFolder.Target f = ResultsFolder.existing(folder).target(slot.label() == null ? target.label() : target.label() + "/" + slot.label());
        Environment before = f.readEnvironment();
        if (before == null) return; // the run was cut before this target began: nothing to mix with
        Environment now = EnvironmentProbe.capture(target.dir(), slot.facts(), slot.layer().word());
        List<String> changed = new ArrayList<>();
        same(changed, "filesystem", before.filesystem(), now.filesystem());
        same(changed, "mount options", before.target() == null ? null : before.target().superOptions(),
                now.target() == null ? null : now.target().superOptions());
        same(changed, "flush device", device(before), device(now));
        same(changed, "kernel", before.kernel() == null ? null : before.kernel().release(), now.kernel() == null ? null : now.kernel().release());
        same(changed, "CPU count", before.cpu() == null ? null : before.cpu().count(), now.cpu() == null ? null : now.cpu().count());
        same(changed, "JDK", before.jdk() == null ? null : before.jdk().version(), now.jdk() == null ? null : now.jdk().version());
        // A folder from before there were two layers names none: it was measured through jnr, the only one then.
        String layerBefore = before.jdk() == null || before.jdk().nativeLayer() == null ? NativeLayer.Kind.JNR.word() : before.jdk().nativeLayer();
        boolean layerChanged = !layerBefore.equals(slot.layer().word());
        if (layerChanged) changed.add("native layer was " + layerBefore + ", is " + slot.layer().word());
        if (!changed.isEmpty()) {
            throw new BadTargetException("cannot resume " + folder + " on " + target.dir() + ": " + String.join(", ", changed)
                    + " changed since it measured; start a new run (--out NEW)"
                    + (layerChanged ? " or resume it on its layer (-Ddurabench.native=" + layerBefore + ")" : ""));
        }
    }

    RunState state(java.io.PrintWriter err) {
        return new RunState(ResultsFolder.existing(folder), manifest, err);
    }

    private static String device(Environment e) {
        return e.flushDevice() == null ? null : e.flushDevice().name();
    }

    private static void same(List<String> changed, String what, Object before, Object now) {
        if (!Objects.equals(before, now)) changed.add(what + " was " + before + ", is " + now);
    }
}
