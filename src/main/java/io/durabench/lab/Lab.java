package io.durabench.lab;

import io.durabench.env.MountInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The filesystem lab: loop-mounted images (and a tmpfs) made quiet for measuring, in one folder
 * the lab owns, torn down exactly, also after its owner was killed.
 *
 * <p>In a program (the run's {@code --lab}):
 * <pre>{@code
 * try (Lab lab = Lab.create(LabConfig.defaults(), out::println)) {
 *     lab.installShutdownHook();                  // Ctrl-C / SIGTERM tear it down, even half-way up
 *     for (LabTarget t : lab.up(List.of(Variant.EXT4, Variant.XFS))) {
 *         ... benchmark t.directory(), record t.labImage() in environment.json ...
 *     }
 * }                                               // close(): down, on success and on failure alike
 * }</pre>
 * From the command line: {@code durabench lab up|status|down}, where the lab outlives the command
 * that made it and {@link #down(Path, boolean, Consumer)} works from the state file alone.
 *
 * <p>Threads: {@link #up} holds the lab's lock while it works; {@link #down()} (and so {@link #close()}
 * and the shutdown hook) first raises a flag that {@code up} polls between its steps, then takes the
 * lock, so a Ctrl-C during {@code up} lets {@code up} stop and undo itself. A busy unmount (a fork
 * killed by the same Ctrl-C still exiting) is retried for 15 s, never done lazily.
 */
public final class Lab implements AutoCloseable {
    private final LabConfig config;
    private final LabHost host;
    private final Consumer<String> progress;
    private final ImageFile.Allocation allocation;
    private volatile boolean closing;
    private LabState state;
    private StateFile stateFile;
    private Thread hook;

    private Lab(LabConfig config, LabHost host, Consumer<String> progress, ImageFile.Allocation allocation) {
        this.config = config;
        this.host = host;
        this.progress = progress;
        this.allocation = allocation;
    }

    /** A lab not yet up: nothing on the machine is touched until {@link #up}. */
    public static Lab create(LabConfig config, Consumer<String> progress) {
        return new Lab(config, LabHost.system(), progress, ImageFile.Allocation.ZERO_FILLED);
    }

    /** As {@link #create(LabConfig, Consumer)}, on a given host (tests: "not root", a tool missing, a step failing). */
    public static Lab create(LabConfig config, Consumer<String> progress, LabHost host) {
        return new Lab(config, host, progress, ImageFile.Allocation.ZERO_FILLED);
    }

    static Lab create(LabConfig config, Consumer<String> progress, LabHost host, ImageFile.Allocation allocation) {
        return new Lab(config, host, progress, allocation);
    }

    /**
     * Brings up every variant, in order, and returns their targets. Refuses (a {@link LabRefusal},
     * nothing touched) without root, without a needed mkfs, with too small a size, a lab folder on
     * tmpfs or too full, or names already taken; on any later failure it undoes what it made and
     * throws a {@link LabFailure}.
     */
    public synchronized List<LabTarget> up(List<Variant> variants) {
        if (state != null) throw new IllegalStateException("this lab is already up");
        if (closing) throw new LabFailure("lab up stopped: the lab is being torn down");
        state = new LabBuilder(host, progress, allocation, () -> closing).up(variants, config);
        stateFile = new StateFile(Path.of(state.labDir));
        return targets();
    }

    /**
     * One bare image attached to a loop device, no filesystem (the quiet check's); returns the
     * device. Torn down like any lab.
     */
    synchronized String upImageOnly(String name) {
        if (state != null) throw new IllegalStateException("this lab is already up");
        if (closing) throw new LabFailure("lab up stopped: the lab is being torn down");
        state = new LabBuilder(host, progress, allocation, () -> closing).upImageOnly(name, config);
        stateFile = new StateFile(Path.of(state.labDir));
        return state.targets.get(0).loopDevice;
    }

    /** The targets of a lab that is up (empty before {@link #up} and after {@link #down()}). */
    public synchronized List<LabTarget> targets() {
        return state == null ? List.of() : targetsOf(state);
    }

    /**
     * Tears down everything this lab made. Idempotent; throws a {@link LabFailure} naming the
     * first thing that could not go (the state file then lists what is left, for `lab down`).
     */
    public void down() {
        closing = true; // before taking the lock: an `up` in progress stops at its next step and undoes itself
        synchronized (this) {
            if (state == null) return;
            List<String> problems = new Teardown(host.shell(), progress).run(state, stateFile);
            if (!problems.isEmpty()) throw problemsFailure(problems, state.labDir);
            state = null;
        }
    }

    /**
     * Checks that every image is still fully written on the host, e.g. after a run and before
     * teardown. The guest filesystem can undo the lab's preparation while it is used: ext4 zeroes
     * small unwritten extents with WRITE_ZEROES (without NOUNMAP), which the loop device turns into
     * hole punching in the image, and a later write there pays host allocation again. Returns one
     * warning per image that has holes or unwritten extents (empty: still quiet).
     */
    public synchronized List<String> audit() {
        List<String> warnings = new ArrayList<>();
        if (state == null) return warnings;
        for (LabState.Target t : state.targets) {
            if (t.image == null) continue;
            long bytes = ImageFile.notMaterializedBytes(Path.of(t.image), host.shell());
            if (bytes > 0) {
                String name = t.variant == null ? "image" : t.variant.id();
                warnings.add(name + ": " + (bytes >> 10) + " KiB of " + t.image + " became holes or unwritten extents"
                        + " while it was used (the guest zeroed or discarded blocks through the loop device):"
                        + " writes there paid host allocation");
            }
        }
        return warnings;
    }

    /** Registers a JVM shutdown hook that tears the lab down (Ctrl-C, SIGTERM, System.exit). */
    public synchronized void installShutdownHook() {
        if (hook != null) return;
        hook = new Thread(() -> {
            try {
                down();
            } catch (RuntimeException e) {
                System.err.println("durabench: lab teardown at exit failed: " + e.getMessage());
            }
        }, "durabench-lab-teardown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Leaves the lab up for others (`durabench lab up` returns, the lab stays until `lab down`):
     * removes the shutdown hook and forgets the lab, so {@link #close()} no longer tears it down.
     * The state file still lists everything.
     */
    public synchronized void release() {
        removeHook();
        state = null;
    }

    /** {@link #down()}, then the shutdown hook is no longer needed. */
    @Override
    public void close() {
        try {
            down();
        } finally {
            synchronized (this) {
                removeHook();
            }
        }
    }

    private void removeHook() {
        if (hook != null && Thread.currentThread() != hook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook runs (and finds nothing to do)
            }
        }
        hook = null;
    }

    /**
     * `lab down`: tears down the lab whose state file is in {@code labDir}. Refuses while the
     * owner is alive (a run is using the lab) unless {@code force}. Returns false when no lab is up.
     */
    public static boolean down(Path labDir, boolean force, Consumer<String> progress, LabHost host) {
        host.requireRoot();
        StateFile file = new StateFile(labDir.toAbsolutePath().normalize());
        Optional<LabState> read = file.read();
        if (read.isEmpty()) return false;
        LabState s = read.get();
        if (!force && s.owner.isAlive() && !s.owner.isCurrentProcess()) {
            throw new LabRefusal("the lab in " + labDir + " is in use by its owner, pid " + s.owner.pid()
                    + " (a durabench run?): stop it first, or pass --force");
        }
        List<String> problems = new Teardown(host.shell(), progress).run(s, file);
        if (!problems.isEmpty()) throw problemsFailure(problems, s.labDir);
        return true;
    }

    /** What is up in {@code labDir}, checked against the live system; empty when no lab is up there. */
    public static Optional<LabStatus> status(Path labDir, LabHost host) {
        return new StateFile(labDir.toAbsolutePath().normalize()).read().map(s -> LabStatus.of(s, new LoopDevices(host.shell())));
    }

    private static List<LabTarget> targetsOf(LabState s) {
        List<LabTarget> out = new ArrayList<>();
        for (LabState.Target t : s.targets) {
            if (t.variant == null) continue; // a bare image: nothing to benchmark on
            Path mountPoint = Path.of(t.mountPoint);
            String superOptions = Mounts.at(mountPoint).map(MountInfo::superOptions).orElse(null);
            LoopSettings loop = t.loopDirectIo == null ? null : new LoopSettings(t.loopDirectIo, t.loopSectorSize);
            out.add(new LabTarget(t.variant, Path.of(t.directory), mountPoint, t.image == null ? null : Path.of(t.image),
                    t.sizeBytes, t.allocation, t.backingFilesystem, t.loopDevice, loop, t.mkfs, t.mountOptions, superOptions));
        }
        return List.copyOf(out);
    }

    private static LabFailure problemsFailure(List<String> problems, String labDir) {
        return new LabFailure(problems.get(0) + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : "")
                + "; the rest is torn down, what is left is listed in " + Path.of(labDir, StateFile.NAME));
    }
}
