package io.durabench.workload;

/**
 * How the log file's space is prepared before the writes land in it (background section 4).
 * Every strategy's own work is made durable (fsync) before it is relied on, as a database would.
 */
public enum Preallocation {
    /** Append: every write grows st_size, so even fdatasync must journal metadata. */
    NONE,
    /** ftruncate to the region size up front: a hole; the first write into each block allocates. */
    FTRUNCATE,
    /** fallocate(mode 0) up front: unwritten extents; the first write converts them (metadata again). */
    FALLOCATE,
    /**
     * fallocate(FALLOC_FL_KEEP_SIZE) up front: the blocks are reserved but st_size stays 0, so every
     * append still grows the size and even fdatasync must journal it. Beside FALLOCATE it tells
     * whether the size update or the block allocation is what an append costs.
     */
    FALLOCATE_KEEP_SIZE,
    /**
     * Real zeros written and synced ahead of the write offset, in chunks (4 MiB by default), rolling
     * forward as the log grows (the Dolt WAL scheme): later writes are in-place overwrites.
     */
    ZERO_FILL
}
