/*
 * FileCreateCost's workload: io.durabench.workload.FileCreation. Per operation: create a new file
 * (O_WRONLY|O_CREAT|O_TRUNC, 0644), pwrite one block, fsync, close, and optionally fsync the
 * directory (without which the new name is not durable). Files are deleted after each iteration,
 * outside the measured time (@TearDown(Level.Iteration)).
 */
#define _GNU_SOURCE
#include "checked.h"
#include "measure.h"
#include "workloads.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct file_creation {
    struct counters counters;
    char dir[PATH_MAX];
    int block_bytes;
    int dir_fd; /* -1 unless syncDirectory */
    unsigned char *block;
    char prefix[96];
    uint64_t created;
    uint64_t deleted_up_to;
    char scratch[PATH_MAX];
};

static const char *created_path(struct file_creation *c, uint64_t n) {
    int len = snprintf(c->scratch, sizeof c->scratch, "%s/%s%llu", c->dir, c->prefix, (unsigned long long) n);
    if (len < 0 || (size_t) len >= sizeof c->scratch) fail_problem("create", "path too long", c->dir);
    return c->scratch;
}

/* After a failure: every created file is deleted, errors ignored; the workload is freed, never used again. */
static void discard(void *self) {
    struct file_creation *c = self;
    for (; c->deleted_up_to < c->created; c->deleted_up_to++) unlink(created_path(c, c->deleted_up_to));
    if (c->dir_fd >= 0) close(c->dir_fd);
    free(c->block);
    free(c);
}

/* FileCreation.createOne */
static void create_one(void *self) {
    struct file_creation *c = self;
    const char *path = created_path(c, c->created);
    int fd = chk_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    c->created++;
    chk_pwrite(fd, c->block, (size_t) c->block_bytes, 0, path);
    chk_fsync(fd, path);
    chk_close(fd, path);
    c->counters.writes++;
    c->counters.bytes += (uint64_t) c->block_bytes;
    c->counters.sync_calls++;
    if (c->dir_fd >= 0) {
        chk_fsync(c->dir_fd, c->dir);
        c->counters.sync_calls++;
    }
}

/* FileCreateCost.resetCounters */
static void reset_counters(void *self) {
    struct file_creation *c = self;
    memset(&c->counters, 0, sizeof c->counters);
}

/* FileCreation.deleteCreated (FileCreateCost.deleteCreated, after each iteration) */
static void delete_created(void *self) {
    struct file_creation *c = self;
    for (; c->deleted_up_to < c->created; c->deleted_up_to++) chk_unlink_if_exists(created_path(c, c->deleted_up_to));
}

/* FileCreation.close */
static void close_creation(void *self) {
    struct file_creation *c = self;
    delete_created(c);
    if (c->dir_fd >= 0) {
        int fd = c->dir_fd;
        c->dir_fd = -1;
        chk_close(fd, c->dir);
    }
    cleanup_clear();
    free(c->block);
    free(c);
}

struct workload file_create_open(const char *dir, int block, bool sync_directory) {
    struct file_creation *c = calloc(1, sizeof *c);
    if (c == NULL) fail_call("calloc", ENOMEM, "(memory)");
    snprintf(c->dir, sizeof c->dir, "%s", dir);
    c->block_bytes = block;
    c->dir_fd = -1;
    c->block = aligned_patterned((size_t) block, ALIGNMENT);
    owned_family_prefix("create", c->prefix, sizeof c->prefix); /* FileCreation's names: a killed side's files are removable */
    cleanup_set(discard, c);
    if (sync_directory) c->dir_fd = chk_open(dir, O_RDONLY | O_DIRECTORY, 0);
    return (struct workload) {.op = create_one, .iteration_setup = reset_counters, .iteration_teardown = delete_created,
                              .close = close_creation, .counters = &c->counters, .self = c};
}

/* The no-op syscall row: what one libc call into the kernel costs, to compare with the Java side's. */
static volatile pid_t sink;

static void call_getppid(void *self) {
    (void) self;
    sink = getppid();
}

static void close_nothing(void *self) {
    (void) self;
}

struct workload getppid_open(void) {
    return (struct workload) {.op = call_getppid, .close = close_nothing};
}
