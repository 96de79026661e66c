package io.durabench.etcd;

import io.durabench.nativeio.AlignedBuffers;
import io.durabench.results.CallLatencyLog;
import io.durabench.workload.Preallocation;
import io.durabench.workload.RegionLogFiles;
import io.durabench.workload.SyncMethod;
import io.durabench.workload.WorkloadConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The fixed work of a side-by-side check, done once per round by a durabench fork ({@link EtcdForkMain}) and
 * once by fio ({@link FioRun}): appends of one block size with the method's sync after each, through a file of
 * {@code fileBytes} that the loop never starts over. {@link #ETCD} is etcd's disk check ({@link EtcdJob});
 * {@link #URING_QD1} is durabench's URING_FDATASYNC row at queue depth 1 beside fio's io_uring engine at
 * iodepth 1 with {@code --fdatasync=1}.
 *
 * @param check     the command and the name of its files ("etcd-check": etcd-check.md, .json, .hlog)
 * @param mode      the interval log's mode word for the forks' histograms
 * @param method    how durabench's fork syncs each write
 * @param fioArgs   fio's job options, as the command line gives them (the directory, name and output added)
 * @param logTags   fio's words for the job, the interval log's cell key
 * @param rule      the rule judged on the forks' sync p99s, in --slo's grammar; null for none (a plain side-by-side)
 */
public record ForkJob(String check, String mode, SyncMethod method, int blockBytes, long fileBytes, Preallocation preallocation,
                      List<String> fioArgs, Map<String, String> logTags, String rule) {

    /** etcd's check: 2,300-byte appends with fdatasync into a file fallocated to 22 MiB, as fio lays it out. */
    public static final ForkJob ETCD = new ForkJob("etcd-check", "etcd", SyncMethod.FDATASYNC, EtcdJob.BLOCK_BYTES, EtcdJob.FILE_BYTES,
            Preallocation.FALLOCATE, List.of("--rw=write", "--ioengine=sync", "--fdatasync=1", "--size=22m", "--bs=" + EtcdJob.BLOCK_BYTES),
            Map.of("rw", "write", "ioengine", "sync", "fdatasync", "1", "bs", Integer.toString(EtcdJob.BLOCK_BYTES), "size", "22m",
                    "fallocate", "native"), EtcdJob.RULE);

    /**
     * io_uring at queue depth 1: 8 KiB appends to a new file (no preallocation: fio's {@code --fallocate=none}), 8,192 of
     * them (64 MiB). durabench submits each write linked to an fdatasync entry in one io_uring_enter; fio's io_uring
     * engine submits the write, waits for it, then submits the fsync (IORING_FSYNC_DATASYNC) and waits again; it syncs
     * before each next write, so its last write of the job goes unsynced (8,191 fsyncs for 8,192 writes: fio's
     * end_fsync is off, as a user runs it).
     */
    public static final ForkJob URING_QD1 = new ForkJob("uring-check", "uring", SyncMethod.URING_FDATASYNC, 8192, 64L << 20,
            Preallocation.NONE, List.of("--rw=write", "--ioengine=io_uring", "--iodepth=1", "--fdatasync=1", "--fallocate=none",
                    "--size=64m", "--bs=8k"),
            Map.of("rw", "write", "ioengine", "io_uring", "iodepth", "1", "fdatasync", "1", "bs", "8k", "size", "64m", "fallocate", "none"),
            null);

    public ForkJob {
        fioArgs = List.copyOf(fioArgs);
        logTags = Map.copyOf(logTags);
    }

    /** The job a fork is told by name ({@link #check}). */
    static ForkJob named(String check) {
        for (ForkJob j : List.of(ETCD, URING_QD1)) if (j.check.equals(check)) return j;
        throw new IllegalArgumentException("no side-by-side job named '" + check + "'");
    }

    /** Whole blocks in the file: fio writes no partial block. */
    public int writes() {
        return (int) (fileBytes / blockBytes);
    }

    /** The bytes the work writes: the whole blocks only. */
    public long bytesWritten() {
        return (long) writes() * blockBytes;
    }

    /** Free space a check needs: one fork's file with the loop's margin (fio's file and ours never exist at once). */
    public long bytesNeeded() {
        return RegionLogFiles.bytesNeeded(fileBytes, WorkloadConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES);
    }

    /** The durable-write loop of one fork: one sync per write over a region of exactly the file, never started over. */
    public WorkloadConfig workload(Path dir) {
        return new WorkloadConfig(dir, method, blockBytes, 1, preallocation, fileBytes, WorkloadConfig.DEFAULT_ZERO_FILL_CHUNK_BYTES,
                AlignedBuffers.DEFAULT_ALIGNMENT);
    }

    /** fio's job, its options as given, in {@code dir} as job {@code jobName} (fio names its file after it), JSON into {@code json}. */
    public List<String> fioCommand(String fio, Path dir, String jobName, Path json) {
        List<String> cmd = new ArrayList<>();
        cmd.add(fio);
        cmd.addAll(fioArgs);
        cmd.addAll(List.of("--directory=" + dir, "--name=" + jobName, "--output-format=json", "--output=" + json));
        return cmd;
    }

    /** The file fio writes for a job: {@code NAME.0.0} in the directory (job 0, file 0). */
    public static Path fioDataFile(Path dir, String jobName) {
        return dir.resolve(jobName + ".0.0");
    }

    /** The check's identity in the interval log's tags: fio's words for the job (never a benchmark's). */
    String cellKey() {
        return CallLatencyLog.cellKey(check, logTags);
    }

    /** The interval log of every fork's histograms. */
    public String hlogFile() {
        return check + ".hlog";
    }

    /** The summary, as printed on stdout. */
    public String markdownFile() {
        return check + ".md";
    }

    /** The figures at full precision. */
    public String jsonFile() {
        return check + ".json";
    }
}
