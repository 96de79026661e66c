/*
 * pg_test_fsync's other sections, each on its own PgTestFile (a new owned file, one 16 MiB write,
 * fsync; no O_DIRECT write after it, unlike the sync-method tables):
 *  - PgOpenSyncSizes: io.durabench.workload.PgOpenSyncLoop. One fd O_RDWR|O_SYNC|O_DIRECT, and per
 *    operation 16 KiB as 16/k pwrites of k KiB at offsets 0, k, 2k ...; each write syncs itself.
 *  - PgFsyncDescriptor: io.durabench.workload.PgFdSyncLoop. Per operation open(O_RDWR), pwrite 8 KiB
 *    at 0, fsync, close (SAME); or open, pwrite, close, then open, fsync, close (OTHER).
 */
#define _GNU_SOURCE
#include "checked.h"
#include "probe_file.h"
#include "workloads.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const PG_OPEN_SYNC_NAMES[PG_OPEN_SYNC_COUNT] = {"ONE_16K", "TWO_8K", "FOUR_4K", "EIGHT_2K", "SIXTEEN_1K"};
const char *const PG_DESCRIPTOR_NAMES[PG_DESCRIPTOR_COUNT] = {"SAME", "OTHER"};

int pg_open_sync_write_bytes(enum pg_open_sync z) {
    static const int KIB[PG_OPEN_SYNC_COUNT] = {16, 8, 4, 2, 1};
    return KIB[z] * 1024;
}

/* One loop state for both: fd is the open_sync descriptor, or the fd an operation has open right now. */
struct pg_section_loop {
    struct counters counters;
    char path[PATH_MAX];
    int fd;
    int write_bytes;         /* open_sync: k KiB */
    enum pg_descriptor sync; /* fsync descriptor: SAME or OTHER */
    unsigned char *buffer;
};

/* After a failure: close what is open and delete the test file, ignoring errors (PgTestFile.discardAfterFailure); the loop is freed. */
static void discard(void *self) {
    struct pg_section_loop *l = self;
    if (l->fd >= 0) close(l->fd);
    if (l->path[0] != '\0') unlink(l->path);
    free(l->buffer);
    free(l);
}

/* PgOpenSyncLoop.writeSixteenKiB: 16 KiB as 16/k synchronous direct writes of k KiB. */
static void write_sixteen_kib(void *self) {
    struct pg_section_loop *l = self;
    int writes = PG_OPEN_SYNC_OPERATION_BYTES / l->write_bytes;
    for (int w = 0; w < writes; w++) {
        chk_pwrite(l->fd, l->buffer, (size_t) l->write_bytes, (off_t) w * l->write_bytes, l->path);
        l->counters.writes++;
        l->counters.bytes += (uint64_t) l->write_bytes;
        l->counters.synced_writes++;
    }
    l->counters.operations++;
}

/* Marks the fd closed before closing it, so a failure's cleanup does not close it twice. */
static void close_current(struct pg_section_loop *l) {
    int fd = l->fd;
    l->fd = -1;
    chk_close(fd, l->path);
}

/* PgFdSyncLoop.writeAndSync: the write and the fsync through the same descriptor or through a second one. */
static void write_and_sync(void *self) {
    struct pg_section_loop *l = self;
    l->fd = chk_open(l->path, O_RDWR, 0);
    chk_pwrite(l->fd, l->buffer, PG_BLOCK_BYTES, 0, l->path);
    l->counters.writes++;
    l->counters.bytes += PG_BLOCK_BYTES;
    if (l->sync == PG_OTHER) {
        close_current(l);
        l->fd = chk_open(l->path, O_RDWR, 0);
    }
    chk_fsync(l->fd, l->path);
    close_current(l);
    l->counters.sync_calls++;
    l->counters.operations++;
}

/* PgOpenSyncSizes.resetCounters, PgFsyncDescriptor.resetCounters */
static void reset_counters(void *self) {
    struct pg_section_loop *l = self;
    memset(&l->counters, 0, sizeof l->counters);
}

