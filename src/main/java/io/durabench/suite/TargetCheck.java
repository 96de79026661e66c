package io.durabench.suite;

import io.durabench.env.EnvironmentProbe;
import io.durabench.env.TargetFilesystem;
import io.durabench.workload.RegionLogFiles;
import io.durabench.workload.WorkloadConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * Checks a target directory before anything runs or is written: it exists and is a directory (not
 * a file or a device), is on storage (not /proc or /sys), is writable and not mounted read-only,
 * and has room for the largest trial. A symlinked target is resolved and the run says where it
 * really writes. Every refusal is a {@link BadTargetException} naming the directory and the fix.
 */
public final class TargetCheck {
    private TargetCheck() {
    }

    /** The directory to write into (symlinks resolved); {@code notes} receives what the user should know. */
    public static Path check(Path given, List<String> notes) {
        long needed = RegionLogFiles.bytesNeeded(WorkloadConfig.DEFAULT_REGION_BYTES, WorkloadConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES);
        return check(given, notes, needed, "a trial needs " + (needed >> 20)
                + " MiB (a 64 MiB log region, a 4 MiB zero-fill chunk, 64 MiB headroom)");
    }

    /**
     * The same checks for a workload that needs {@code bytesNeeded} free ({@code why} says what for, as
     * "durabench pg needs 16 MiB (pg_test_fsync's test file)").
     */
    public static Path check(Path given, List<String> notes, long bytesNeeded, String why) {
        Path abs = given.toAbsolutePath().normalize();
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(abs, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new BadTargetException("target directory " + given + " does not exist or is not a directory: create it or pass another --dir");
        }
        if (attrs.isOther()) {
            throw new BadTargetException("target " + given + " is a device, not a directory: durabench writes files into a directory"
                    + " on a mounted filesystem; mount it and pass a directory in it");
        }
        if (!attrs.isDirectory()) {
            throw new BadTargetException("target directory " + given + " does not exist or is not a directory: create it or pass another --dir");
        }
        Path real;
        try {
            real = abs.toRealPath();
        } catch (IOException e) {
            throw new BadTargetException("target directory " + given + " cannot be resolved (" + e.getMessage() + "): pass another --dir");
        }
        if (!real.equals(abs)) notes.add("target " + given + " is a symlink (or under one): writing into " + real);
        TargetFilesystem fs = EnvironmentProbe.capture(real).target();
        if (fs.isPseudoFilesystem()) {
            throw new BadTargetException("target directory " + given + " is on " + fs.filesystem() + ", a kernel pseudo-filesystem,"
                    + " not storage: pass a directory on a disk (or tmpfs, to measure memory)");
        }
        if (fs.readOnlyAfterError()) {
            throw new BadTargetException("target directory " + given + " is on a filesystem an error made read-only (" + fs.mountPoint()
                    + ", options " + fs.superOptions() + "): unmount it, check it (fsck) and mount it again, or pass another --dir");
        }
        if (fs.readOnly()) {
            throw new BadTargetException("target directory " + given + " is on a read-only mount (" + fs.mountPoint()
                    + ", options " + fs.mountOptions() + "): remount it rw or pass another --dir");
        }
        if (!Files.isWritable(real)) {
            throw new BadTargetException("target directory " + given + " is not writable: fix its permissions or pass another --dir");
        }
        long usable;
        try {
            usable = Files.getFileStore(real).getUsableSpace();
        } catch (IOException e) {
            throw new BadTargetException("cannot read the free space of " + given + " (" + e.getMessage() + "): pass another --dir");
        }
        if (usable < bytesNeeded) {
            throw new BadTargetException("target directory " + given + " has " + (usable >> 20) + " MiB free; " + why
                    + ": free space or pass another --dir");
        }
        return real;
    }
}
