/*
 * The sync methods a machine can refuse by design, tried before any trial as durabench's
 * FeasibilityProbe tries them: the io_uring methods (io_uring refused or without its ops) and
 * PWRITEV2_DSYNC (a kernel without per-write RWF_DSYNC), the latter on a small file of its own.
 */
#define _GNU_SOURCE
#include "checked.h"
#include "probe_file.h"
#include "uring.h"
#include "workloads.h"

#include <fcntl.h>
#include <stdlib.h>

/* One pwritev2(RWF_DSYNC) of a block on a fresh owned file in dir, then the file closed and deleted. */
static bool pwritev2_refused_in(const char *dir, char *reason, size_t size) {
    unsigned char *buffer = aligned_patterned(ALIGNMENT, ALIGNMENT);
    struct probe_file *probe = probe_file_create(dir, "pwritev2_dsync", ".log");
    probe->fd = chk_open(probe->path, O_RDWR, 0);
    bool na = pwritev2_dsync_refused(probe->fd, buffer, ALIGNMENT, probe->path, reason, size);
    probe_file_delete(probe);
    free(buffer);
    return na;
}

bool sync_method_refused(const char *dir, enum sync_method m, char *reason, size_t size) {
    if (method_uses_uring(m)) return uring_refused(reason, size);
    if (m == SM_PWRITEV2_DSYNC) return pwritev2_refused_in(dir, reason, size);
    return false;
}
