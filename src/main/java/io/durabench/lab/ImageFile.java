package io.durabench.lab;

import io.durabench.format.Fmt;
import io.durabench.nativeio.AlignedBuffers;
import io.durabench.nativeio.FileStatus;
import io.durabench.nativeio.NativeCallException;
import io.durabench.nativeio.NativeFile;
import io.durabench.nativeio.NativeLayer;
import io.durabench.nativeio.NativeLayers;
import io.durabench.nativeio.OpenFlags;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Creates a lab image: a file whose every block is allocated and written on the host before the
 * guest filesystem is made in it.
 *
 * <p>Why real zeros, written and synced, and neither a sparse file nor fallocate: a sparse image
 * makes the host filesystem allocate a block the first time the guest touches it, and a fallocated
 * one converts an unwritten extent on the first write to each block. Both are host metadata work
 * (a host journal commit inside the loop device's flush) that the filesystem under test did not
 * ask for, and they make a first pass over the blocks dearer than every later one (docs/lab.md).
 * The zeros are written with O_DIRECT so that they do not linger in the host's page cache, where
 * every later direct write from the loop device would first have to invalidate them.
 */
final class ImageFile {
    /** How the image's blocks are prepared; SPARSE exists only as the control of `lab check`. */
    enum Allocation {
        ZERO_FILLED,
        /** ftruncate only: the trap, for showing that `lab check` can see it. Never used by `lab up`. */
        SPARSE;

        /** As the state file and `lab check` say it: "zero-filled". */
        String label() {
            return Fmt.id(this);
        }
    }

    private static final int CHUNK = 1 << 20;

    private ImageFile() {
    }

    /**
     * Creates {@code image}, empty; it must not exist (a file of that name is someone else's).
     * Returns its inode, which the caller records before {@link #prepare} spends seconds filling it.
     */
    static long createEmpty(Path image) {
        try {
            Files.createFile(image);
        } catch (FileAlreadyExistsException e) {
            throw new LabRefusal(image + " already exists and no lab state lists it: not overwriting it;"
                    + " remove it or pass another --dir");
        } catch (IOException e) {
            throw new LabFailure("cannot create " + image + ": " + e.getMessage());
        }
        return stat(image).inode();
    }

    /**
     * Gives the empty {@code image} its size: zero-filled (every block written and synced), or
     * sparse for the check's control. On a btrfs host the file is made nodatacow first (chattr +C,
     * only possible while it is empty): otherwise each guest write would copy-on-write a new host
     * extent, first-touch allocation again.
     */
    static void prepare(Path image, long sizeBytes, Allocation allocation, String hostFilesystem, Shell shell) {
        if ("btrfs".equals(hostFilesystem)) shell.require(List.of("chattr", "+C", image.toString()));
        if (allocation == Allocation.SPARSE) {
            try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
                f.setLength(sizeBytes);
            } catch (IOException e) {
                throw new LabFailure("cannot size " + image + ": " + e.getMessage());
            }
            return;
        }
        zeroFill(image, sizeBytes);
        long allocated = allocatedBytes(image);
        if (allocated < sizeBytes) {
            throw new LabFailure(image + " holds only " + allocated + " of " + sizeBytes + " bytes after the zero fill"
                    + " (does " + hostFilesystem + " compress or deduplicate zeros?): put --dir on a filesystem that stores them");
        }
    }

    private static void zeroFill(Path image, long sizeBytes) {
        ByteBuffer zeros = AlignedBuffers.allocate(CHUNK, AlignedBuffers.DEFAULT_ALIGNMENT);
        NativeFile f;
        try {
            f = NativeFile.open(NativeLayers.current(), image, OpenFlags.O_WRONLY | OpenFlags.O_DIRECT, 0);
        } catch (NativeCallException e) {
            // A host filesystem without O_DIRECT: buffered zeros are as allocated, only cached.
            f = NativeFile.open(NativeLayers.current(), image, OpenFlags.O_WRONLY, 0);
        }
        try (NativeFile file = f) {
            for (long off = 0; off < sizeBytes; off += CHUNK) {
                file.pwrite(zeros, (int) Math.min(CHUNK, sizeBytes - off), off);
            }
            file.fsync();
        } catch (NativeCallException e) {
            throw new LabFailure("zero-filling " + image + ": " + e.getMessage());
        }
        try (NativeFile dir = NativeFile.openDirectory(NativeLayers.current(), image.getParent())) {
            dir.fsync(); // the image's name, too, survives a crash of the host
        }
    }

    /**
     * Rewrites with zeros every part of the image that the host holds as a hole or an unwritten
     * extent, and checks that none is left; returns the bytes rewritten. Needed after mkfs:
     * mkfs.ext4 zeroes inode tables and the journal, and mkfs.xfs its log, with WRITE_ZEROES,
     * which the loop device turns into fallocate(ZERO_RANGE) on the image, so those regions (the
     * journal is the hot path of every fdatasync) would be unwritten extents again and the first
     * write into each block would pay a host extent conversion. Such ranges read as zeros, so
     * writing zeros there changes no byte the filesystem sees; the filesystem is not mounted yet
     * and mkfs has closed (and so flushed) the device.
     */
    static long materialize(Path image, Shell shell) {
        List<long[]> gaps = map(image, shell).notMaterialized();
        if (gaps.isEmpty()) return 0;
        ByteBuffer zeros = AlignedBuffers.allocate(CHUNK, AlignedBuffers.DEFAULT_ALIGNMENT);
        try (NativeFile file = NativeFile.open(NativeLayers.current(), image, OpenFlags.O_WRONLY | OpenFlags.O_DIRECT, 0)) {
            for (long[] gap : gaps) {
                for (long off = gap[0]; off < gap[1]; off += CHUNK) file.pwrite(zeros, (int) Math.min(CHUNK, gap[1] - off), off);
            }
            file.fsync();
        } catch (NativeCallException e) {
            throw new LabFailure("rewriting the unwritten parts of " + image + ": " + e.getMessage());
        }
        long left = Extents.total(map(image, shell).notMaterialized());
        if (left > 0) throw new LabFailure(image + " still has " + left + " bytes of holes or unwritten extents after rewriting them");
        return Extents.total(gaps);
    }

    /** Bytes of the image that are holes or unwritten extents on the host (0 for a quiet image). */
    static long notMaterializedBytes(Path image, Shell shell) {
        return Extents.total(map(image, shell).notMaterialized());
    }

    private static Extents map(Path image, Shell shell) {
        return Extents.parseFilefrag(shell.require(List.of("filefrag", "-v", image.toString())));
    }

    /** Bytes the host has allocated to the file (st_blocks x 512). */
    static long allocatedBytes(Path file) {
        return stat(file).blocks() * 512L;
    }

    /**
     * The file's birth time as stat(1) prints it (statx, nanoseconds), or null when the filesystem
     * does not keep one. With the inode it identifies the image: inode numbers are reused as soon
     * as a file is deleted, so a file put in place of a deleted image can have the image's inode.
     */
    static String birthTime(Path file, Shell shell) {
        String birth = shell.require(List.of("stat", "--format=%w", file.toString())).strip();
        return birth.isEmpty() || birth.equals("-") ? null : birth;
    }

    /** st_ino, or -1 when the file does not exist. */
    static long inodeOrMissing(Path file) {
        if (!Files.exists(file)) return -1;
        return stat(file).inode();
    }

    private static FileStatus stat(Path file) {
        NativeLayer layer = NativeLayers.current();
        FileStatus st = layer.stat(file.toString());
        if (st == null) throw new LabFailure("stat " + file + " failed: " + NativeCallException.errnoName(layer.errno()));
        return st;
    }
}
