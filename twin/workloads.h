/*
 * The Java workloads, call for call: DurableWriteLoop (+ ZeroFiller, RegionLogFiles, NativeLogFile),
 * PgTestFsyncLoop, PgOpenSyncLoop and PgFdSyncLoop (on a PgTestFile) and FileCreation of
 * io.durabench.workload, plus one no-op syscall (getppid).
 * Same syscalls, same order, same flags, same sizes, same counters; see each function's comment
 * for the Java method it mirrors. A change to a Java workload must be made here too.
 */
#ifndef TWIN_WORKLOADS_H
#define TWIN_WORKLOADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* SyncMethod's native methods, in its order. CHANNEL_* and MMAP_FORCE are JDK paths: not mirrored. */
enum sync_method {
    SM_NONE, SM_FSYNC, SM_FDATASYNC, SM_O_DSYNC, SM_O_SYNC, SM_O_DIRECT, SM_O_DIRECT_DSYNC, SM_SYNC_FILE_RANGE,
    SM_PWRITEV2_DSYNC, SM_URING_FDATASYNC, SM_URING_DSYNC, SM_URING_DIRECT_DSYNC,
    SYNC_METHOD_COUNT
};
enum preallocation { PRE_NONE, PRE_FTRUNCATE, PRE_FALLOCATE, PRE_FALLOCATE_KEEP_SIZE, PRE_ZERO_FILL, PREALLOCATION_COUNT };
/* PgTestFsyncLoop.Method, in pg_test_fsync's order. */
enum pg_method { PG_OPEN_DATASYNC, PG_FDATASYNC, PG_FSYNC, PG_OPEN_SYNC, PG_WRITE, PG_METHOD_COUNT };
/* PgOpenSyncLoop.Size: 16 kB per operation as 1, 2, 4, 8 or 16 open_sync writes. */
enum pg_open_sync { PG_ONE_16K, PG_TWO_8K, PG_FOUR_4K, PG_EIGHT_2K, PG_SIXTEEN_1K, PG_OPEN_SYNC_COUNT };
/* PgFdSyncLoop.Descriptor: the fsync through the writer's descriptor or through another one. */
enum pg_descriptor { PG_SAME, PG_OTHER, PG_DESCRIPTOR_COUNT };

extern const char *const SYNC_METHOD_NAMES[SYNC_METHOD_COUNT];
extern const char *const PREALLOCATION_NAMES[PREALLOCATION_COUNT];
extern const char *const PG_METHOD_NAMES[PG_METHOD_COUNT];
extern const char *const PG_OPEN_SYNC_NAMES[PG_OPEN_SYNC_COUNT];
extern const char *const PG_DESCRIPTOR_NAMES[PG_DESCRIPTOR_COUNT];
/* PgOpenSyncLoop.Size.writeBytes() */
int pg_open_sync_write_bytes(enum pg_open_sync z);

/* SyncMethod.hasExplicitSync(): a separate sync call (URING_FDATASYNC's fsync SQE included). */
bool method_has_explicit_sync(enum sync_method m);
/* SyncMethod.takesBatches(): writesPerSync applies (a separate sync every N writes, or an io_uring batch of N in flight at once). */
bool method_batches(enum sync_method m);
/* URING_FDATASYNC, URING_DSYNC, URING_DIRECT_DSYNC: the writes (and fdatasync) go through an io_uring. */
bool method_uses_uring(enum sync_method m);
/* SyncMethod.durable(): the method's writes reach stable storage (not NONE, O_DIRECT, SYNC_FILE_RANGE). */
bool method_durable(enum sync_method m);
bool method_uses_direct_io(enum sync_method m);

/*
 * WriteCounters: what the workload issued since the last reset (operations: the pg loops' only;
 * settle_syncs: a lock-step side's untimed fsyncs after a unit that started the file over; ring_enters:
 * the io_uring methods' io_uring_enter calls).
 */
struct counters {
    uint64_t operations, writes, bytes, sync_calls, synced_writes, prealloc_bytes, prealloc_syncs, recycles, settle_syncs, ring_enters;
};

