/*
 * SyncWriteCost's workload: io.durabench.workload.DurableWriteLoop with ZeroFiller, RegionLogFiles
 * and NativeLogFile. Two descriptors, as in Java: the payload fd opened with the method's flags, and
 * a plain O_RDWR control fd for preallocation (ftruncate, fallocate, zero-fill), so control work never
 * borrows the method's flags. The region (64 MiB unless a lock-step side's --size says) is truncated
 * and prepared again when used up.
 */
#define _GNU_SOURCE
#include "checked.h"
#include "uring.h"
#include "workloads.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <sys/uio.h>
#include <unistd.h>

const char *const SYNC_METHOD_NAMES[SYNC_METHOD_COUNT] = {
    "NONE", "FSYNC", "FDATASYNC", "O_DSYNC", "O_SYNC", "O_DIRECT", "O_DIRECT_DSYNC", "SYNC_FILE_RANGE",
    "PWRITEV2_DSYNC", "URING_FDATASYNC", "URING_DSYNC", "URING_DIRECT_DSYNC"};
const char *const PREALLOCATION_NAMES[PREALLOCATION_COUNT] = {"NONE", "FTRUNCATE", "FALLOCATE", "FALLOCATE_KEEP_SIZE", "ZERO_FILL"};

/* RegionLogFiles.FREE_SPACE_MARGIN_BYTES */
#define FREE_SPACE_MARGIN_BYTES (64LL << 20)
/* NativeFile.SYNC_FILE_RANGE_WAIT_WRITE_WAIT */
#define SYNC_FILE_RANGE_WAIT_WRITE_WAIT (SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER)

bool method_has_explicit_sync(enum sync_method m) {
    return m == SM_FSYNC || m == SM_FDATASYNC || m == SM_SYNC_FILE_RANGE || m == SM_URING_FDATASYNC;
}

bool method_batches(enum sync_method m) {
    return method_has_explicit_sync(m) || method_uses_uring(m);
}

bool method_durable(enum sync_method m) {
    return m == SM_FSYNC || m == SM_FDATASYNC || m == SM_O_DSYNC || m == SM_O_SYNC || m == SM_O_DIRECT_DSYNC || m == SM_PWRITEV2_DSYNC
           || method_uses_uring(m);
}

bool method_uses_direct_io(enum sync_method m) {
    return m == SM_O_DIRECT || m == SM_O_DIRECT_DSYNC || m == SM_URING_DIRECT_DSYNC;
}

bool method_uses_uring(enum sync_method m) {
    return m == SM_URING_FDATASYNC || m == SM_URING_DSYNC || m == SM_URING_DIRECT_DSYNC;
}

/* SyncMethod.syncsInWrite(): every write is itself synchronous (by its open flags, or by RWF_DSYNC in the write). */
static bool method_syncs_in_write(enum sync_method m) {
    return m == SM_O_DSYNC || m == SM_O_SYNC || m == SM_O_DIRECT_DSYNC || m == SM_PWRITEV2_DSYNC || m == SM_URING_DSYNC
           || m == SM_URING_DIRECT_DSYNC;
}

/* SyncMethod.openFlags() */
static int method_open_flags(enum sync_method m) {
    switch (m) {
        case SM_O_DSYNC: return O_DSYNC;
        case SM_O_SYNC: return O_SYNC;
        case SM_O_DIRECT: return O_DIRECT;
        case SM_O_DIRECT_DSYNC: return O_DIRECT | O_DSYNC;
        case SM_URING_DIRECT_DSYNC: return O_DIRECT; /* O_DSYNC per write, as RWF_DSYNC */
        default: return 0;
    }
}

