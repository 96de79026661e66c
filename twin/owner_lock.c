#define _GNU_SOURCE
#include "owner_lock.h"
#include "checked.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* OwnerLock.OWNER_ATTEMPTS: how long (in 10 ms steps) an owner waits for a cleaner that holds its brand-new lock. */
#define OWNER_ATTEMPTS 300

static int owner_fd = -1;
static char owner_dir[PATH_MAX];
static char owner_path[PATH_MAX];

static void warn(const char *call, int err) {
    const char *name = strerrorname_np(err);
    fprintf(stderr, "durabench-twin: cannot claim %s for stale-file cleanup (%s failed: %s (%s) on %s): files a killed run leaves there"
            " will not be removed automatically\n", owner_dir, call, name ? name : "?", strerror(err), owner_path);
}

/* True when a file named as this process's (durabench-<kind>-<token>..., not its lock) is still in the directory. */
static bool own_files_left(void) {
    DIR *d = opendir(owner_dir);
    if (d == NULL) return true; /* cannot tell: keep the lock's file, the next run decides */
    char mark[32];
    snprintf(mark, sizeof mark, "-%s", owned_token());
    bool left = false;
    for (struct dirent *e; !left && (e = readdir(d)) != NULL;) {
        left = strncmp(e->d_name, "durabench-", 10) == 0 && strncmp(e->d_name, "durabench-owner-", 16) != 0 && strstr(e->d_name, mark) != NULL;
    }
    closedir(d);
    return left;
}

/* At exit: the lock's name goes while it is still held (OwnerLock.release), unless a file of ours stayed. */
static void release(void) {
    if (owner_fd < 0) return;
    if (!own_files_left() && unlink(owner_path) != 0 && errno != ENOENT) warn("unlink", errno);
    close(owner_fd);
    owner_fd = -1;
}

static bool still_named(int fd) {
    struct stat mine, named;
    return fstat(fd, &mine) == 0 && lstat(owner_path, &named) == 0 && mine.st_dev == named.st_dev && mine.st_ino == named.st_ino;
}

void owner_lock_claim(const char *dir) {
    snprintf(owner_dir, sizeof owner_dir, "%s", dir);
    snprintf(owner_path, sizeof owner_path, "%s/durabench-owner-%s.lock", dir, owned_token());
    for (int round = 0; round < 3; round++) {
        int fd = open(owner_path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            warn("open(O_RDWR|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC)", errno);
            return;
        }
        int attempt = 0;
        while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int err = errno;
            if (err != EWOULDBLOCK || ++attempt >= OWNER_ATTEMPTS) {
                warn("flock(LOCK_EX|LOCK_NB)", err);
                close(fd);
                return;
            }
            nanosleep(&(struct timespec) {.tv_nsec = 10 * 1000 * 1000}, NULL);
        }
        if (still_named(fd)) {
            owner_fd = fd;
            if (atexit(release) != 0) warn("atexit", ENOMEM);
            return;
        }
        close(fd); /* a cleaner removed it before we locked it: make it again */
    }
    fprintf(stderr, "durabench-twin: cannot claim %s for stale-file cleanup: %s was removed three times while being created\n", owner_dir,
            owner_path);
}
