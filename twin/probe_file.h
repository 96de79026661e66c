/*
 * The small file a feasibility probe tries a call on (FeasibilityProbe's way: just before the trial,
 * on a file of its own): made in the target directory as OwnedDirectory.newFile makes files, and
 * deleted afterwards whatever happens, a failure's cleanup included. One at a time.
 */
#ifndef TWIN_PROBE_FILE_H
#define TWIN_PROBE_FILE_H

#include <limits.h>

struct probe_file {
    int fd; /* -1 while none is open */
    char path[PATH_MAX];
};

/* A new empty owned file DIR/durabench-<kind>-<token><n><suffix>, no fd open, deleted by a failure's cleanup. */
struct probe_file *probe_file_create(const char *dir, const char *kind, const char *suffix);
/* Closes its fd (checked), if one is open. */
void probe_file_close_fd(struct probe_file *p);
/* Closes its fd and deletes it (checked); the cleanup is cleared. */
void probe_file_delete(struct probe_file *p);

#endif
