/*
 * The Java workloads, call for call: DurableWriteLoop (+ ZeroFiller, RegionLogFiles, NativeLogFile),
 * PgTestFsyncLoop and FileCreation of io.durabench.workload, plus one no-op syscall (getppid).
 * Same syscalls, same order, same flags, same sizes, same counters; see each function's comment
 * for the Java method it mirrors. A change to a Java workload must be made here too.
 */
#ifndef TWIN_WORKLOADS_H
#define TWIN_WORKLOADS_H

#include <stdbool.h>
#include <stdint.h>

/* SyncMethod's native methods, in its order. CHANNEL_* and MMAP_FORCE are JDK paths: not mirrored. */
enum sync_method {
    SM_NONE, SM_FSYNC, SM_FDATASYNC, SM_O_DSYNC, SM_O_SYNC, SM_O_DIRECT, SM_O_DIRECT_DSYNC, SM_SYNC_FILE_RANGE,
    SYNC_METHOD_COUNT
};
enum preallocation { PRE_NONE, PRE_FTRUNCATE, PRE_FALLOCATE, PRE_FALLOCATE_KEEP_SIZE, PRE_ZERO_FILL, PREALLOCATION_COUNT };
/* PgTestFsyncLoop.Method, in pg_test_fsync's order. */
enum pg_method { PG_OPEN_DATASYNC, PG_FDATASYNC, PG_FSYNC, PG_OPEN_SYNC, PG_WRITE, PG_METHOD_COUNT };

extern const char *const SYNC_METHOD_NAMES[SYNC_METHOD_COUNT];
extern const char *const PREALLOCATION_NAMES[PREALLOCATION_COUNT];
extern const char *const PG_METHOD_NAMES[PG_METHOD_COUNT];

/* SyncMethod.hasExplicitSync(): a separate sync call, to which writesPerSync applies. */
bool method_has_explicit_sync(enum sync_method m);
bool method_uses_direct_io(enum sync_method m);

/* WriteCounters: what the workload issued since the last reset. */
struct counters {
    uint64_t writes, bytes, sync_calls, synced_writes, prealloc_bytes, prealloc_syncs, recycles;
};

/* WorkloadConfig's defaults: the bounded region the log cycles through, and the zero-fill chunk. */
#define REGION_BYTES (64LL << 20)
#define ZERO_FILL_CHUNK_BYTES (4 << 20)
#define ALIGNMENT 4096

/*
 * One benchmark's state for one trial, with JMH's lifecycle: open = @Setup(Trial), iteration_setup =
 * @Setup(Iteration), op = the @Benchmark method, iteration_teardown = @TearDown(Iteration),
 * close = @TearDown(Trial). counters is NULL for the no-op syscall.
 */
struct workload {
    void (*op)(void *self);
    void (*iteration_setup)(void *self);
    void (*iteration_teardown)(void *self);
    void (*close)(void *self);
    struct counters *counters;
    void *self;
};

/* SyncWriteCost: DurableWriteLoop.open on dir; fails (exit 1) naming the call on any error. */
struct workload sync_write_open(const char *dir, enum sync_method m, int block, int writes_per_sync, enum preallocation p);
/* PgTestFsyncEquivalent: new PgTestFsyncLoop(dir, method). */
struct workload pg_open(const char *dir, enum pg_method m);
/* FileCreateCost: new FileCreation(dir, block, syncDirectory). */
struct workload file_create_open(const char *dir, int block, bool sync_directory);
/* The no-op syscall row: getppid(2), one call per operation. */
struct workload getppid_open(void);

#endif