struct durable_write_loop {
    struct counters counters;
    enum sync_method method;
    int block_bytes;
    int writes_per_sync;
    enum preallocation prealloc;
    long long region_bytes;
    int chunk_bytes; /* ZERO_FILL's */
    char path[PATH_MAX];
    int control_fd;
    int log_fd;
    struct uring *ring; /* the io_uring methods' ring, set up once per trial; NULL for the others */
    unsigned char *block;
    unsigned char *zeros; /* ZeroFiller's chunk; NULL unless ZERO_FILL */
    long long offset;
    long long synced_up_to;
    long long zeroed_up_to;
    int writes_since_sync;
    uint64_t settled_recycles; /* the recycle count at the last settle */
};

/*
 * The io_uring methods' batch end: the queued writes submitted in one io_uring_enter with, for
 * URING_FDATASYNC, an fdatasync SQE after them (linked to the one write of a batch of 1, drained
 * behind the writes of a larger batch), waiting for every completion.
 */
static void submit_batch(struct durable_write_loop *l) {
    if (l->method == SM_URING_FDATASYNC) uring_queue_fdatasync(l->ring, l->writes_per_sync == 1);
    l->counters.ring_enters += uring_submit_and_wait(l->ring);
}

/*
 * DurableWriteLoop.syncNow + NativeLogFile.sync / UringLogFile.sync: the method's explicit sync of
 * [fromOffset, toOffset), or an io_uring batch submitted and waited for. A ring's RWF_DSYNC writes are
 * synchronous when their batch completes, so they are counted here.
 */
static void sync_now(struct durable_write_loop *l) {
    if (method_uses_uring(l->method)) submit_batch(l);
    switch (l->method) {
        case SM_FSYNC: chk_fsync(l->log_fd, l->path); break;
        case SM_FDATASYNC: chk_fdatasync(l->log_fd, l->path); break;
        case SM_SYNC_FILE_RANGE:
            chk_sync_file_range(l->log_fd, l->synced_up_to, l->offset - l->synced_up_to, SYNC_FILE_RANGE_WAIT_WRITE_WAIT, l->path);
            break;
        default: break;
    }
    l->synced_up_to = l->offset;
    if (method_has_explicit_sync(l->method)) l->counters.sync_calls++;
    else l->counters.synced_writes += (uint64_t) l->writes_since_sync;
    l->writes_since_sync = 0;
}

/* ZeroFiller.needsFillFor */
static bool needs_fill_for(const struct durable_write_loop *l, long long end) {
    return end > l->zeroed_up_to && l->zeroed_up_to < l->region_bytes;
}

/* DurableWriteLoop.zeroFillAhead + ZeroFiller.fillNextChunk: synced zeros, chunk by chunk, counted each. */
static void zero_fill_ahead(struct durable_write_loop *l, long long end) {
    while (needs_fill_for(l, end)) {
        long long left = l->region_bytes - l->zeroed_up_to;
        size_t len = (size_t) (left < l->chunk_bytes ? left : l->chunk_bytes);
        chk_pwrite(l->control_fd, l->zeros, len, l->zeroed_up_to, l->path);
        chk_fdatasync(l->control_fd, l->path);
        l->zeroed_up_to += (long long) len;
        l->counters.prealloc_bytes += len;
        l->counters.prealloc_syncs++;
    }
}

/* DurableWriteLoop.prepare: the preallocation, itself made durable. */
static void prepare(struct durable_write_loop *l) {
    switch (l->prealloc) {
        case PRE_NONE: break;
        case PRE_FTRUNCATE:
            chk_ftruncate(l->control_fd, l->region_bytes, l->path);
            chk_fsync(l->control_fd, l->path);
            l->counters.prealloc_syncs++;
            break;
        case PRE_FALLOCATE:
            chk_fallocate(l->control_fd, 0, 0, l->region_bytes, l->path);
            chk_fsync(l->control_fd, l->path);
            l->counters.prealloc_syncs++;
            break;
        case PRE_FALLOCATE_KEEP_SIZE: /* the blocks reserved, st_size untouched: appends still grow it */
            chk_fallocate(l->control_fd, FALLOC_FL_KEEP_SIZE, 0, l->region_bytes, l->path);
            chk_fsync(l->control_fd, l->path);
            l->counters.prealloc_syncs++;
            break;
        case PRE_ZERO_FILL:
            zero_fill_ahead(l, l->region_bytes < l->chunk_bytes ? l->region_bytes : l->chunk_bytes);
            break;
        default: break;
    }
}