/* PgOpenSyncLoop.close (PgTestFile.closeAll: the fd, then the file) and PgFdSyncLoop.close (the file: no fd is open). */
static void close_section(void *self) {
    struct pg_section_loop *l = self;
    if (l->fd >= 0) close_current(l);
    chk_unlink_if_exists(l->path);
    cleanup_clear();
    free(l->buffer);
    free(l);
}

static struct pg_section_loop *new_loop(const char *dir, size_t buffer_bytes) {
    struct pg_section_loop *l = calloc(1, sizeof *l);
    if (l == NULL) fail_call("calloc", ENOMEM, "(memory)");
    l->fd = -1;
    l->buffer = aligned_patterned(buffer_bytes, ALIGNMENT);
    cleanup_set(discard, l);
    pg_test_file_create(dir, l->path, sizeof l->path);
    return l;
}

struct workload pg_open_sync_open(const char *dir, enum pg_open_sync z) {
    struct pg_section_loop *l = new_loop(dir, PG_OPEN_SYNC_OPERATION_BYTES);
    l->write_bytes = pg_open_sync_write_bytes(z);
    l->fd = chk_open(l->path, O_RDWR | O_SYNC | O_DIRECT, 0);
    return (struct workload) {.op = write_sixteen_kib, .iteration_setup = reset_counters, .close = close_section, .counters = &l->counters,
                              .self = l};
}

struct workload pg_fd_sync_open(const char *dir, enum pg_descriptor d) {
    struct pg_section_loop *l = new_loop(dir, PG_BLOCK_BYTES);
    l->sync = d;
    return (struct workload) {.op = write_and_sync, .iteration_setup = reset_counters, .close = close_section, .counters = &l->counters,
                              .self = l};
}

/* FeasibilityProbe's reason: the errno first, its hint for EINVAL, then the call's failure as NativeCallException says it. */
static bool refused(int err, const char *call, const char *hint, const char *path, char *reason, size_t size) {
    if (err != EINVAL && err != EOPNOTSUPP && err != ENOSYS) return false;
    const char *name = err == EINVAL ? "EINVAL" : err == ENOSYS ? "ENOSYS" : "EOPNOTSUPP";
    snprintf(reason, size, "%s: %s%s failed: %s (%s) on %s", name, err == EINVAL ? hint : "", call, name, strerror(err), path);
    return true;
}

bool pg_open_sync_refused(const char *dir, enum pg_open_sync z, char *reason, size_t size) {
    static const char CALL[] = "open(O_RDWR|O_SYNC|O_DIRECT)";
    unsigned char *buffer = aligned_patterned(PG_OPEN_SYNC_OPERATION_BYTES, ALIGNMENT);
    struct probe_file *probe = probe_file_create(dir, "pg", ".out");
    /* Blocks to write over, as the test file has (16 KiB of it, written but not synced: no flush needed). */
    probe->fd = chk_open(probe->path, O_RDWR, 0);
    chk_pwrite(probe->fd, buffer, PG_OPEN_SYNC_OPERATION_BYTES, 0, probe->path);
    probe_file_close_fd(probe);
    bool na = false;
    probe->fd = open(probe->path, O_RDWR | O_SYNC | O_DIRECT | O_CLOEXEC, 0);
    if (probe->fd < 0) {
        int err = errno;
        if (!refused(err, CALL, "the filesystem refuses O_DIRECT (tmpfs does); ", probe->path, reason, size)) fail_call(CALL, err, probe->path);
        na = true;
    } else {
        ssize_t n = pwrite(probe->fd, buffer, (size_t) pg_open_sync_write_bytes(z), 0);
        int err = errno;
        if (n < 0 && !refused(err, "pwrite", "O_DIRECT needs the block size aligned to the device's logical block size; ",
                              probe->path, reason, size)) {
            fail_call("pwrite", err, probe->path);
        }
        na = n < 0;
    }
    probe_file_delete(probe);
    free(buffer);
    return na;
}
