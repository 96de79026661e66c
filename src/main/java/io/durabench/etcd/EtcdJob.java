package io.durabench.etcd;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.workload.Preallocation;
import io.durabench.workload.RegionLogFiles;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import java.nio.file.Path;
import java.util.List;

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
    /** Free space a check needs: one fork's file with the loop's margin (fio's file and ours never exist at once). */
    public static final long BYTES_NEEDED = RegionLogFiles.bytesNeeded(FILE_BYTES, WorkloadConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES);

    private EtcdJob() {
    }

    /** The durable-write loop's configuration for one fork: fio's layout, one fdatasync per 2,300-byte write. */
    public static WorkloadConfig workload(Path dir) {
        return new WorkloadConfig(dir, SyncMethod.FDATASYNC, BLOCK_BYTES, 1, Preallocation.FALLOCATE, FILE_BYTES,
                WorkloadConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES, AlignedBuffers.DEFAULT_ALIGNMENT);
    }

    /** The bytes the fixed work writes: the whole blocks only. */
    public static long bytesWritten() {
        return (long) WRITES * BLOCK_BYTES;
    }

    /**
     * etcd's fio job, word for word except the job's name (fio names its file after it, and would
     * unlink a {@code mytest.0.0} of the user's) and JSON output into {@code json}.
     */
    public static List<String> fioCommand(String fio, Path dir, String jobName, Path json) {
        return List.of(fio, "--rw=write", "--ioengine=sync", "--fdatasync=1", "--directory=" + dir, "--size=22m",
                "--bs=" + BLOCK_BYTES, "--name=" + jobName, "--output-format=json", "--output=" + json);
    }

    /** The file fio writes for a job: {@code NAME.0.0} in the directory (job 0, file 0). */
    public static Path fioDataFile(Path dir, String jobName) {
        return dir.resolve(jobName + ".0.0");
    }
}
