#define _GNU_SOURCE
#include "checked.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

static cleanup_fn pending_cleanup;
static void *pending_arg;

void cleanup_set(cleanup_fn fn, void *arg) {
    pending_cleanup = fn;
    pending_arg = arg;
}

void cleanup_clear(void) {
    pending_cleanup = NULL;
    pending_arg = NULL;
}

/* Runs the pending cleanup once; a failure inside it cannot recurse back here. */
static void run_cleanup(void) {
    cleanup_fn fn = pending_cleanup;
    void *arg = pending_arg;
    cleanup_clear();
    if (fn) fn(arg);
}

void usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("durabench-twin: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(TWIN_EXIT_USAGE);
}

static jmp_buf *recover_target;
static char last_failure[4400];

void fail_recover_at(jmp_buf *target) {
    recover_target = target;
}

const char *failure_text(void) {
    return last_failure;
}

/* The one ending of every failure: recovered (a lock-step side's unit) or exit 1 with the line. */
static _Noreturn void fail_with_text(void) {
    run_cleanup();
    jmp_buf *target = recover_target;
    if (target != NULL) {
        recover_target = NULL;
        longjmp(*target, 1);
    }
    fprintf(stderr, "durabench-twin: %s; no result written\n", last_failure);
    exit(TWIN_EXIT_FAILED);
}

void fail_call(const char *call, int err, const char *path) {
    const char *name = strerrorname_np(err);
    char unknown[32];
    if (name == NULL) {
        snprintf(unknown, sizeof unknown, "errno %d", err);
        name = unknown;
    }
    snprintf(last_failure, sizeof last_failure, "%s failed: %s (%s) on %s", call, name, strerror(err), path);
    fail_with_text();
}

void fail_problem(const char *call, const char *problem, const char *path) {
    snprintf(last_failure, sizeof last_failure, "%s failed: %s on %s", call, problem, path);
    fail_with_text();
}

void fail_because(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_failure, sizeof last_failure, fmt, ap);
    va_end(ap);
    fail_with_text();
}

void fail_interrupted(int signal_number) {
    fprintf(stderr, "durabench-twin: interrupted by %s; files deleted, no result written\n", sigabbrev_np(signal_number));
    run_cleanup();
    exit(128 + signal_number);
}

void cleanup_and_exit(int code) {
    run_cleanup();
    exit(code);
}

const char *describe_open_flags(int flags, char *buf, size_t size) {
    int acc = flags & O_ACCMODE;
    snprintf(buf, size, "%s%s%s%s%s%s", acc == O_RDWR ? "O_RDWR" : acc == O_WRONLY ? "O_WRONLY" : "O_RDONLY",
             (flags & O_CREAT) ? "|O_CREAT" : "", (flags & O_TRUNC) ? "|O_TRUNC" : "",
             (flags & O_SYNC) == O_SYNC ? "|O_SYNC" : (flags & O_DSYNC) ? "|O_DSYNC" : "",
             (flags & O_DIRECT) ? "|O_DIRECT" : "", (flags & O_DIRECTORY) ? "|O_DIRECTORY" : "");
    return buf;
}

int chk_open(const char *path, int flags, mode_t mode) {
    int fd = open(path, flags | O_CLOEXEC, mode);
    if (fd < 0) {
        int err = errno;
        char call[128], described[96];
        snprintf(call, sizeof call, "open(%s)", describe_open_flags(flags, described, sizeof described));
        fail_call(call, err, path);
    }
    return fd;
}

void chk_pwrite(int fd, const void *buf, size_t len, off_t offset, const char *path) {
    ssize_t n = pwrite(fd, buf, len, offset);
    if (n < 0) fail_call("pwrite", errno, path);
    if ((size_t) n != len) {
        char problem[128];
        snprintf(problem, sizeof problem, "short write of %zd of %zu bytes at offset %lld", n, len, (long long) offset);
        fail_problem("pwrite", problem, path);
    }
}

void chk_fsync(int fd, const char *path) {
    if (fsync(fd) != 0) fail_call("fsync", errno, path);
}

void chk_fdatasync(int fd, const char *path) {
    if (fdatasync(fd) != 0) fail_call("fdatasync", errno, path);
}

void chk_ftruncate(int fd, off_t length, const char *path) {
    if (ftruncate(fd, length) != 0) fail_call("ftruncate", errno, path);
}

void chk_fallocate(int fd, int mode, off_t offset, off_t length, const char *path) {
    if (fallocate(fd, mode, offset, length) != 0) fail_call("fallocate", errno, path);
}

void chk_sync_file_range(int fd, off_t offset, off_t nbytes, unsigned int flags, const char *path) {
    if (sync_file_range(fd, offset, nbytes, flags) != 0) fail_call("sync_file_range", errno, path);
}

void chk_close(int fd, const char *path) {
    /* close(2) can report a deferred write error (NFS, some FUSE): it must not vanish. */
    if (close(fd) != 0) fail_call("close", errno, path);
}

void chk_unlink_if_exists(const char *path) {
    if (unlink(path) != 0 && errno != ENOENT) fail_call("unlink", errno, path);
}

/* OwnedFiles.SEQUENCE: one numbering for every owned name of this process. */
static unsigned long long sequence;

/* OwnedNames.TOKEN_DIGITS random digits, drawn once (OwnedFiles.TOKEN). */
const char *owned_token(void) {
    static char token[19];
    if (token[0] != '\0') return token;
    unsigned char bytes[18];
    for (size_t got = 0; got < sizeof bytes;) {
        ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno != EINTR) fail_call("getrandom", errno, "(owned file token)");
        if (n > 0) got += (size_t) n;
    }
    for (size_t i = 0; i < sizeof bytes; i++) token[i] = (char) ('0' + bytes[i] % 10);
    token[18] = '\0';
    return token;
}

void create_owned_file(const char *dir, const char *kind, const char *suffix, char *path, size_t size) {
    char candidate[PATH_MAX];
    for (;;) {
        int n = snprintf(candidate, sizeof candidate, "%s/durabench-%s-%s%llu%s", dir, kind, owned_token(), sequence++, suffix);
        if (n < 0 || (size_t) n >= sizeof candidate || (size_t) n >= size) fail_problem("create", "path too long", dir);
        int fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno == EEXIST) continue;
        if (fd < 0) fail_call("create", errno, candidate);
        memcpy(path, candidate, (size_t) n + 1);
        chk_close(fd, path);
        return;
    }
}

void owned_family_prefix(const char *base, char *prefix, size_t size) {
    int n = snprintf(prefix, size, "durabench-%s_%llu-%s", base, sequence++, owned_token());
    if (n < 0 || (size_t) n >= size) fail_problem("create", "name too long", base);
}

void *aligned_zeroed(size_t capacity, size_t alignment) {
    size_t rounded = (capacity + alignment - 1) & ~(alignment - 1);
    void *p = NULL;
    int rc = posix_memalign(&p, alignment, rounded == 0 ? alignment : rounded);
    if (rc != 0) fail_call("posix_memalign", rc, "(memory)");
    memset(p, 0, rounded);
    return p;
}

void *aligned_patterned(size_t capacity, size_t alignment) {
    unsigned char *p = aligned_zeroed(capacity, alignment);
    for (size_t i = 0; i < capacity; i++) p[i] = (unsigned char) ('a' + i % 26);
    return p;
}