/* WorkloadConfig's defaults: the bounded region the log cycles through, and the zero-fill chunk. */
#define REGION_BYTES (64LL << 20)
#define ZERO_FILL_CHUNK_BYTES (4 << 20)
#define ALIGNMENT 4096

/* WorkloadSize: the region a log cycles through and ZERO_FILL's chunk (a lock-step side's --size REGION:CHUNK). */
struct workload_size {
    long long region_bytes;
    int zero_fill_chunk_bytes;
};
#define WORKLOAD_SIZE_DEFAULT ((struct workload_size) {REGION_BYTES, ZERO_FILL_CHUNK_BYTES})
/* PgTestFile.BLOCK_BYTES, FILE_BYTES; PgOpenSyncLoop.Size.OPERATION_BYTES */
#define PG_BLOCK_BYTES 8192
#define PG_FILE_BYTES (16 << 20)
#define PG_OPEN_SYNC_OPERATION_BYTES 16384

/*
 * One benchmark's state for one trial, with JMH's lifecycle: open = @Setup(Trial), iteration_setup =
 * @Setup(Iteration), op = the @Benchmark method, iteration_teardown = @TearDown(Iteration),
 * close = @TearDown(Trial). counters is NULL for the no-op syscall. For a lock-step side, as
 * OperationLoop: at_durable_point, whether nothing written waits for a sync now (NULL: every
 * operation ends at one, for a cell that ends durable at all), and settle, which makes durable,
 * untimed, what the last operations left beside their own syncs (NULL: they leave nothing).
 */
struct workload {
    void (*op)(void *self);
    void (*iteration_setup)(void *self);
    void (*iteration_teardown)(void *self);
    void (*close)(void *self);
    struct counters *counters;
    void *self;
    bool (*at_durable_point)(void *self);
    void (*settle)(void *self);
};

/*
 * Whether this machine refuses m by design, found by trying before any trial (as durabench's
 * FeasibilityProbe): io_uring refused or without its ops (uring_refused), pwritev2's RWF_DSYNC
 * refused (on a small file of its own in dir, deleted). Sets reason and returns true; false for the other methods.
 */
bool sync_method_refused(const char *dir, enum sync_method m, char *reason, size_t size);
/* SyncWriteCost: DurableWriteLoop.open on dir at a size; fails (exit 1) naming the call on any error. */
struct workload sync_write_open(const char *dir, enum sync_method m, int block, int writes_per_sync, enum preallocation p,
                                struct workload_size size);
/* PgTestFsyncEquivalent (blocks 1: writeOne) and PgTwoWrites (blocks 2: writeTwo): new PgTestFsyncLoop(dir, method). */
struct workload pg_open(const char *dir, enum pg_method m, int blocks);
/* PgOpenSyncSizes: new PgOpenSyncLoop(dir, size). */
struct workload pg_open_sync_open(const char *dir, enum pg_open_sync z);
/* PgFsyncDescriptor: new PgFdSyncLoop(dir, descriptor). */
struct workload pg_fd_sync_open(const char *dir, enum pg_descriptor d);
/* PgTestFile.create: a new owned file in dir, 16 MiB written and fsynced; its path in path[size]. */
void pg_test_file_create(const char *dir, char *path, size_t size);
/*
 * Whether PgOpenSyncSizes with z is n/a on dir, found by trying as durabench's FeasibilityProbe does,
 * on a small file of its own before any trial: one O_RDWR|O_SYNC|O_DIRECT open and one write of z's
 * size. EINVAL (or EOPNOTSUPP, ENOSYS) sets reason and returns true; any other failure is a failure.
 */
bool pg_open_sync_refused(const char *dir, enum pg_open_sync z, char *reason, size_t size);

/* FileCreateCost: new FileCreation(dir, block, syncDirectory). */
struct workload file_create_open(const char *dir, int block, bool sync_directory);
/* The no-op syscall row: getppid(2), one call per operation. */
struct workload getppid_open(void);

#endif
