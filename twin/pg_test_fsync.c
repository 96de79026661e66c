/*
 * PgTestFsyncEquivalent's workload: io.durabench.workload.PgTestFsyncLoop. pg_test_fsync's test_open
 * (one 16 MiB write, fsync), then the O_DSYNC|O_DIRECT write of offset 0 its first test leaves
 * behind (which drops the cached pages there), then per operation one 8 KiB pwrite at offset 0 plus
 * the method's sync, on one fd opened once with the method's flags.
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

#define PG_BLOCK_BYTES 8192
#define PG_FILE_BYTES (16 << 20)

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
    char path[PATH_MAX];
    int fd;
    unsigned char *block;
};

static void discard(void *self) {
    struct pg_loop *l = self;
    if (l->fd >= 0) close(l->fd);
    if (l->path[0] != '\0') unlink(l->path);
}

/* PgTestFsyncLoop.prewrite: where O_DIRECT is refused (EINVAL), pg_test_fsync writes nothing there either. */
static void prewrite(struct pg_loop *l) {
    unsigned char *whole = aligned_patterned(PG_FILE_BYTES, ALIGNMENT);
    int fd = chk_open(l->path, O_RDWR, 0);
    chk_pwrite(fd, whole, PG_FILE_BYTES, 0, l->path);
    chk_fsync(fd, l->path);
    chk_close(fd, l->path);
    free(whole);
    int direct = open(l->path, O_RDWR | O_DSYNC | O_DIRECT | O_CLOEXEC, 0);
    if (direct < 0) {
        if (errno == EINVAL) return;
        char flags[96], call[128];
        snprintf(call, sizeof call, "open(%s)", describe_open_flags(O_RDWR | O_DSYNC | O_DIRECT, flags, sizeof flags));
        fail_call(call, errno, l->path);
    }
    chk_pwrite(direct, l->block, PG_BLOCK_BYTES, 0, l->path);
    chk_close(direct, l->path);
}

/* PgTestFsyncLoop.writeOne: rewrite 8 KiB at offset 0, then sync per the method. */
static void rewrite_first_block(void *self) {
    struct pg_loop *l = self;
    chk_pwrite(l->fd, l->block, PG_BLOCK_BYTES, 0, l->path);
    l->counters.writes++;
    l->counters.bytes += PG_BLOCK_BYTES;
    switch (l->method) {
        case PG_FDATASYNC:
            chk_fdatasync(l->fd, l->path);
            l->counters.sync_calls++;
            break;
        case PG_FSYNC:
            chk_fsync(l->fd, l->path);
            l->counters.sync_calls++;
            break;
        case PG_OPEN_DATASYNC:
        case PG_OPEN_SYNC:
            l->counters.synced_writes++;
            break;
        default: break;
    }
}

/* PgTestFsyncEquivalent.resetCounters */
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

struct workload pg_open(const char *dir, enum pg_method m) {
    struct pg_loop *l = calloc(1, sizeof *l);
    if (l == NULL) fail_call("calloc", ENOMEM, "(memory)");
    l->method = m;
    l->fd = -1;
    l->block = aligned_patterned(PG_BLOCK_BYTES, ALIGNMENT);
    cleanup_set(discard, l);
    create_owned_file(dir, "pg", ".out", l->path, sizeof l->path);
    prewrite(l);
    l->fd = chk_open(l->path, O_RDWR | pg_open_flags(m), 0);
    return (struct workload) {rewrite_first_block, reset_counters, NULL, close_pg, &l->counters, l};
}