/* DurableWriteLoop.syncPending */
static void sync_pending(struct durable_write_loop *l) {
    if (method_batches(l->method) && l->writes_since_sync > 0) sync_now(l);
}

/*
 * DurableWriteLoop.recycle: region used up; the unfinished batch is synced first (its writes were never
 * made durable and the truncate is about to discard them; the sync is counted), then truncate to zero
 * and prepare again.
 */
static void recycle(struct durable_write_loop *l) {
    sync_pending(l);
    chk_ftruncate(l->control_fd, 0, l->path);
    l->offset = l->synced_up_to = 0;
    l->zeroed_up_to = 0;
    l->writes_since_sync = 0;
    l->counters.recycles++;
    prepare(l);
}

/* DurableWriteLoop.writeOne */
static void write_one(void *self) {
    struct durable_write_loop *l = self;
    int len = l->block_bytes;
    if (l->offset + len > l->region_bytes) recycle(l);
    if (l->zeros != NULL) zero_fill_ahead(l, l->offset + len);
    if (method_uses_uring(l->method)) {
        uring_queue_write(l->ring, l->block, (unsigned) len, l->offset, l->method == SM_URING_FDATASYNC ? 0 : RWF_DSYNC);
    } else if (l->method == SM_PWRITEV2_DSYNC) {
        chk_pwritev2_dsync(l->log_fd, l->block, (size_t) len, l->offset, l->path);
    } else {
        chk_pwrite(l->log_fd, l->block, (size_t) len, l->offset, l->path);
    }
    l->offset += len;
    l->counters.writes++;
    l->counters.bytes += (uint64_t) len;
    if (method_syncs_in_write(l->method) && !method_uses_uring(l->method)) l->counters.synced_writes++;
    if (method_batches(l->method) && ++l->writes_since_sync == l->writes_per_sync) sync_now(l);
}

/* SyncWriteCost.startOver: loop.restart() (syncPending + recycle), then counters().reset(). */
static void start_over(void *self) {
    struct durable_write_loop *l = self;
    sync_pending(l);
    recycle(l);
    memset(&l->counters, 0, sizeof l->counters);
    l->settled_recycles = 0;
}

/* DurableWriteLoop.atDurablePoint: the method is durable and the last write completed its batch (or synced itself). */
static bool at_durable_point(void *self) {
    const struct durable_write_loop *l = self;
    return method_durable(l->method) && l->writes_since_sync == 0;
}

/*
 * DurableWriteLoop.settle: a file started over since the last call (truncated, prepared again) is
 * fsynced through the control fd, so its metadata cannot wait in the journal for the other side's
 * commit. Counted as a settle sync; a lock-step side calls it after every unit, untimed.
 */
static void settle(void *self) {
    struct durable_write_loop *l = self;
    if (l->counters.recycles == l->settled_recycles) return;
    chk_fsync(l->control_fd, l->path);
    l->counters.settle_syncs++;
    l->settled_recycles = l->counters.recycles;
}

/* After a failure: close what is open and delete the file, ignoring errors (WorkloadFiles.discard); the loop is freed, never used again. */
static void discard(void *self) {
    struct durable_write_loop *l = self;
    uring_discard(l->ring);
    if (l->log_fd >= 0) close(l->log_fd);
    if (l->control_fd >= 0) close(l->control_fd);
    if (l->path[0] != '\0') unlink(l->path);
    free(l->block);
    free(l->zeros);
    free(l);
}

