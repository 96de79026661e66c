package io.durabench.cli;

import io.durabench.lab.Lab;
import io.durabench.lab.LabConfig;
import io.durabench.lab.LoopSettings;
import io.durabench.lab.LabHost;
import io.durabench.lab.LabRefusal;
import io.durabench.lab.LabStatus;
import io.durabench.lab.LabTarget;
import io.durabench.lab.QuietCheck;
import io.durabench.lab.QuietReport;
import io.durabench.lab.Variant;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * durabench lab up|status|down|check: loop-mounted filesystems (and a tmpfs) made quiet for
 * measuring, in one folder the lab owns. Needs root (losetup, mkfs, mount); status does not.
 */
@Command(name = "lab", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = {"The filesystem lab: images on this project's disk, fully allocated, loop-attached with direct I/O"
                + " and 4096-byte sectors, made and mounted without discard or lazy initialisation, one per variant.",
                "Variants: ext4 (data=ordered), ext4-journal (data=journal), ext4-nobarrier (barrier=0), xfs, btrfs, btrfs-nodatacow, tmpfs."},
        subcommands = {LabCommand.Up.class, LabCommand.Status.class, LabCommand.Down.class, LabCommand.Check.class})
public final class LabCommand implements Callable<Integer> {
    /** The machine the lab acts on; tests pass one that is "not root" or lacks a tool. */
    final LabHost host;

    @Spec
    CommandSpec spec;

    public LabCommand() {
        this(LabHost.system());
    }

