package io.durabench.lab;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A filesystem configuration researchers compare: how it is made (mkfs), how it is mounted, how
 * small it may be, and which sync methods change meaning on it.
 *
 * <p>Every image variant is made and mounted so that it is quiet while measuring: no discard at
 * mkfs or mount (on a loop device a discard punches holes in the image, undoing its zero fill,
 * and btrfs mounts with discard=async by default since Linux 6.2), and nothing initialised lazily
 * in the background. ext4: inode tables and journal are zeroed by mkfs (lazy_*_init=0), and
 * no_prefetch_block_bitmaps stops the mount from asking ext4lazyinit to read every block bitmap
 * at a random moment within 5 s of mounting; the lab loads them itself, synchronously, before
 * anyone measures ({@link Settle}). Mount options name the default they rely on (data=ordered)
 * so that the recorded options say what was in force, whatever the kernel's default.
 */
public enum Variant {
    EXT4("ext4", "ext4", 16, "data=ordered,nodiscard,no_prefetch_block_bitmaps"),
    /** Data goes through the journal: every data block is written twice, and O_DIRECT is not direct. */
    EXT4_JOURNAL("ext4-journal", "ext4", 16, "data=journal,nodiscard,no_prefetch_block_bitmaps"),
    /**
     * ext4 without write barriers (barrier=0, "nobarrier"): its journal sends no flush and no FUA write, so on a
     * device with a write-back cache no sync method is durable, whatever its system calls: the trap the device
     * witness shows ({@code io.durabench.trace.block}).
     */
    EXT4_NOBARRIER("ext4-nobarrier", "ext4", 16, "data=ordered,barrier=0,nodiscard,no_prefetch_block_bitmaps"),
    /** mkfs.xfs (xfsprogs >= 5.19) refuses filesystems under 300 MiB. */
    XFS("xfs", "xfs", 300, "nodiscard"),
    /** mkfs.btrfs needs about 114 MiB for its default profile; 256 MiB leaves room for the benchmark. */
    BTRFS("btrfs", "btrfs", 256, "nodiscard"),
    /** Overwrites in place instead of copy-on-write; also turns off data checksums (nodatasum). */
    BTRFS_NODATACOW("btrfs-nodatacow", "btrfs", 256, "nodatacow,nodiscard"),
    /**
     * A tmpfs the lab mounts itself (not /dev/shm): a fixed size bounds the RAM a run may take,
     * huge=never pins the page size whatever /sys/kernel/mm/transparent_hugepage/shmem_enabled says,
     * nothing else on the machine writes there, and teardown leaves nothing behind. No image.
     */
    TMPFS("tmpfs", "tmpfs", 16, "mode=0755,huge=never");

    /** When `durabench lab up` is given no variant. */
    public static final List<Variant> DEFAULTS = List.of(EXT4, XFS, BTRFS);

    private static final Set<String> DIRECT_IO_METHODS = Set.of("O_DIRECT", "O_DIRECT_DSYNC", "URING_DIRECT_DSYNC");

    private final String id;
    private final String fsType;
    private final int minimumMiB;
    private final String mountOptions;

    Variant(String id, String fsType, int minimumMiB, String mountOptions) {
        this.id = id;
        this.fsType = fsType;
        this.minimumMiB = minimumMiB;
        this.mountOptions = mountOptions;
    }

    /** The name users type: "ext4-journal", "btrfs-nodatacow". */
    public String id() {
        return id;
    }

    /** The kernel's filesystem type, as mountinfo shows it. */
    public String fsType() {
        return fsType;
    }

    public int minimumMiB() {
        return minimumMiB;
    }

    /** tmpfs lives in RAM: no image, no loop device, no mkfs. */
    public boolean usesImage() {
        return this != TMPFS;
    }

    /** mkfs.ext4, mkfs.xfs or mkfs.btrfs; empty for tmpfs. */
    public Optional<String> mkfsProgram() {
        return usesImage() ? Optional.of("mkfs." + fsType) : Optional.empty();
    }

    /**
     * The mkfs command line for {@code device}. Block size 4096 throughout (the default of all three;
     * spelled out for ext4, whose default depends on the device size). The sector size comes from
     * the loop device (4096, {@link LoopSettings#LAB}), which mkfs.xfs takes as its own.
     */
    public List<String> mkfsCommand(String device) {
        return switch (this) {
            // nodiscard: no hole punching of the zero-filled image. lazy_*_init=0: inode tables and
            // the journal are zeroed now, so ext4lazyinit has no writing left to do while we measure.
            case EXT4, EXT4_JOURNAL, EXT4_NOBARRIER -> List.of("mkfs.ext4", "-q", "-F", "-b", "4096",
                    "-E", "nodiscard,lazy_itable_init=0,lazy_journal_init=0", device);
            // -K: do not discard blocks at mkfs time. XFS has no lazy initialisation to turn off.
            case XFS -> List.of("mkfs.xfs", "-q", "-f", "-K", device);
            case BTRFS, BTRFS_NODATACOW -> List.of("mkfs.btrfs", "-q", "-f", "-K", device);
            case TMPFS -> throw new IllegalStateException("tmpfs has no mkfs");
        };
    }

