/*
 * PgTestFsyncEquivalent's and PgTwoWrites' workload: io.durabench.workload.PgTestFsyncLoop on a
 * PgTestFile. pg_test_fsync's test_open (a new owned file, one 16 MiB write, fsync), then the
 * O_DSYNC|O_DIRECT write of offset 0 its first test leaves behind (which drops the cached pages
 * there), then per operation one 8 KiB pwrite at offset 0 (two: also one at 8192) plus the method's
 * sync, on one fd opened once with the method's flags.
 */
#define _GNU_SOURCE
#include "checked.h"
#include "workloads.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const PG_METHOD_NAMES[PG_METHOD_COUNT] = {"OPEN_DATASYNC", "FDATASYNC", "FSYNC", "OPEN_SYNC", "WRITE"};

/* PgTestFsyncLoop.Method's open flags */
static int pg_open_flags(enum pg_method m) {
    switch (m) {
        case PG_OPEN_DATASYNC: return O_DSYNC | O_DIRECT;
        case PG_OPEN_SYNC: return O_SYNC | O_DIRECT;
        default: return 0;
    }
}

struct pg_loop {
    struct counters counters;
    enum pg_method method;
    int flags; /* the method's open flags: non-zero when each write syncs itself */
    char path[PATH_MAX];
    int fd;
    unsigned char *block;
};

/* After a failure: close the fd and delete the test file, ignoring errors; the loop is freed, never used again. */
static void discard(void *self) {
    struct pg_loop *l = self;
    if (l->fd >= 0) close(l->fd);
    if (l->path[0] != '\0') unlink(l->path);
    free(l->block);
    free(l);
}

/* PgTestFile.create: test_open()'s one 16 MiB write and fsync, on a new owned file; path set once it exists. */
void pg_test_file_create(const char *dir, char *path, size_t size) {
    create_owned_file(dir, "pg", ".out", path, size);
    unsigned char *whole = aligned_patterned(PG_FILE_BYTES, ALIGNMENT);
    int fd = chk_open(path, O_RDWR, 0);
    chk_pwrite(fd, whole, PG_FILE_BYTES, 0, path);
    chk_fsync(fd, path);
    chk_close(fd, path);
    free(whole);
}

/* PgTestFile.asAfterTheFirstTest: where O_DIRECT is refused (EINVAL), pg_test_fsync writes nothing there either. */
static void as_after_the_first_test(const char *path, const unsigned char *block) {
    int direct = open(path, O_RDWR | O_DSYNC | O_DIRECT | O_CLOEXEC, 0);
    if (direct < 0) {
        if (errno == EINVAL) return;
        char flags[96], call[128];
        snprintf(call, sizeof call, "open(%s)", describe_open_flags(O_RDWR | O_DSYNC | O_DIRECT, flags, sizeof flags));
        fail_call(call, errno, path);
    }
    chk_pwrite(direct, block, PG_BLOCK_BYTES, 0, path);
    chk_close(direct, path);
}

/* PgTestFsyncLoop.write(blocks): 8 KiB at offset 0 (and at 8192 for two), then one sync per the method. */
static void rewrite_blocks(struct pg_loop *l, int blocks) {
    for (int b = 0; b < blocks; b++) {
        chk_pwrite(l->fd, l->block, PG_BLOCK_BYTES, (off_t) b * PG_BLOCK_BYTES, l->path);
        l->counters.writes++;
        l->counters.bytes += PG_BLOCK_BYTES;
        if (l->flags != 0) l->counters.synced_writes++;
    }
    l->counters.operations++;
    switch (l->method) {
        case PG_FDATASYNC:
            chk_fdatasync(l->fd, l->path);
            l->counters.sync_calls++;
            break;
        case PG_FSYNC:
            chk_fsync(l->fd, l->path);
            l->counters.sync_calls++;
            break;
        default: break; /* open_datasync, open_sync: each write synced itself; write: no sync */
    }
}

/* PgTestFsyncLoop.writeOne (PgTestFsyncEquivalent.rewriteFirstBlock) */
static void rewrite_first_block(void *self) {
    rewrite_blocks(self, 1);
}

/* PgTestFsyncLoop.writeTwo (PgTwoWrites.rewriteTwoBlocks) */
static void rewrite_two_blocks(void *self) {
    rewrite_blocks(self, 2);
}

/* PgTestFsyncEquivalent.resetCounters (PgTwoWrites' alike) */
static void reset_counters(void *self) {
    struct pg_loop *l = self;
    memset(&l->counters, 0, sizeof l->counters);
}

/* PgTestFsyncLoop.close: WorkloadFiles.closeAndDelete(path, file). */
static void close_pg(void *self) {
    struct pg_loop *l = self;
    int fd = l->fd;
    l->fd = -1;
    chk_close(fd, l->path);
    chk_unlink_if_exists(l->path);
    cleanup_clear();
    free(l->block);
    free(l);
}

struct workload pg_open(const char *dir, enum pg_method m, int blocks) {
    struct pg_loop *l = calloc(1, sizeof *l);
    if (l == NULL) fail_call("calloc", ENOMEM, "(memory)");
    l->method = m;
    l->flags = pg_open_flags(m);
    l->fd = -1;
    l->block = aligned_patterned(PG_BLOCK_BYTES, ALIGNMENT);
    cleanup_set(discard, l);
    pg_test_file_create(dir, l->path, sizeof l->path);
    as_after_the_first_test(l->path, l->block);
    l->fd = chk_open(l->path, O_RDWR | l->flags, 0);
    return (struct workload) {.op = blocks == 2 ? rewrite_two_blocks : rewrite_first_block, .iteration_setup = reset_counters,
                              .close = close_pg, .counters = &l->counters, .self = l};
}