    LabCommand(LabHost host) {
        this.host = host;
    }

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing lab command: up, status, down or check");
    }

    /**
     * Lab refusals (not root, a missing mkfs, bad names) are bad input: one line, exit 2. Any other
     * LabFailure (a tool that exits non-zero, a mount that does not show) propagates: the lab could not
     * be brought up or down, exit 3.
     */
    static <T> T refusalsAsUsage(Supplier<T> action) {
        try {
            return action.get();
        } catch (LabRefusal e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** What every lab subcommand has: the lab command, whose host it acts on, and its own spec. */
    abstract static class Sub implements Callable<Integer> {
        @ParentCommand
        LabCommand parent;
        @Spec
        CommandSpec spec;
    }

    /** The lab folder of up, status and down: one option, one default. */
    static final class LabDir {
        @Option(names = "--dir", paramLabel = "DIR", description = "The lab folder: images and state file (default: target/lab in the project).")
        Path dir;

        Path path() {
            return dir != null ? dir : LabConfig.defaultLabDir();
        }
    }

    @Command(name = "up", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
            description = {"Makes and mounts one filesystem per VARIANT (default: ext4 xfs btrfs) and leaves them up;"
                    + " prints the directory to benchmark on each. Tear them down with 'durabench lab down'."})
    static final class Up extends Sub {

        @Parameters(arity = "0..*", paramLabel = "VARIANT", description = "ext4, ext4-journal, ext4-nobarrier, xfs, btrfs, btrfs-nodatacow, tmpfs (default: ext4 xfs btrfs).")
        List<String> variants = new ArrayList<>();

        @Mixin
        LabDir labDir;

        @Option(names = "--mount-root", paramLabel = "DIR", description = "Mount each variant at DIR/VARIANT (default: ${DEFAULT-VALUE}).")
        Path mountRoot = LabConfig.DEFAULT_MOUNT_ROOT;

        @Option(names = "--size", paramLabel = "MiB", description = "Size of each image and of the tmpfs (default: ${DEFAULT-VALUE}; xfs needs 300, btrfs 256).")
        long sizeMiB = LabConfig.DEFAULT_SIZE_MIB;

        @Option(names = "--sector-size", paramLabel = "BYTES", description = "Logical sector of the loop devices: 4096 (default: every request"
                + " reaches the image as whole host blocks) or 512, 1024, 2048 (O_DIRECT writes that small then work, as pg_test_fsync's"
                + " 2 kB and 1 kB open_sync lines need).")
        int sectorSize = LoopSettings.LAB.sectorSize();

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            return refusalsAsUsage(() -> {
                List<Variant> wanted = variants.isEmpty() ? Variant.DEFAULTS : Variant.parseList(variants);
                LabConfig config = new LabConfig(labDir.path(), mountRoot, sizeMiB, sectorSize);
                Lab lab = Lab.create(config, line -> { out.println(line); out.flush(); }, parent.host);
                lab.installShutdownHook(); // Ctrl-C during up undoes it
                List<LabTarget> targets;
                try {
                    targets = lab.up(wanted);
                } catch (RuntimeException e) {
                    lab.close();           // up has undone itself; this only drops the hook
                    throw e;
                }
                lab.release();             // from here on the lab outlives this command
                for (LabTarget t : targets) {
                    out.println("up: " + t.variant().id() + "  " + t.directory() + "  (" + (t.loopDevice() != null
                            ? t.loopDevice() + ", image " + t.image() : "tmpfs") + ", " + t.superOptions() + ")");
                }
                out.println("benchmark with: durabench run " + String.join(" ", targets.stream().map(t -> "--dir " + t.directory()).toList()));
                out.println("tear down with: durabench lab down" + (labDir.dir != null ? " --dir " + labDir.dir : ""));
                out.flush();
                return 0;
            });
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class, description = "Shows what the lab has up, checked against the system, and whether its owner still runs.")
    static final class Status extends Sub {

        @Mixin
        LabDir labDir;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            Path dir = labDir.path();
            Optional<LabStatus> status = refusalsAsUsage(() -> Lab.status(dir, parent.host));
            if (status.isEmpty()) out.println("no lab is up in " + dir.toAbsolutePath().normalize());
            else status.get().lines().forEach(out::println);
            out.flush();
            return 0;
        }
    }

    @Command(name = "down", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
            description = "Tears down exactly what the lab's state file lists (also after its owner was killed), verifying each mount, loop device and image is the lab's before touching it.")
    static final class Down extends Sub {

        @Mixin
        LabDir labDir;

        @Option(names = "--force", description = "Tear down even while the lab's owner (a running durabench run --lab) is alive.")
        boolean force;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            Path dir = labDir.path();
            boolean wasUp = refusalsAsUsage(() -> Lab.down(dir, force, line -> { out.println(line); out.flush(); }, parent.host));
            out.println(wasUp ? "lab in " + dir.toAbsolutePath().normalize() + " is down"
                    : "no lab is up in " + dir.toAbsolutePath().normalize() + ": nothing to tear down");
            out.flush();
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
            description = {"Proves the lab's images are quiet: makes a fresh image as 'lab up' does, attaches it with the lab's"
                    + " loop settings, times two passes of write+fdatasync over the same offsets of the loop device (first"
                    + " touch vs second), prints both medians with 95%% intervals, and tears it down. Exit 0 when the passes"
                    + " agree, 1 when they do not, 2 on bad input (or without root), 3 when the check itself failed.",
                    "A MEASUREMENT: run it on an otherwise idle machine. --sparse makes the image sparse (the trap) as a control."})
    static final class Check extends Sub {

        @Option(names = "--dir", paramLabel = "DIR", description = "Folder for the check's image (default: target/lab-check in the project).")
        Path dir;

        @Option(names = "--size", paramLabel = "MiB", description = "Image size (default: ${DEFAULT-VALUE}).")
        long sizeMiB = LabConfig.DEFAULT_SIZE_MIB;

        @Option(names = "--writes", paramLabel = "N", description = "Writes per pass (default: ${DEFAULT-VALUE}).")
        int writes = 4096;

        @Option(names = "--block-size", paramLabel = "BYTES", description = "Bytes per write, a multiple of 4096 (default: ${DEFAULT-VALUE}).")
        int blockSize = 8192;

        @Option(names = "--sparse", description = "Control experiment: a sparse image (the trap), which should show the first pass slower.")
        boolean sparse;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            QuietReport report = refusalsAsUsage(() -> {
                Path labDir = dir != null ? dir : LabConfig.defaultLabDir().resolveSibling("lab-check");
                // No mount root is used (the image is not mounted); the config still names one.
                LabConfig config = new LabConfig(labDir, LabConfig.DEFAULT_MOUNT_ROOT, sizeMiB);
                return QuietCheck.check(config, sparse, blockSize, writes, line -> { out.println(line); out.flush(); }, parent.host);
            });
            report.lines().forEach(out::println);
            out.flush();
            // Passes that disagree are the measurement saying no (exit 1), not an error.
            return report.verdict() == QuietReport.QuietVerdict.AGREE ? 0 : OneLineErrors.EXIT_FAILURE;
        }
    }
}