    /** The -o options of mount(8); tmpfs adds its size. */
    public String mountOptions(long sizeMiB) {
        return this == TMPFS ? "size=" + sizeMiB + "m," + mountOptions : mountOptions;
    }

    /**
     * Why a sync method does not measure what its name says on this variant, or empty when it
     * does. Cells with a reason belong in the run's n/a list, not in its tables. (O_DIRECT on tmpfs
     * is not listed here: the run's feasibility probe already reports it for any filesystem without
     * a block device.)
     *
     * @param syncMethodName a SyncMethod name: "O_DIRECT", "FDATASYNC"...
     */
    public Optional<String> notApplicable(String syncMethodName) {
        if (this == EXT4_JOURNAL && DIRECT_IO_METHODS.contains(syncMethodName)) {
            return Optional.of("ext4 data=journal serves O_DIRECT writes as buffered writes (the data goes"
                    + " through the page cache and the journal): " + syncMethodName + " here would measure "
                    + (syncMethodName.equals("O_DIRECT") ? "a page-cache write, the NONE row"
                            : syncMethodName.equals("URING_DIRECT_DSYNC") ? "a buffered RWF_DSYNC write, the URING_DSYNC row"
                            : "a buffered O_DSYNC write, the O_DSYNC row")
                    + ", not direct I/O");
        }
        return Optional.empty();
    }

    /**
     * {@link #notApplicable(String)} for one block size: the lab's loop devices have 4096-byte
     * logical sectors, and O_DIRECT needs whole sectors, so smaller direct writes are refused
     * (EINVAL) on every image variant.
     */
    public Optional<String> notApplicable(String syncMethodName, int blockSizeBytes) {
        return notApplicable(syncMethodName, blockSizeBytes, LoopSettings.LAB.sectorSize());
    }

    /** {@link #notApplicable(String, int)} on loop devices with {@code sector}-byte logical sectors. */
    public Optional<String> notApplicable(String syncMethodName, int blockSizeBytes, int sector) {
        Optional<String> always = notApplicable(syncMethodName);
        return always.isPresent() || !DIRECT_IO_METHODS.contains(syncMethodName) ? always : sectorRefusal(blockSizeBytes, sector);
    }

    /**
     * {@link #notApplicable(String, int, int)} for any method that opens its file with O_DIRECT (the
     * caller knows which do: durabench's native O_DIRECT methods, pg_test_fsync's open_datasync and
     * open_sync, the JDK's ExtendedOpenOption.DIRECT), named {@code method} in the reason.
     *
     * @param blockSizeBytes null when the method writes a fixed size the caller did not pass
     */
    public Optional<String> notApplicableForDirectIo(String method, Integer blockSizeBytes, int sector) {
        if (this == EXT4_JOURNAL) {
            return Optional.of("ext4 data=journal serves O_DIRECT writes as buffered writes (the data goes through the page"
                    + " cache and the journal): " + method + " here would not measure direct I/O");
        }
        return blockSizeBytes == null ? Optional.empty() : sectorRefusal(blockSizeBytes, sector);
    }

    /** O_DIRECT needs whole logical sectors: a direct write of another size is refused on an image. */
    private Optional<String> sectorRefusal(int blockSizeBytes, int sector) {
        if (!usesImage() || blockSizeBytes % sector == 0) return Optional.empty();
        return Optional.of("the lab's loop devices have " + sector + "-byte logical sectors"
                + (sector == LoopSettings.LAB.sectorSize() ? " (fixed so that every request reaches the image as whole host blocks)" : "")
                + ": O_DIRECT needs whole sectors, so a " + blockSizeBytes + "-byte direct write is refused with EINVAL here");
    }

    /** "ext4-journal" -> EXT4_JOURNAL; a usage refusal naming the valid names otherwise. */
    public static Variant parse(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        for (Variant v : values()) {
            if (v.id.equals(wanted)) return v;
        }
        throw new LabRefusal("unknown lab variant '" + name + "': use " + names());
    }

    /** "ext4,xfs btrfs" (commas and/or spaces) -> [EXT4, XFS, BTRFS]; duplicates refused. */
    public static List<Variant> parseList(List<String> words) {
        List<Variant> out = new ArrayList<>();
        for (String word : words) {
            for (String name : word.split("[,\\s]+")) {
                if (name.isEmpty()) continue;
                Variant v = parse(name);
                if (out.contains(v)) throw new LabRefusal("lab variant '" + v.id + "' given twice: name each variant once");
                out.add(v);
            }
        }
        if (out.isEmpty()) throw new LabRefusal("no lab variant given: use " + names());
        return out;
    }

    public static String names() {
        return String.join(", ", Arrays.stream(values()).map(Variant::id).toList());
    }

    @Override
    public String toString() {
        return id;
    }
}
