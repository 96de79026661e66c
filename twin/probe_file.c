#define _GNU_SOURCE
#include "probe_file.h"
#include "checked.h"

#include <unistd.h>

static struct probe_file probe;

static void discard_probe(void *unused) {
    (void) unused;
    if (probe.fd >= 0) close(probe.fd);
    if (probe.path[0] != '\0') unlink(probe.path);
}

struct probe_file *probe_file_create(const char *dir, const char *kind, const char *suffix) {
    probe.fd = -1;
    probe.path[0] = '\0';
    cleanup_set(discard_probe, NULL);
    create_owned_file(dir, kind, suffix, probe.path, sizeof probe.path);
    return &probe;
}

void probe_file_close_fd(struct probe_file *p) {
    if (p->fd < 0) return;
    int fd = p->fd;
    p->fd = -1; /* marked closed first: a failing close's cleanup does not close it again */
    chk_close(fd, p->path);
}

void probe_file_delete(struct probe_file *p) {
    probe_file_close_fd(p);
    chk_unlink_if_exists(p->path);
    cleanup_clear();
}
