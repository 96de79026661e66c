package io.durabench.etcd;

/**
 * The fixed work of etcd's disk check, as etcd's operators run it with fio:
 * {@code fio --rw=write --ioengine=sync --fdatasync=1 --directory=DIR --size=22m --bs=2300 --name=mytest}.
 *
 * <p>What fio does with that job (fio 3.33 on Linux, seen with strace): it unlinks any old file,
 * creates {@code mytest.0.0}, calls {@code fallocate(fd, 0, 0, 22 MiB)} (its {@code fallocate=native}
 * default: mode 0, so st_size is 22 MiB and the extents are unwritten), closes it, opens it again
 * O_RDWR and writes 2,300-byte blocks sequentially with {@code write}, each followed by
 * {@code fdatasync}; no fsync at the end. 22 MiB is not a whole number of 2,300-byte blocks: fio
 * writes the 10,029 whole ones (23,066,700 B) and leaves the last 1,972 B unwritten. durabench does
 * the same writes through {@code DurableWriteLoop} with preallocation FALLOCATE over a region of
 * exactly 22 MiB, so the file has fio's layout and the loop never starts over. The one difference:
 * durabench's FALLOCATE fsyncs the fallocate before the first write (as a database would), where
 * fio's first fdatasync carries it; one sync among 10,030, outside the timed calls.
 */
public final class EtcdJob {
    /** etcd's record size: about one Raft entry of a small key-value write. */
    public static final int BLOCK_BYTES = 2300;
    /** fio's --size=22m: 22 MiB. */
    public static final long FILE_BYTES = 22L << 20;
    /** Whole blocks in the file: fio writes no partial block (the remainder, 1,972 B, stays unwritten). */
    public static final int WRITES = (int) (FILE_BYTES / BLOCK_BYTES);
    /** etcd's rule: the 99th percentile of fdatasync below 10 ms. */
    public static final String RULE = "FDATASYNC sync p99 < 10ms";

    private EtcdJob() {
    }
}