/* SyncWriteCost.closeLog: syncPending, then WorkloadFiles.closeAndDelete(path, log, control). */
static void close_log(void *self) {
    struct durable_write_loop *l = self;
    sync_pending(l);
    if (l->ring != NULL) {
        struct uring *ring = l->ring;
        l->ring = NULL;
        uring_close(ring);
    }
    /* Each fd is marked closed before its close, so a failure's cleanup closes only the other one. */
    int fd = l->log_fd;
    l->log_fd = -1;
    chk_close(fd, l->path);
    fd = l->control_fd;
    l->control_fd = -1;
    chk_close(fd, l->path);
    chk_unlink_if_exists(l->path);
    cleanup_clear();
    free(l->block);
    free(l->zeros);
    free(l);
}

/* RegionLogFiles.create: free-space check, then a fresh owned file named for the method (durabench-fdatasync-...). */
static void create_region_file(struct durable_write_loop *l, const char *dir) {
    struct statvfs vfs;
    if (statvfs(dir, &vfs) != 0) fail_call("statvfs", errno, dir);
    long long usable = (long long) vfs.f_bavail * (long long) vfs.f_frsize;
    long long needed = l->region_bytes + l->chunk_bytes + FREE_SPACE_MARGIN_BYTES;
    if (usable < needed) {
        char problem[256];
        snprintf(problem, sizeof problem, "not enough free space: %lld MiB usable, %lld MiB needed for a %lld MiB region; "
                 "free space or pick another dir", usable >> 20, needed >> 20, l->region_bytes >> 20);
        fail_problem("free-space check", problem, dir);
    }
    char lower[32];
    const char *name = SYNC_METHOD_NAMES[l->method];
    size_t i = 0;
    for (; name[i] != '\0' && i + 1 < sizeof lower; i++) lower[i] = (char) (name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    lower[i] = '\0';
    create_owned_file(dir, lower, ".log", l->path, sizeof l->path);
}

/* WorkloadConfig's constructor: what the loop refuses to run, before any file exists. */
static void check_config(enum sync_method m, int block, int writes_per_sync, struct workload_size size) {
    if (block <= 0) fail_because("blockSizeBytes must be positive, not %d", block);
    if (writes_per_sync <= 0) fail_because("writesPerSync must be positive, not %d", writes_per_sync);
    if (writes_per_sync > 1 && !method_batches(m)) {
        fail_because("writesPerSync=%d does not apply to %s: it issues no separate sync call (use writesPerSync=1)", writes_per_sync,
                     SYNC_METHOD_NAMES[m]);
    }
    if (size.region_bytes < block) fail_because("region %lld B is smaller than one block", size.region_bytes);
    if (size.zero_fill_chunk_bytes <= 0 || size.zero_fill_chunk_bytes % ALIGNMENT != 0) {
        fail_because("zero-fill chunk must be a positive multiple of %d B", ALIGNMENT);
    }
}

struct workload sync_write_open(const char *dir, enum sync_method m, int block, int writes_per_sync, enum preallocation p,
                                struct workload_size size) {
    check_config(m, block, writes_per_sync, size);
    struct durable_write_loop *l = calloc(1, sizeof *l);
    if (l == NULL) fail_call("calloc", ENOMEM, "(memory)");
    l->method = m;
    l->block_bytes = block;
    l->writes_per_sync = writes_per_sync;
    l->prealloc = p;
    l->region_bytes = size.region_bytes;
    l->chunk_bytes = size.zero_fill_chunk_bytes;
    l->control_fd = l->log_fd = -1;
    cleanup_set(discard, l);
    create_region_file(l, dir);
    l->control_fd = chk_open(l->path, O_RDWR, 0);
    l->log_fd = chk_open(l->path, O_RDWR | O_CREAT | method_open_flags(m), 0644);
    if (method_uses_uring(m)) l->ring = uring_open((unsigned) (writes_per_sync + 1), l->log_fd, l->path);
    l->block = aligned_patterned((size_t) block, ALIGNMENT);
    if (p == PRE_ZERO_FILL) l->zeros = aligned_zeroed((size_t) l->chunk_bytes, ALIGNMENT);
    prepare(l);
    return (struct workload) {.op = write_one, .iteration_setup = start_over, .close = close_log, .counters = &l->counters, .self = l,
                              .at_durable_point = at_durable_point, .settle = settle};
}
