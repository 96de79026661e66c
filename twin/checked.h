/*
 * Checked system calls: every call's return code is looked at, and a failure ends the run with one
 * line naming the call, the errno and the path (the Java side's NativeCallException), after the
 * current trial's files are deleted. A failed run writes no result: never a number after a failed sync.
 */
#ifndef TWIN_CHECKED_H
#define TWIN_CHECKED_H

#include <setjmp.h>
#include <stddef.h>
#include <sys/types.h>

#define TWIN_EXIT_FAILED 1
#define TWIN_EXIT_USAGE 2

/* Bad input: "durabench-twin: <message>" and exit 2, before anything is written. */
_Noreturn void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A call failed with errno err: "<call> failed: <ENAME> (<text>) on <path>"; cleanup; exit 1. */
_Noreturn void fail_call(const char *call, int err, const char *path);
/* A call did something wrong without an errno (a short write): "<call> failed: <problem> on <path>". */
_Noreturn void fail_problem(const char *call, const char *problem, const char *path);
/* A failure that is no call's (a workload refusing its settings): "<message>", cleanup, exit 1. */
_Noreturn void fail_because(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Ctrl-C or SIGTERM: cleanup, "interrupted", exit 128+signal, no result. */
_Noreturn void fail_interrupted(int signal_number);
/* Runs the pending cleanup (the open workload's discard), then exits with code: a lock-step side whose partner went away. */
_Noreturn void cleanup_and_exit(int code);

/*
 * A lock-step side goes on after a failed unit (the cell fails, the next one runs): while target is
 * set, a failure above cleans up as always (the workload closes its fds, deletes its files and frees
 * itself, as the Java workloads fail closed), keeps its one line (failure_text) and longjmps to target
 * with 1, once: the target is cleared before the jump. NULL: failures exit, as in a measuring run.
 */
void fail_recover_at(jmp_buf *target);
/* The last recovered failure's line: "pwrite failed: ENOSPC (No space left on device) on PATH". */
const char *failure_text(void);

/* What to undo if the run dies now (the running trial's fds and files); one at a time. */
typedef void (*cleanup_fn)(void *arg);
void cleanup_set(cleanup_fn fn, void *arg);
void cleanup_clear(void);

/* open(2) with O_CLOEXEC added, as NativeFile.open does. */
int chk_open(const char *path, int flags, mode_t mode);
/* pwrite(2); a short write is an error, as in NativeFile.pwrite. */
void chk_pwrite(int fd, const void *buf, size_t len, off_t offset, const char *path);
void chk_fsync(int fd, const char *path);
void chk_fdatasync(int fd, const char *path);
void chk_ftruncate(int fd, off_t length, const char *path);
/* fallocate(2) with mode 0 (allocates and extends the size) or FALLOC_FL_KEEP_SIZE (allocates, size unchanged). */
void chk_fallocate(int fd, int mode, off_t offset, off_t length, const char *path);
void chk_sync_file_range(int fd, off_t offset, off_t nbytes, unsigned int flags, const char *path);
void chk_close(int fd, const char *path);
/* unlink(2), where a file that is already gone is fine (Files.deleteIfExists). */
void chk_unlink_if_exists(const char *path);
/*
 * OwnedDirectory.newFile: a new empty file DIR/durabench-<kind>-<token><n><suffix> (OwnedNames: an
 * 18-digit random token per process, then a sequence number), made with Files.createFile's call,
 * open(O_WRONLY|O_CREAT|O_EXCL, 0666) with no O_CLOEXEC, and closed; a name taken takes the next
 * number. Writes the path into path[size] only once the file exists.
 */
void create_owned_file(const char *dir, const char *kind, const char *suffix, char *path, size_t size);
/* OwnedDirectory.newFamily: "durabench-<base>_<n>-<token>", to which a workload that makes many files appends each one's number. */
void owned_family_prefix(const char *base, char *prefix, size_t size);
/* This process's token (OwnedFiles.token): in every owned name and in its owner lock's. */
const char *owned_token(void);

/* Zeroed memory whose address is aligned (O_DIRECT needs it); capacity rounded up to the alignment. */
void *aligned_zeroed(size_t capacity, size_t alignment);
/* The same, filled with 'a' + i % 26 (AlignedBuffers.patterned: zeros could be special-cased). */
void *aligned_patterned(size_t capacity, size_t alignment);

/* "O_RDWR|O_CREAT|O_DIRECT", as OpenFlags.describe spells them. */
const char *describe_open_flags(int flags, char *buf, size_t size);

#endif
